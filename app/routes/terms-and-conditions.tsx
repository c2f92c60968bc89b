import { STORE } from "#contract/store";
import { PolicyPage, type PolicySection } from "~/content/policy-page";
import { DeliveryRuleText } from "~/content/store-details";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/terms-and-conditions";
import { sharedPageHeaders } from "~/lib/page-headers";
import { href, Link } from "react-router";

export const headers = sharedPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Terms & Conditions",
    description: `The terms that apply when you use the ${STORE.name} website and buy from us: orders, prices, payment, customisation, shipping and returns.`,
    url: absoluteUrl(matches, href("/terms-and-conditions")),
  });

const SECTIONS: PolicySection[] = [
  {
    id: "about-these-terms",
    title: "About these terms",
    content: (
      <p>
        These terms apply to your use of the {STORE.name} website and to every order you place with us. By
        using the site or placing an order, you agree to them. {STORE.name} is a boutique based in{" "}
        {STORE.address.city}, {STORE.address.state}, India.
      </p>
    ),
  },
  {
    id: "your-account",
    title: "Your account",
    content: (
      <ul>
        <li>You must be at least 18 years old, or use the site with a parent's or guardian's involvement.</li>
        <li>The details you give us must be true and kept up to date.</li>
        <li>
          You are responsible for keeping your password secret and for everything done with your account. Tell
          us at once if you think someone else has used it.
        </li>
      </ul>
    ),
  },
  {
    id: "products",
    title: "Products and colours",
    content: (
      <p>
        We describe and photograph every piece as accurately as we can. Handcrafted fabrics, embroidery and
        dyes vary slightly from piece to piece, and colours can look different on different screens; such
        small variations are not defects.
      </p>
    ),
  },
  {
    id: "customisation",
    title: "Customisation",
    content: (
      <>
        <p>
          We offer these customisations: {STORE.customizations.join(", ")}, on the products that list them. A
          customised piece is made to the measurements and choices you give when you customise it, so please
          check them carefully before you pay.
        </p>
        <p>
          Customised pieces may take longer to dispatch and are not exchanged for a change of mind; one that
          arrives damaged, defective, wrong or not as described is returned and refunded like any piece.
        </p>
      </>
    ),
  },
  {
    id: "prices-and-payment",
    title: "Prices and payment",
    content: (
      <ul>
        <li>All prices are in Indian rupees (₹) and include applicable taxes.</li>
        <li>
          <DeliveryRuleText />. The delivery charge, if any, is shown on the product page, in your bag and at
          checkout before you pay, and is part of the order's total and its tax invoice.
        </li>
        <li>
          Payments are processed securely by PhonePe (UPI, debit and credit cards, net banking). We do not
          store your card or bank details.
        </li>
        <li>
          If a price is shown wrongly because of an error, we will tell you before dispatch and you may
          confirm the order at the correct price or cancel it for a full refund of any amount paid.
        </li>
      </ul>
    ),
  },
  {
    id: "orders",
    title: "Orders",
    content: (
      <p>
        Your order is a request to buy. A contract is formed when your payment succeeds and we confirm the
        order. We may decline or cancel an order, for example if an item is out of stock or a payment cannot
        be verified; if we do, any amount you paid is refunded in full to the original payment method.
      </p>
    ),
  },
  {
    id: "shipping",
    title: "Shipping",
    content: (
      <p>
        We ship within India only. Dispatch and delivery times are set out in our{" "}
        <Link to={href("/shipping-policy")}>Shipping Policy</Link>.
      </p>
    ),
  },
  {
    id: "returns",
    title: "Returns, refunds and exchanges",
    content: (
      <p>
        A piece that arrives damaged, defective, wrong or not as described is returned and refunded when you
        ask within the days our <Link to={href("/return-policy")}>Return Policy</Link> gives, as it explains.
        We do not exchange or refund a piece for a change of mind.
      </p>
    ),
  },
  {
    id: "intellectual-property",
    title: "Intellectual property",
    content: (
      <p>
        The photographs, designs, text and logo on this site belong to {STORE.name} or its suppliers. You may
        not copy or reuse them for commercial purposes without our written permission.
      </p>
    ),
  },
  {
    id: "acceptable-use",
    title: "Acceptable use",
    content: (
      <p>
        Do not misuse the site: do not attempt to break its security, overload it, scrape it, or use it for
        anything unlawful or fraudulent. We may suspend accounts that do.
      </p>
    ),
  },
  {
    id: "liability",
    title: "Limitation of liability",
    content: (
      <p>
        To the extent the law allows, our liability for any order is limited to the amount you paid for it,
        and we are not liable for indirect or consequential losses. Nothing in these terms limits your rights
        as a consumer under Indian law.
      </p>
    ),
  },
  {
    id: "governing-law",
    title: "Governing law",
    content: (
      <p>
        These terms are governed by the laws of India. Any dispute is subject to the jurisdiction of the
        courts at {STORE.address.city}, {STORE.address.state}.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to these terms",
    content: (
      <p>
        We may update these terms from time to time. The version on this page, with the date above, applies to
        orders placed from that date.
      </p>
    ),
  },
];

export default function TermsAndConditions() {
  return (
    <PolicyPage
      path={href("/terms-and-conditions")}
      title="Terms & Conditions"
      lastUpdated={{ iso: "2025-09-06", label: "6 September 2025" }}
      summary={
        <p>
          Please read these terms before you shop. They explain how ordering, payment, customisation, shipping
          and returns work at {STORE.name}.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
