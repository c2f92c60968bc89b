import { useId } from "react";
import { BUTTON_SECONDARY } from "~/components/styles";
import { href } from "react-router";

/**
 * "Check delivery" (issue 37): a pincode gives whether the courier delivers there and by when, on a page of
 * its own (/delivery-check) with the way back. A plain GET form, which needs no script of its own on the
 * product page, where every byte of JavaScript counts (the budget of tests/e2e/js-budget.spec.ts).
 */
export function DeliveryCheckForm({
  productId,
  customisable,
  pincode,
}: {
  productId: number | null;
  customisable: boolean;
  pincode?: string;
}) {
  const id = useId();
  return (
    <form
      method="get"
      action={href("/delivery-check")}
      className="mt-6 rounded-lg border border-brand-100 p-4"
    >
      {productId === null ? null : <input type="hidden" name="product" value={productId} />}
      {customisable ? <input type="hidden" name="customised" value="1" /> : null}
      <label htmlFor={`${id}-pincode`} className="font-semibold">
        Check delivery
      </label>
      <div className="mt-2 flex gap-2">
        <input
          id={`${id}-pincode`}
          name="pincode"
          defaultValue={pincode}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={7}
          required
          placeholder="Pincode"
          className="w-32 rounded border border-muted/70 bg-white px-3 py-2"
        />
        <button type="submit" className={BUTTON_SECONDARY}>
          Check
        </button>
      </div>
    </form>
  );
}
