import { Link } from "~/components/navigation";
import { STORE } from "#contract/store";
import { PolicyPage, type PolicySection } from "~/content/policy-page";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/return-policy";
import { sharedPageHeaders } from "~/lib/page-headers";

export const headers = sharedPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Return Policy",
    description: `No return, no refund, no exchange: why ${STORE.name} works this way, and how we put right a damaged or wrong item reported within 48 hours.`,
    url: absoluteUrl(matches, "/return-policy"),
  });

const SECTIONS: PolicySection[] = [
  {
    id: "no-returns",
    title: "No return, no refund, no exchange",
    content: (
      <>
        <p>
          <strong>We do not accept returns or exchanges, and we do not give refunds</strong> on orders once
          they have been placed, for any reason other than those in section 3 below, including a change of
          mind or a size chosen wrongly.
        </p>
        <p>
          Please check the Size Guide on each product page before you order, and{" "}
          <Link to="/contact">ask us</Link> if you are unsure; we are happy to help.
        </p>
      </>
    ),
  },
  {
    id: "why",
    title: "Why we work this way",
    content: (
      <p>
        Most of our pieces are made to measure, with the customisations you choose (
        {STORE.customizations.join(", ")}). A customised outfit fits only the person it was made for and
        cannot be sold to anyone else. Keeping to this policy lets us keep our prices fair for everyone.
      </p>
    ),
  },
  {
    id: "customised-pieces",
    title: "Customised pieces are made to order",
    content: (
      <p>
        A piece you customise on its product page is made to order: our tailors start once your payment is
        received, it takes a few more days to dispatch, and it is stitched to the measurements and note you
        gave. It cannot be returned or exchanged. If it arrives damaged or not as you ordered it, it is put
        right as a damaged or wrong item, below.
      </p>
    ),
  },
  {
    id: "damaged-or-wrong-items",
    title: "Damaged or wrong items",
    content: (
      <>
        <p>If your order arrives damaged, or you receive an item you did not order, we will put it right:</p>
        <ol>
          <li>
            <strong>Record an unboxing video</strong>: one continuous video, from the sealed parcel with its
            label visible to the item fully unpacked.
          </li>
          <li>
            <strong>Report it within 48 hours of delivery</strong>: e-mail{" "}
            <a href={`mailto:${STORE.email}`}>{STORE.email}</a> or message us on{" "}
            <a href={STORE.social.whatsapp}>WhatsApp</a> with your order ID, a short description and the
            video.
          </li>
          <li>
            <strong>We check and resolve it</strong>: once we have reviewed the video, we will repair or
            replace the item, or send you the correct one, at no cost to you.
          </li>
        </ol>
        <p>
          Reports made after 48 hours, or without an unboxing video, cannot be accepted, because we are then
          unable to verify the damage with the courier.
        </p>
      </>
    ),
  },
  {
    id: "orders-we-cancel",
    title: "Orders we cancel",
    content: (
      <p>
        If we ever have to cancel an order ourselves, for example because an item is out of stock, the amount
        you paid is refunded in full to the original payment method, as our{" "}
        <Link to="/terms-and-conditions">Terms &amp; Conditions</Link> explain.
      </p>
    ),
  },
];

export default function ReturnPolicy() {
  return (
    <PolicyPage
      path="/return-policy"
      title="Return Policy"
      summary={
        <p>
          No return, no refund, no exchange. Every piece is made or customised for you; if something arrives
          damaged or wrong, report it within 48 hours with an unboxing video and we will put it right.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
