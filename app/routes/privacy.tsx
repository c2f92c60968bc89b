import { STORE } from "#contract/store";
import { MARKETING_CONSENT_TEXT, PRIVACY_NOTICE_DATE, WHATSAPP_CONSENT_TEXT } from "#contract/privacy-rules";
import { PolicyPage, type PolicySection } from "~/content/policy-page";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/privacy";
import { sharedPageHeaders } from "~/lib/page-headers";
import { href, Link } from "react-router";

export const headers = sharedPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Privacy Notice",
    description: `What personal data ${STORE.name} keeps, why, for how long, who receives it, and your rights.`,
    url: absoluteUrl(matches, href("/privacy")),
  });

/** The data the store keeps, itemised: what, why, how long, who else receives it. */
const ITEMS: { what: string; why: string; howLong: string; who: string }[] = [
  {
    what: "Name, e-mail address, mobile number, password (hashed)",
    why: "Your account: signing in, one-time codes, order mails",
    howLong: "Until you delete your account",
    who: "The mail provider (your e-mail address and the mail)",
  },
  {
    what: "Delivery addresses (name, phone, address, pincode)",
    why: "Delivering your orders",
    howLong: "Until you delete them or your account",
    who: "The courier (Delhivery), for each parcel",
  },
  {
    what: "Orders: items, sizes, tailoring measurements, amounts, payment status",
    why: "Selling, stitching, delivering, refunds, tax",
    howLong: "Until you delete your account; then kept without your personal data",
    who: "PhonePe (the amount and the order reference, to take the payment)",
  },
  {
    what: "The mobile number you verify on WhatsApp, and the messages we send you there",
    why: "Order updates and sign-in codes on WhatsApp, only if you ask for them",
    howLong: "Until you withdraw the consent or delete your account; the messages' record as your orders'",
    who: "Meta (WhatsApp), which carries the messages",
  },
  {
    what: "GST tax invoices and credit notes (with your name and delivery state)",
    why: "Required by GST law",
    howLong: "Eight years after the financial year, as GST law requires, even after your account is deleted",
    who: "The tax authorities, when they ask",
  },
  {
    what: "Reviews and complaints you write, with photos",
    why: "Showing reviews; answering complaints as the law requires",
    howLong: "Until you delete your account; then kept without your name and e-mail",
    who: "Nobody outside the store (reviews are shown publicly with your first name)",
  },
  {
    what: "Your consents and erasure requests (what, when, which notice)",
    why: "Proving what you agreed to and what we erased",
    howLong: "At least one year, as the DPDP Rules ask; they hold no personal data beyond an account number",
    who: "Nobody outside the store",
  },
  {
    what: "Technical logs (IP address, browser)",
    why: "Protecting the store against abuse",
    howLong: "One year, as the DPDP Rules ask",
    who: "Nobody outside the store",
  },
];

const SECTIONS: PolicySection[] = [
  {
    id: "what-we-keep",
    title: "What we keep, why, and for how long",
    content: (
      // Scrolls sideways on a phone: focusable, so that a keyboard can scroll it too.
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="The personal data we keep">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">The personal data we keep</caption>
          <thead>
            <tr className="border-b border-brand-200">
              <th scope="col" className="py-2 pr-3">
                Data
              </th>
              <th scope="col" className="py-2 pr-3">
                Why
              </th>
              <th scope="col" className="py-2 pr-3">
                How long
              </th>
              <th scope="col" className="py-2">
                Who else receives it
              </th>
            </tr>
          </thead>
          <tbody>
            {ITEMS.map((item) => (
              <tr key={item.what} className="border-b border-brand-100 align-top">
                <th scope="row" className="py-2 pr-3 font-medium">
                  {item.what}
                </th>
                <td className="py-2 pr-3">{item.why}</td>
                <td className="py-2 pr-3">{item.howLong}</td>
                <td className="py-2">{item.who}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    ),
  },
  {
    id: "who-receives-it",
    title: "Who receives your data",
    content: (
      <ul>
        <li>
          <strong>PhonePe</strong>, our payment provider: the amount and reference of each payment. Card, UPI
          and bank details are typed on PhonePe's pages and never reach us.
        </li>
        <li>
          <strong>The courier</strong> (Delhivery): your name, phone and delivery address, for each parcel.
        </li>
        <li>
          <strong>The mail provider</strong> that sends our e-mails: your e-mail address and the mail.
        </li>
        <li>
          <strong>Meta</strong> (WhatsApp), only if you turn on WhatsApp updates or verify your number there:
          your mobile number and the messages we send you (order updates, codes).
        </li>
      </ul>
    ),
  },
  {
    id: "consent",
    title: "Marketing e-mails and WhatsApp updates: your consent",
    content: (
      <>
        <p>
          We send marketing e-mails only if you tick the box at registration, which is never ticked for you:
          &ldquo;{MARKETING_CONSENT_TEXT}&rdquo;
        </p>
        <p>
          Withdraw it in one click on your <Link to={href("/profile")}>account page</Link>. Every consent
          given or withdrawn is logged with the version of this notice.
        </p>
        <p>
          Order updates on WhatsApp are optional too, asked at checkout and on your account page: &ldquo;
          {WHATSAPP_CONSENT_TEXT}&rdquo;
        </p>
      </>
    ),
  },
  {
    id: "your-rights",
    title: "Your rights",
    content: (
      <ul>
        <li>
          <strong>See and take your data</strong>: &ldquo;Download my data&rdquo; on your{" "}
          <Link to={href("/profile")}>account page</Link> gives a file of your profile, addresses, orders
          (with their returns), reviews, complaints and consents.
        </li>
        <li>
          <strong>Correct it</strong>: edit your addresses at checkout, or write to us.
        </li>
        <li>
          <strong>Erase it</strong>: &ldquo;Delete my account&rdquo; on your account page, confirmed with a
          code we e-mail you. Your sessions end and your personal data is erased; your orders stay for our
          records without it, except the GST invoices and credit notes, which keep your name as the law
          requires. An account with an order still open (awaiting payment, on its way, or owed a refund) can
          be deleted once that order is closed.
        </li>
        <li>
          <strong>Complain</strong>: to our grievance officer on the{" "}
          <Link to={href("/grievances")}>Grievances</Link> page, and if you are not satisfied, to the Data
          Protection Board of India.
        </li>
      </ul>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    content: (
      <p>
        Write to <a href={`mailto:${STORE.email}`}>{STORE.email}</a> about anything in this notice.
      </p>
    ),
  },
];

export default function PrivacyNotice() {
  return (
    <PolicyPage
      path={href("/privacy")}
      title="Privacy Notice"
      lastUpdated={PRIVACY_NOTICE_DATE}
      summary={
        <p>
          What personal data {STORE.name} keeps about you, why, for how long, who receives it, and how to see,
          take away or erase it, under India's Digital Personal Data Protection Act, 2023.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
