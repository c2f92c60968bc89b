import { useEffect, useState } from "react";
import type { CodOption } from "#contract/cash-on-delivery";
import { formatRupees } from "#contract/money";
import { browserApi } from "~/lib/api-client";

export type PaymentChoice = "phonePe" | "cod";

/**
 * Checkout's ways to pay: PhonePe, and Cash on Delivery when the owner's rules allow it for this bag at this
 * pincode (asked of the store as the address or bag changes; Place Order checks again). When it is not
 * offered, the page says why, beside it; the owner's discount for paying online shows beside PhonePe (the
 * prepaid nudge, decision 048).
 */
export function PaymentChoices({
  method,
  onChange,
  pincode,
  subtotal,
  customised,
}: {
  method: PaymentChoice | null;
  onChange: (method: PaymentChoice | null) => void;
  pincode: string | null;
  /** The priced bag's subtotal in rupees; null until it is priced. */
  subtotal: number | null;
  customised: boolean;
}) {
  // The store's answer for the question it answers: another address or bag asks again.
  const question = pincode && subtotal !== null ? `${pincode}|${subtotal}|${customised}` : null;
  const [answer, setAnswer] = useState<{ question: string; option: CodOption } | null>(null);
  const cod = answer && answer.question === question ? answer.option : null;
  useEffect(() => {
    if (!question || !pincode || subtotal === null) return;
    let current = true;
    // The call's description (and the API's schemas) load with the first question, not with checkout.
    void import("#contract/cash-on-delivery")
      .then(({ codOptionCall }) => browserApi(codOptionCall, { pincode, subtotal, customised }))
      .then((result) => {
        const option = result.ok
          ? result.data
          : { offered: false, reason: result.message, fee: 0, prepaidDiscount: 0 };
        if (current) setAnswer({ question, option });
      });
    return () => {
      current = false;
    };
  }, [question, pincode, subtotal, customised]);
  // A choice of cash that the rules no longer allow (another address, a bigger bag) is undone.
  useEffect(() => {
    if (method === "cod" && cod && !cod.offered) onChange(null);
  }, [cod, method, onChange]);

  const codOffered = cod?.offered === true;
  return (
    <div className="mt-3 grid gap-3">
      <div className="flex items-center gap-3 rounded-2xl bg-white p-4 ring-1 ring-brand-100">
        <input
          type="radio"
          name="payment"
          id="payment-phonepe"
          checked={method === "phonePe"}
          onChange={() => onChange("phonePe")}
          className="size-4 accent-brand-600"
        />
        <label htmlFor="payment-phonepe" className="flex-1 cursor-pointer">
          <span className="block font-semibold">PhonePe</span>
          <span className="block text-sm text-muted">UPI, cards, net banking and wallets</span>
          {cod && cod.prepaidDiscount > 0 ? (
            <span className="block text-sm font-semibold text-green-800" data-testid="prepaid-nudge">
              {formatRupees(cod.prepaidDiscount)} off when you pay online
            </span>
          ) : null}
        </label>
      </div>
      <div className="flex items-center gap-3 rounded-2xl bg-white p-4 ring-1 ring-brand-100">
        <input
          type="radio"
          name="payment"
          id="payment-cod"
          checked={method === "cod"}
          disabled={!codOffered}
          aria-describedby="payment-cod-note"
          onChange={() => onChange("cod")}
          className="size-4 accent-brand-600"
        />
        <div className="flex-1">
          <label
            htmlFor="payment-cod"
            className={`block font-semibold ${codOffered ? "cursor-pointer" : ""}`}
          >
            Cash on Delivery
          </label>
          <p id="payment-cod-note" className="text-sm text-muted">
            {!pincode
              ? "Choose a delivery address to see if you can pay in cash."
              : cod === null
                ? "Checking whether you can pay in cash here..."
                : codOffered
                  ? cod.fee > 0
                    ? `Pay in cash at the door, with a fee of ${formatRupees(cod.fee)}. You confirm the order once it is placed.`
                    : "Pay in cash at the door. You confirm the order once it is placed; no extra charge."
                  : cod.reason}
          </p>
        </div>
      </div>
    </div>
  );
}
