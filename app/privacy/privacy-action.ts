import { data, redirect, href } from "react-router";
import type { ApiCaller } from "#contract/call";
import { deleteAccountCall, requestAccountDeletionCall, setMarketingConsentCall } from "#contract/privacy";
import { requestPhoneVerificationCall, setWhatsAppConsentCall, verifyPhoneCall } from "#contract/whatsapp";
import { callWithForm } from "~/lib/form-reading";
import { formText, postedForm } from "~/lib/form-values";

/** What the account page's data-rights forms answer (DataRights shows it). */
export type PrivacyAnswer = {
  intent:
    | "marketing"
    | "delete-request"
    | "delete-confirm"
    | "whatsapp"
    | "whatsapp-verify-request"
    | "whatsapp-verify";
  ok: boolean;
  message: string;
};

/**
 * The account page's action: the marketing and WhatsApp consents' one click, verifying the number on WhatsApp, asking for the deletion code, and deleting
 * with it (then to /account-deleted, the session cookie cleared). Plain form posts: they work without JavaScript.
 */
export async function privacyAction(request: Request, api: ApiCaller) {
  const form = await postedForm(request);
  const intent = formText(form, "intent");
  form.delete("intent");
  // A consent's button says yes or no in its value; the other forms are their call's body.
  const answer = (result: { ok: boolean; message: string; status?: number }, of: PrivacyAnswer["intent"]) =>
    data<PrivacyAnswer>(
      { intent: of, ok: result.ok, message: result.message },
      { status: result.ok ? 200 : result.status || 502 },
    );
  if (intent === "marketing")
    return answer(
      await api(setMarketingConsentCall, { given: formText(form, "given") === "true" }),
      "marketing",
    );
  if (intent === "whatsapp")
    return answer(
      await api(setWhatsAppConsentCall, { given: formText(form, "given") === "true" }),
      "whatsapp",
    );
  if (intent === "whatsapp-verify-request")
    return answer(await api(requestPhoneVerificationCall), "whatsapp-verify-request");
  if (intent === "whatsapp-verify")
    return answer(await callWithForm(api, form, verifyPhoneCall), "whatsapp-verify");
  if (intent === "delete-request") return answer(await api(requestAccountDeletionCall), "delete-request");
  if (intent === "delete-confirm") {
    const headers = new Headers();
    const result = await callWithForm(api, form, deleteAccountCall, { answerHeaders: headers });
    if (result.ok) throw redirect(href("/account-deleted"), { headers });
    return answer(result, "delete-confirm");
  }
  return data<PrivacyAnswer>({ intent: "marketing", ok: false, message: "Unknown action" }, { status: 400 });
}
