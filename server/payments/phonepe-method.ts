import { conflict } from "../lib/errors";
import { prepaidDiscountFor } from "../orders/payment-charges";
import type { PaymentAttempts } from "./payment-attempts";
import type { PaymentMethod } from "./payment-method";

/**
 * PhonePe as a way to pay (payment-method.ts): an attempt per order, opened on PhonePe's checkout page. The
 * order takes the owner's discount for paying online (`prepaidDiscountPaise`, the prepaid nudge) when there
 * is one.
 */
export function phonePeMethod({
  attempts,
  available,
  prepaidDiscountPaise,
}: {
  attempts: Pick<PaymentAttempts, "createAttempt" | "start" | "latestAttempt">;
  available: boolean;
  prepaidDiscountPaise: () => Promise<number>;
}): PaymentMethod {
  return {
    name: "PhonePe",
    available,
    async charges(subtotalPaise) {
      return {
        codFeePaise: 0,
        prepaidDiscountPaise: prepaidDiscountFor(subtotalPaise, await prepaidDiscountPaise()),
      };
    },
    async begin(tx, order) {
      const payment = await attempts.createAttempt(tx, order);
      return (returnUrl) => attempts.start(payment, order, returnUrl);
    },
    async resume(order) {
      const payment = await attempts.latestAttempt(order.id);
      if (payment?.state === "PENDING" && payment.checkoutUrl) return payment.checkoutUrl;
      if (payment?.state === "COMPLETED") throw conflict("This order is already paid.");
      throw conflict("Your order is being placed. Please wait a moment.");
    },
  };
}
