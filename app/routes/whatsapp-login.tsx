import { useEffect } from "react";
import { data, Form, useActionData, useNavigate, useNavigation, href } from "react-router";
import { requestWhatsAppLoginCodeCall, whatsAppLoginCall } from "#contract/whatsapp";
import { SignInFooterLink, SignInPanel } from "~/accounts/sign-in-panel";
import { redirectSignedIn } from "~/accounts/guards";
import { finishOwnSubmissions } from "~/accounts/revalidation";
import { homeFor } from "~/accounts/home-for";
import { formatMobile } from "~/accounts/format";
import { FormField, FormNotice } from "~/components/form-field";
import { BUTTON_PRIMARY, TEXT_LINK } from "~/components/styles";
import { toast } from "~/components/toast";
import { errorOf, inputOf, useContractForm, refusalOf } from "~/lib/forms";
import { readForm, typedText } from "~/lib/form-reading";
import { postedForm } from "~/lib/form-values";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/whatsapp-login";

/** A signed-in shopper is sent on instead of seeing the form. */
export const loader = ({ request, context }: Route.LoaderArgs) => redirectSignedIn(request, context);

export const shouldRevalidate = finishOwnSubmissions;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Login with WhatsApp",
    description: "Log in with a code sent to your mobile on WhatsApp.",
    url: absoluteUrl(matches, href("/login/whatsapp")),
    noindex: true,
  });

const codeSchema = whatsAppLoginCall.body;
const phoneSchema = requestWhatsAppLoginCodeCall.body;

/**
 * Two steps on one page (decision 053): the mobile number, to which a code goes on WhatsApp if an account
 * verified it (the answer is the same either way), then the code, which starts a session as login does.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const intent = (await postedForm(request.clone())).get("intent");
  if (intent === "code") {
    const submission = await readForm(request, codeSchema, { secrets: ["otp"] });
    const phone = typedText(submission, "phone");
    if (submission.status !== "success")
      return data(
        { step: "code" as const, ok: false, message: "", phone, reply: submission.reply() },
        { status: 400 },
      );
    const headers = new Headers();
    const result = await context.api(whatsAppLoginCall, submission.value, { answerHeaders: headers });
    if (result.ok)
      return data(
        {
          step: "done" as const,
          ok: true,
          message: result.message,
          phone,
          home: homeFor(result.data.roleId),
          reply: submission.reply(),
        },
        { headers },
      );
    return data(
      {
        step: "code" as const,
        ok: false,
        message: result.message,
        phone,
        reply: refusalOf(submission, result),
      },
      { status: result.status >= 400 ? result.status : 502 },
    );
  }
  const submission = await readForm(request, phoneSchema);
  const phone = typedText(submission, "phone");
  if (submission.status !== "success")
    return data(
      { step: "phone" as const, ok: false, message: "", phone, reply: submission.reply() },
      { status: 400 },
    );
  const result = await context.api(requestWhatsAppLoginCodeCall, submission.value);
  if (result.ok)
    return {
      step: "code" as const,
      ok: true,
      message: result.message,
      phone: submission.value.phone,
      reply: undefined,
    };
  return data(
    {
      step: "phone" as const,
      ok: false,
      message: result.message,
      phone,
      reply: refusalOf(submission, result),
    },
    { status: result.status >= 400 ? result.status : 502 },
  );
}

export default function WhatsAppLogin() {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const busy = navigation.state !== "idle";
  const settled = navigation.state === "idle";

  useEffect(() => {
    if (answer?.step === "done" && settled) {
      toast("success", "Login Successful", answer.message);
      navigate(answer.home, { replace: true });
    }
  }, [answer, settled, navigate]);

  return (
    <SignInPanel title="Login with WhatsApp" intro="We send a 6-digit code to your mobile on WhatsApp.">
      {answer && answer.message && answer.step !== "done" && (
        <FormNotice tone={answer.ok ? "success" : "error"} className="mt-5">
          <p role={answer.ok ? "status" : "alert"}>{answer.message}</p>
        </FormNotice>
      )}
      {answer?.step === "code" ? (
        <CodeStep phone={answer.phone} reply={answer.reply} busy={busy} />
      ) : (
        <PhoneStep reply={answer?.step === "phone" ? answer.reply : undefined} busy={busy} />
      )}
      <p className="mt-4 text-center text-sm">
        <a href={href("/login")} className={TEXT_LINK}>
          Log in with your password instead
        </a>
      </p>
      <SignInFooterLink question="New here?" to={href("/register")} label="Create a New Account" />
    </SignInPanel>
  );
}

function PhoneStep({ reply, busy }: { reply: Parameters<typeof useContractForm>[1]; busy: boolean }) {
  const { fields, formProps } = useContractForm(
    () => import("#contract/whatsapp").then((m) => m.requestWhatsAppLoginCodeCall.body),
    reply,
    { id: "whatsapp-login" },
  );
  return (
    <Form method="post" {...formProps()} className="mt-6 space-y-5">
      <input type="hidden" name="intent" value="phone" />
      <FormField id={fields.phone.id} label="Mobile Number" error={errorOf(fields.phone)}>
        <input
          {...inputOf(fields.phone, "tel")}
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="98765 43210"
          maxLength={20}
          required
        />
      </FormField>
      <button type="submit" disabled={busy} className={`w-full ${BUTTON_PRIMARY}`}>
        {busy ? "Sending..." : "Send me a code on WhatsApp"}
      </button>
    </Form>
  );
}

function CodeStep({
  phone,
  reply,
  busy,
}: {
  phone: string;
  reply: Parameters<typeof useContractForm>[1];
  busy: boolean;
}) {
  const { fields, formProps } = useContractForm(
    () => import("#contract/whatsapp").then((m) => m.whatsAppLoginCall.body),
    reply,
    { id: "whatsapp-code" },
  );
  return (
    <Form method="post" {...formProps()} className="mt-6 space-y-5">
      <input type="hidden" name="intent" value="code" />
      <input type="hidden" name={fields.phone.name} value={phone} />
      <p className="text-sm">Enter the code WhatsApp brought to {formatMobile(phone)}.</p>
      <FormField id={fields.otp.id} label="Code" error={errorOf(fields.otp)}>
        <input
          {...inputOf(fields.otp, "text")}
          defaultValue=""
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
        />
      </FormField>
      <button type="submit" disabled={busy} className={`w-full ${BUTTON_PRIMARY}`}>
        {busy ? "Checking..." : "Log in"}
      </button>
    </Form>
  );
}
