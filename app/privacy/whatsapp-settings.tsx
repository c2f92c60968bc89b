import { Form, useActionData, useNavigation } from "react-router";
import type { WhatsAppAccount } from "#contract/whatsapp";
import { WHATSAPP_CONSENT_TEXT } from "#contract/privacy-rules";
import { formatMobile } from "~/accounts/format";
import { controlProps, FormField } from "~/components/form-field";
import { BUTTON_SECONDARY } from "~/components/styles";
import type { PrivacyAnswer } from "./privacy-action";

/**
 * The Profile tab's WhatsApp (decision 053): order updates there given or withdrawn in one click, and the
 * profile's mobile verified once by a code sent on WhatsApp, after which she may sign in with such a code.
 * Plain form posts: they work without JavaScript.
 */
export function WhatsAppSettings({ account }: { account: WhatsAppAccount }) {
  const answer = useActionData<PrivacyAnswer>();
  const busy = useNavigation().state !== "idle";
  if (!account.available) return null;
  const shownAnswer = answer?.intent.startsWith("whatsapp") ? answer : undefined;
  const verified = account.verifiedPhone !== null && account.verifiedPhone === account.phone;
  const codeSent =
    (shownAnswer?.intent === "whatsapp-verify-request" && shownAnswer.ok) ||
    (shownAnswer?.intent === "whatsapp-verify" && !shownAnswer.ok);
  return (
    <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-brand-100 sm:p-6">
      <h3 className="text-lg font-bold">WhatsApp</h3>
      <p className="mt-2 text-sm text-muted">{WHATSAPP_CONSENT_TEXT}</p>
      <p className="mt-2 text-sm" data-testid="whatsapp-consent">
        {account.updates
          ? `Your order updates also come on WhatsApp${account.phone ? ` to ${formatMobile(account.phone)}` : ""}.`
          : account.stopped
            ? "You replied STOP on WhatsApp: your order updates come by e-mail only."
            : "Your order updates come by e-mail only."}
      </p>
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="whatsapp" />
        <input type="hidden" name="given" value={account.updates ? "false" : "true"} />
        <button type="submit" className={BUTTON_SECONDARY} disabled={busy}>
          {account.updates ? "Stop WhatsApp updates" : "Send my order updates on WhatsApp"}
        </button>
      </Form>

      <h4 className="mt-5 font-semibold">Sign in with a code on WhatsApp</h4>
      {verified ? (
        <p className="mt-1 text-sm" data-testid="whatsapp-verified">
          {formatMobile(account.phone)} is verified: you can sign in with a code sent there on WhatsApp.
        </p>
      ) : account.phone ? (
        <>
          <p className="mt-1 text-sm text-muted">
            Verify {formatMobile(account.phone)} once with a code we send there on WhatsApp.
          </p>
          {codeSent ? (
            <Form method="post" className="mt-3 grid gap-3 sm:max-w-xs">
              <input type="hidden" name="intent" value="whatsapp-verify" />
              <FormField id="whatsapp-verify-code" label="Code from WhatsApp">
                <input
                  {...controlProps("whatsapp-verify-code", undefined)}
                  name="otp"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="\d{6}"
                  maxLength={6}
                  required
                />
              </FormField>
              <button type="submit" className={BUTTON_SECONDARY} disabled={busy}>
                Verify my number
              </button>
            </Form>
          ) : (
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="whatsapp-verify-request" />
              <button type="submit" className={BUTTON_SECONDARY} disabled={busy}>
                Send me a code on WhatsApp
              </button>
            </Form>
          )}
        </>
      ) : (
        <p className="mt-1 text-sm text-muted">Add your mobile number to your profile first.</p>
      )}
      {shownAnswer && (
        <p
          role={shownAnswer.ok ? "status" : "alert"}
          className={`mt-3 rounded-lg p-3 text-sm ${shownAnswer.ok ? "bg-green-50 text-green-900" : "bg-red-50 text-red-800"}`}
        >
          {shownAnswer.message}
        </p>
      )}
    </div>
  );
}
