import { STORE } from "#contract/store";
import { telHref } from "#contract/phone-links";
import { useSeller } from "./seller";
import { storeAddressLine } from "./store-details";
import { href, Link } from "react-router";

/** E-mail, phone and address as links, for the "contact us" part of the information and policy pages. */
export function StoreContactDetails() {
  const seller = useSeller();
  const email = seller?.careEmail ?? STORE.email;
  const phone = seller?.carePhone ?? STORE.phone;
  return (
    <address className="not-italic">
      <ul className="space-y-1">
        <li>
          E-mail:{" "}
          <a href={`mailto:${email}`} className="font-medium text-brand-700 underline hover:text-brand-800">
            {email}
          </a>
        </li>
        <li>
          Phone / WhatsApp:{" "}
          <a href={telHref(phone)} className="font-medium text-brand-700 underline hover:text-brand-800">
            {phone}
          </a>
        </li>
        <li>Store: {storeAddressLine()}</li>
        <li>
          Complaints: our grievance officer, on the <Link to={href("/grievances")}>Grievances</Link> page
        </li>
      </ul>
    </address>
  );
}
