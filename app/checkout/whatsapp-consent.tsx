import { href, Link } from "react-router";
import type { WhatsAppAccount } from "#contract/whatsapp";
import { WHATSAPP_CONSENT_TEXT } from "#contract/privacy-rules";
import { formatMobile } from "~/accounts/format";
import { TEXT_LINK } from "~/components/styles";

/**
 * Checkout's optional "Send my order updates on WhatsApp to +91 …" (decision 053): never ticked for her, to
 * the number of the address the parcel goes to. A shopper who gave the consent on her account page is told
 * so instead; a store without WhatsApp shows nothing.
 */
export function WhatsAppConsent({
  account,
  phone,
  checked,
  onChange,
}: {
  account: WhatsAppAccount | null;
  /** The delivery address's number; none until an address is chosen. */
  phone: string | null;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  if (!account?.available || !phone) return null;
  if (account.updates)
    return (
      <p className="mt-4 text-sm text-muted">
        This order's updates will also come on WhatsApp, as you chose on{" "}
        <Link to={href("/profile")} className={TEXT_LINK}>
          your account page
        </Link>
        .
      </p>
    );
  return (
    <div className="mt-4 flex items-start gap-3">
      <input
        id="whatsapp-updates"
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        aria-describedby="whatsapp-updates-text"
        className="mt-0.5 size-5 shrink-0 accent-brand-600"
      />
      <div>
        <label htmlFor="whatsapp-updates" className="font-medium">
          Send my order updates on WhatsApp to {formatMobile(phone)}
        </label>
        <p id="whatsapp-updates-text" className="mt-1 text-sm text-muted">
          {WHATSAPP_CONSENT_TEXT}
        </p>
      </div>
    </div>
  );
}
