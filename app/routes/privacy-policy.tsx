import { STORE } from "#contract/store";
import { PolicyPage, type PolicySection } from "~/content/policy-page";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/privacy-policy";
import { sharedPageHeaders } from "~/lib/page-headers";
import { href, Link } from "react-router";

export const headers = sharedPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Privacy Policy",
    description: `How ${STORE.name} collects, uses and protects your personal information when you shop with us.`,
    url: absoluteUrl(matches, href("/privacy-policy")),
  });

const SECTIONS: PolicySection[] = [
  {
    id: "information-we-collect",
    title: "Information we collect",
    content: (
      <>
        <p>We collect only what we need to run the store and deliver your orders:</p>
        <ul>
          <li>
            <strong>Account details</strong>: your full name, e-mail address, mobile number and password
            (stored only in a securely hashed form).
          </li>
          <li>
            <strong>Order details</strong>: the items you buy, your sizes and customisation requests, and your
            delivery and billing addresses.
          </li>
          <li>
            <strong>Payment status</strong>: whether a payment succeeded, its reference and the method used.
            Card, UPI and bank details are entered on PhonePe's pages and never reach us.
          </li>
          <li>
            <strong>Messages</strong>: what you send us through the contact form, by e-mail or on WhatsApp.
          </li>
          <li>
            <strong>Technical data</strong>: basic server logs (such as IP address and browser type) kept to
            protect the store against abuse.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "how-we-use-it",
    title: "How we use your information",
    content: (
      <ul>
        <li>To create and secure your account, including the one-time codes we e-mail you.</li>
        <li>To process, stitch, ship and deliver your orders, and to keep you updated on them.</li>
        <li>To answer your messages and help with sizes, customisation and delivery.</li>
        <li>To prevent fraud and misuse, and to meet our legal and tax obligations.</li>
      </ul>
    ),
  },
  {
    id: "sharing",
    title: "Who we share it with",
    content: (
      <>
        <p>We never sell or rent your personal information. We share it only with:</p>
        <ul>
          <li>
            <strong>PhonePe</strong>, our payment provider, to take your payment;
          </li>
          <li>
            <strong>Courier partners</strong>, who receive your name, address and phone number to deliver your
            parcel;
          </li>
          <li>
            <strong>Service providers</strong> who host the store and send our e-mails, under confidentiality;
          </li>
          <li>authorities, when the law requires it.</li>
        </ul>
      </>
    ),
  },
  {
    id: "cookies-and-storage",
    title: "Cookies and local storage",
    content: (
      <p>
        Your bag and wishlist are kept in your browser's local storage, and a strictly necessary session
        cookie keeps you signed in. We use no advertising or third-party tracking cookies. See our{" "}
        <Link to={href("/cookies-policy")}>Cookies Policy</Link> for details.
      </p>
    ),
  },
  {
    id: "security-and-retention",
    title: "Security and retention",
    content: (
      <>
        <p>
          We protect your information with encrypted connections (HTTPS), hashed passwords and access limited
          to the staff who need it. No method of storage or transmission is completely secure, but we work
          hard to keep your data safe.
        </p>
        <p>
          We keep account details while your account is open, and order records for as long as the law
          requires for tax and accounting. Contact messages are deleted once they are no longer needed.
        </p>
      </>
    ),
  },
  {
    id: "your-rights",
    title: "Your rights",
    content: (
      <p>
        Download your data, withdraw your consent to marketing e-mails or delete your account yourself on your{" "}
        <Link to={href("/profile")}>account page</Link>; what we keep, why, for how long and who receives it
        is itemised in our <Link to={href("/privacy")}>Privacy Notice</Link>. GST invoices keep your name, as
        the law requires. You may also write to us at <a href={`mailto:${STORE.email}`}>{STORE.email}</a> and
        we will respond promptly.
      </p>
    ),
  },
  {
    id: "children",
    title: "Children",
    content: (
      <p>
        We sell kids' wear, but our store is meant to be used by adults. We do not knowingly collect personal
        information from children; orders for children should be placed by a parent or guardian.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to this policy",
    content: (
      <p>
        We may update this policy from time to time. The current version is always on this page, and
        significant changes will be highlighted on the site.
      </p>
    ),
  },
];

export default function PrivacyPolicy() {
  return (
    <PolicyPage
      path={href("/privacy-policy")}
      title="Privacy Policy"
      summary={
        <p>
          {STORE.name} respects your privacy. This policy explains what we collect when you browse, shop or
          write to us, why we collect it, and the choices you have.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
