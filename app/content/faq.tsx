import type { ReactNode } from "react";
import { DEFAULT_RETURN_DAYS } from "#contract/returns-rules";
import { STORE } from "#contract/store";
import { DEFAULT_HOLD_MINUTES } from "#contract/hold-time";
import { useSeller } from "./seller";
import { DeliveryRuleText } from "./store-details";
import { href, Link } from "react-router";

/** The days after delivery to ask for a return, as the owner set them (decision 051). */
function ReturnDays() {
  return <>{useSeller()?.returnDays ?? DEFAULT_RETURN_DAYS}</>;
}

export type FaqItem = {
  id: string;
  question: string;
  /** The full answer, on the FAQ page. */
  answer: ReactNode;
  /** One or two sentences, on the FAQ cards of the contact page. */
  short: ReactNode;
};

const customizations = STORE.customizations.join(", ");

const linkClass = "font-medium text-brand-700 underline hover:text-brand-800";

/**
 * The five questions of the FAQ. The return answer follows the return policy (decision 051): a damaged,
 * defective, wrong or not-as-described piece is returned and refunded within the owner's days (7 at first);
 * nothing is exchanged or refunded for a change of mind.
 */
export const FAQ_ITEMS: FaqItem[] = [
  {
    id: "returns",
    question: "Can I return or exchange my order?",
    answer: (
      <>
        <p>
          If a piece arrives damaged or defective, is not what you ordered, or is not as described: yes. Ask
          from your order's page within <ReturnDays /> days of delivery, with a photo or two; our courier
          collects it and we refund what you paid for it.
        </p>
        <p>
          For a change of mind or a size that does not fit: no. Every piece is cut, stitched or altered to the
          measurements and customisations you choose, so it cannot be resold to anyone else. Read the full{" "}
          <Link to={href("/return-policy")} className={linkClass}>
            Return Policy
          </Link>
          .
        </p>
      </>
    ),
    short: (
      <>
        A damaged, defective, wrong or not-as-described piece is returned and refunded if you ask within{" "}
        <ReturnDays /> days of delivery. Nothing is exchanged or refunded for a change of mind.
      </>
    ),
  },
  {
    id: "delivery",
    question: "How long does delivery take?",
    answer: (
      <>
        <p>
          Standard delivery takes 3-6 business days within India once your order has been dispatched. We ship
          within India only. <DeliveryRuleText />: the charge, if any, is in your bag and at checkout before
          you pay. Once your order ships, its page shows the courier, the tracking number and a link to track
          it.
        </p>
        <p>
          Customised pieces are stitched before they leave us, so they can take longer to dispatch. The{" "}
          <Link to={href("/shipping-policy")} className={linkClass}>
            Shipping Policy
          </Link>{" "}
          gives the full timelines.
        </p>
      </>
    ),
    short: (
      <>
        Standard delivery takes 3-6 business days within India after dispatch. <DeliveryRuleText />.
      </>
    ),
  },
  {
    id: "sizes",
    question: "What sizes do you offer?",
    answer: (
      <p>
        Our women's styles come in sizes XS to XXL, and many also in XXXL. Kids' wear comes in age sizes from
        2-3 years to 14+. Each product page has a Size Guide; if you are between sizes, tell us your
        measurements and we will help you choose.
      </p>
    ),
    short: "Women's styles run from XS to XXL (many also in XXXL); kids' wear from 2-3 years to 14+.",
  },
  {
    id: "customisation",
    question: "Can I customise my outfit?",
    answer: (
      <p>
        Yes. We offer these customisations: {customizations}. Each product lists the ones it can have: choose
        your size, then <strong>Customise this piece</strong> on its page, tick what you would like changed
        and give your measurements. The charge, if any, is added to the price before you pay. Anything else in
        mind?{" "}
        <Link to={href("/contact")} className={linkClass}>
          Contact us
        </Link>{" "}
        or message us on WhatsApp at{" "}
        <a href={STORE.social.whatsapp} className={linkClass}>
          {STORE.phone}
        </a>
        .
      </p>
    ),
    short:
      "Yes: sleeve length, blouse fit, colour, lehenga length, dupatta fabric, border design and embroidery style.",
  },
  {
    id: "payment",
    question: "How can I pay?",
    answer: (
      <p>
        We take payments securely through PhonePe: UPI, debit and credit cards, and net banking. Prices are in
        Indian rupees and include taxes. We do not offer cash on delivery. When you place an order we hold its
        pieces for you for {DEFAULT_HOLD_MINUTES} minutes while you pay; if the payment did not go through,
        pay again with Pay now on the order in{" "}
        <Link to={href("/orders")} className={linkClass}>
          My Orders
        </Link>{" "}
        until then, or cancel it. After that the pieces go back on sale and an unpaid order is cancelled. A
        failed payment takes no money; money that left your account for an order we could not keep comes back
        to it automatically, within 5-7 working days.
      </p>
    ),
    short: `Securely through PhonePe: UPI, debit and credit cards, or net banking. We hold your order's pieces for ${DEFAULT_HOLD_MINUTES} minutes while you pay.`,
  },
];
