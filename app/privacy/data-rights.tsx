import type { ReactNode } from "react";
import { Form, useActionData, useNavigation, href, Link } from "react-router";
import type { MyConsents } from "#contract/privacy";
import { MARKETING_CONSENT_TEXT } from "#contract/privacy-rules";
import { BUTTON_PRIMARY, BUTTON_SECONDARY, TEXT_LINK } from "~/components/styles";
import type { PrivacyAnswer } from "./privacy-action";

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString("en-IN", { day: "numeric", month: "long", year: "numeric" });

function Notice({ answer }: { answer: PrivacyAnswer | undefined }) {
  if (!answer) return null;
  return (
    <p
      role={answer.ok ? "status" : "alert"}
      className={`mt-3 rounded-lg p-3 text-sm ${answer.ok ? "bg-green-50 text-green-900" : "bg-red-50 text-red-800"}`}
    >
      {answer.message}
    </p>
  );
}

/** The Profile tab's "Your data" (decision 045): download it, the marketing consent, deleting the account. */
export function DataRights({
  consents,
  shopper,
  whatsapp,
}: {
  consents: MyConsents;
  shopper: boolean;
  /** The WhatsApp consent and number (WhatsAppSettings), beside the marketing one. */
  whatsapp: ReactNode;
}) {
  const answer = useActionData<PrivacyAnswer>();
  const busy = useNavigation().state !== "idle";
  const lastMarketing = consents.log.filter((entry) => entry.purpose === "marketing").at(-1);
  const codeSent =
    (answer?.intent === "delete-request" && answer.ok) || (answer?.intent === "delete-confirm" && !answer.ok);
  return (
    <section aria-labelledby="data-rights-title" className="mt-8">
      <h2 id="data-rights-title" className="mb-2 text-2xl font-bold">
        Your data
      </h2>
      <p className="mb-4 text-muted">
        What we keep and why is in our{" "}
        <Link to={href("/privacy")} className={TEXT_LINK}>
          Privacy Notice
        </Link>
        .
      </p>
      <div className="grid gap-4">
        <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-brand-100 sm:p-6">
          <h3 className="text-lg font-bold">Download my data</h3>
          <p className="mt-2 text-sm text-muted">
            A JSON file of your profile, addresses, orders, reviews, complaints, consents and WhatsApp
            messages.
          </p>
          <a href="/api/users/my-data" download="my-data.json" className={`${BUTTON_SECONDARY} mt-3`}>
            Download my data
          </a>
        </div>

        <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-brand-100 sm:p-6">
          <h3 className="text-lg font-bold">Marketing e-mails</h3>
          <p className="mt-2 text-sm text-muted">{MARKETING_CONSENT_TEXT}</p>
          <p className="mt-2 text-sm" data-testid="marketing-consent">
            {consents.marketing
              ? `You agreed on ${formatDate(lastMarketing!.at)}.`
              : lastMarketing
                ? `You withdrew your consent on ${formatDate(lastMarketing.at)}.`
                : "You have not agreed to marketing e-mails."}
          </p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="marketing" />
            <input type="hidden" name="given" value={consents.marketing ? "false" : "true"} />
            <button type="submit" className={BUTTON_SECONDARY} disabled={busy}>
              {consents.marketing ? "Stop marketing e-mails" : "Send me marketing e-mails"}
            </button>
          </Form>
          {answer?.intent === "marketing" && <Notice answer={answer} />}
        </div>

        {whatsapp}

        {shopper && (
          <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-red-200 sm:p-6">
            <h3 className="text-lg font-bold">Delete my account</h3>
            <p className="mt-2 text-sm text-muted">
              Your sessions end and your personal data is erased: name, e-mail, phone, addresses, your name on
              reviews and complaints. Your orders stay in our records without it; GST invoices keep your name,
              as the law requires. We e-mail you a code to confirm.
            </p>
            {codeSent ? (
              <Form method="post" className="mt-3 grid gap-3 sm:max-w-xs">
                <input type="hidden" name="intent" value="delete-confirm" />
                <label htmlFor="delete-otp" className="text-sm font-medium">
                  Code from the e-mail
                </label>
                <input
                  id="delete-otp"
                  name="otp"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  required
                  className="rounded-lg border border-brand-200 px-3 py-2"
                />
                <button type="submit" className={BUTTON_PRIMARY} disabled={busy}>
                  Delete my account for good
                </button>
              </Form>
            ) : (
              <Form method="post" className="mt-3">
                <input type="hidden" name="intent" value="delete-request" />
                <button type="submit" className={BUTTON_SECONDARY} disabled={busy}>
                  Delete my account
                </button>
              </Form>
            )}
            {answer?.intent.startsWith("delete") && <Notice answer={answer} />}
          </div>
        )}
      </div>
    </section>
  );
}
