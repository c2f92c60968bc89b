import { STORE } from "#contract/store";
import { PolicyPage, type PolicySection } from "~/content/policy-page";
import { DeliveryRuleText } from "~/content/store-details";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/shipping-policy";
import { sharedPageHeaders } from "~/lib/page-headers";
import { href, Link } from "react-router";

export const headers = sharedPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Shipping Policy",
    description: `${STORE.name} ships within India only. Orders ship within 15 working days and arrive 7-10 working days after shipping.`,
    url: absoluteUrl(matches, href("/shipping-policy")),
  });

const SECTIONS: PolicySection[] = [
  {
    id: "where-we-ship",
    title: "Where we ship",
    content: (
      <p>We ship within India only. We are not able to deliver to addresses outside India at the moment.</p>
    ),
  },
  {
    id: "delivery-charges",
    title: "Delivery charges",
    content: (
      <p>
        <DeliveryRuleText />. The charge is worked out on your bag's subtotal, shown on the product page, in
        your bag and at checkout before you pay, and is part of the order's total and its GST invoice. Nothing
        is added after you pay.
      </p>
    ),
  },
  {
    id: "timelines",
    title: "When your order ships and arrives",
    content: (
      <>
        <ul>
          <li>
            <strong>Shipping</strong>: every order is shipped within 15 working days of payment. Many of our
            pieces are stitched or customised for you, and each is checked by hand before it is packed.
          </li>
          <li>
            <strong>Delivery</strong>: your order is delivered 7-10 working days after shipping at the latest.
            Standard delivery to most addresses takes 3-6 business days.
          </li>
        </ul>
        <p>
          Working days are Monday to Saturday, excluding public holidays. Festivals, weather and courier
          delays outside our control can add a few days; we will keep you informed.
        </p>
      </>
    ),
  },
  {
    id: "tracking",
    title: "Order tracking",
    content: (
      <p>
        Once you are signed in, you can follow the status of your order in your account under My Orders. If
        you have a question about a delivery, <Link to={href("/contact")}>contact us</Link> with your order
        ID.
      </p>
    ),
  },
  {
    id: "delivery-address",
    title: "Delivery address",
    content: (
      <p>
        Please make sure your address, PIN code and phone number are complete and correct; the courier may
        call you before delivery. We cannot be responsible for delays caused by an incorrect address. If you
        need to change it, tell us before your order ships.
      </p>
    ),
  },
  {
    id: "receiving-your-parcel",
    title: "Receiving your parcel",
    content: (
      <p>
        Please record a video while you open your parcel. If anything arrives damaged or is not what you
        ordered, report it within 48 hours of delivery with the video, as described in our{" "}
        <Link to={href("/return-policy")}>Return Policy</Link>.
      </p>
    ),
  },
];

export default function ShippingPolicy() {
  return (
    <PolicyPage
      path={href("/shipping-policy")}
      title="Shipping Policy"
      summary={
        <p>
          We ship within India only: <DeliveryRuleText />. Orders ship within 15 working days and are
          delivered 7-10 working days after shipping.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
