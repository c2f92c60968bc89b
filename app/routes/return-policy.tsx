import { DEFAULT_RETURN_DAYS } from "#contract/returns-rules";
import { STORE } from "#contract/store";
import { useSeller } from "~/content/seller";
import { PolicyPage, type PolicySection } from "~/content/policy-page";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/return-policy";
import { sharedPageHeaders } from "~/lib/page-headers";
import { href, Link } from "react-router";

export const headers = sharedPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Return Policy",
    description: `A piece that arrives damaged, defective, wrong or not as described is taken back and refunded; ${STORE.name} does not exchange or refund for a change of mind.`,
    url: absoluteUrl(matches, href("/return-policy")),
  });

/**
 * The return policy (issue 39, decision 051): what the law requires, a refund of a piece that arrives damaged,
 * defective, wrong or not as described, asked for within the owner's days after delivery; beside it the
 * boutique's own rule, no exchange or refund for a change of mind. The FAQ and the terms say the same.
 */
function sectionsFor(days: number): PolicySection[] {
  return [
    {
      id: "damaged-defective-or-wrong",
      title: "Damaged, defective, wrong or not as described: returned and refunded",
      content: (
        <>
          <p>
            If a piece arrives damaged or defective, is not the piece you ordered, or is not as its product
            page described it, you can return it and get your money back,{" "}
            <strong>within {days} days of delivery</strong>. This holds for customised pieces too.
          </p>
          <ol>
            <li>
              <strong>Ask from your order</strong>: open it under <Link to={href("/orders")}>My Orders</Link>{" "}
              and choose Return a piece. Say what is wrong and add 1 to 3 photos that show it. You get a
              ticket number at once; an unboxing video, if you made one, helps but is not required.
            </li>
            <li>
              <strong>We reply within 48 hours</strong>: our grievance officer approves the return, or
              explains why not on the ticket and by e-mail.
            </li>
            <li>
              <strong>Our courier collects it</strong> from your delivery address, at no cost to you.
            </li>
            <li>
              <strong>We refund what you paid for it</strong> once it reaches us: to PhonePe for an online
              payment (5 to 7 working days), or to the UPI id or bank account you give us for Cash on Delivery
              (we delete those details once the money is sent). Returning every piece of an order refunds its
              delivery charge and any Cash on Delivery fee too. A GST credit note is issued with your order's
              documents.
            </li>
          </ol>
        </>
      ),
    },
    {
      id: "change-of-mind",
      title: "No exchange or refund for a change of mind",
      content: (
        <>
          <p>
            We do not take back or exchange a piece that arrives as described because you changed your mind or
            chose a size that does not fit. Please check the Size Guide on each product page before you order,
            and <Link to={href("/contact")}>ask us</Link> if you are unsure; we are happy to help.
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
          gave. It is not exchanged for a change of mind; if it arrives damaged, defective, wrong or not as
          you ordered it, it is returned and refunded as above.
        </p>
      ),
    },
    {
      id: "not-satisfied",
      title: "If you disagree with our answer",
      content: (
        <p>
          Write to our grievance officer from the <Link to={href("/grievances")}>Grievances</Link> page: every
          complaint is acknowledged within 48 hours and resolved within one month.
        </p>
      ),
    },
    {
      id: "orders-we-cancel",
      title: "Orders we cancel",
      content: (
        <p>
          If we ever have to cancel an order ourselves, for example because an item is out of stock, the
          amount you paid is refunded in full to the original payment method, as our{" "}
          <Link to={href("/terms-and-conditions")}>Terms &amp; Conditions</Link> explain.
        </p>
      ),
    },
  ];
}

export default function ReturnPolicy() {
  const days = useSeller()?.returnDays ?? DEFAULT_RETURN_DAYS;
  return (
    <PolicyPage
      path={href("/return-policy")}
      title="Return Policy"
      summary={
        <p>
          A piece that arrives damaged, defective, wrong or not as described is returned and refunded if you
          ask within {days} days of delivery. We do not exchange or refund a piece for a change of mind: every
          piece is made or customised for you.
        </p>
      }
      sections={sectionsFor(days)}
    />
  );
}
