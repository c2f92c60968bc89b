import { useEffect, useId } from "react";
import { useFetcher } from "react-router";
import { formatDeliveryDate } from "#contract/delivery-date";
import type { DeliveryCheck } from "#contract/shipping";
import { BUTTON_SECONDARY } from "~/components/styles";

/** What /delivery-check answers (routes/delivery-check.tsx): the courier's answer, or why there is none. */
export type DeliveryCheckAnswer =
  { ok: true; check: DeliveryCheck; productId: string } | { ok: false; message: string; productId: string };

/**
 * "Check delivery" on the product page (issue 37): a pincode gives whether the courier delivers there and by
 * when. A plain GET form to /delivery-check, so it works before the page's scripts run; with them the answer
 * shows here.
 */
export function DeliveryCheckForm({ productId, customisable }: { productId: number; customisable: boolean }) {
  const fetcher = useFetcher<DeliveryCheckAnswer>();
  const id = useId();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <fetcher.Form
      method="get"
      action="/delivery-check"
      className="mt-6 rounded-lg border border-brand-100 p-4"
    >
      <input type="hidden" name="product" value={productId} />
      <label htmlFor={`${id}-pincode`} className="font-semibold">
        Check delivery
      </label>
      <div className="mt-2 flex gap-2">
        <input
          id={`${id}-pincode`}
          name="pincode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={7}
          required
          placeholder="Pincode"
          aria-describedby={`${id}-answer`}
          className="w-32 rounded border border-muted/70 bg-white px-3 py-2"
        />
        <button type="submit" disabled={fetcher.state !== "idle"} className={BUTTON_SECONDARY}>
          {fetcher.state === "idle" ? "Check" : "Checking..."}
        </button>
      </div>
      <div id={`${id}-answer`} role="status" className="mt-2 text-sm">
        {answer ? <DeliveryAnswer answer={answer} customisable={customisable} /> : null}
      </div>
    </fetcher.Form>
  );
}

/** The answer in words: the date for a ready piece (and a customised one), or why the courier does not go. */
export function DeliveryAnswer({
  answer,
  customisable,
}: {
  answer: DeliveryCheckAnswer;
  customisable: boolean;
}) {
  if (!answer.ok) return <p className="text-red-700">{answer.message}</p>;
  const { check } = answer;
  if (!check.serviceable) return <p className="text-red-700">{check.reason}</p>;
  return (
    <>
      <p className="text-green-800">
        Delivery to {check.place} by <strong>{formatDeliveryDate(check.deliveryBy!)}</strong>.
      </p>
      {customisable ? (
        <p className="text-muted">
          Customised pieces take longer: by {formatDeliveryDate(check.customisedDeliveryBy!)}.
        </p>
      ) : null}
    </>
  );
}

/**
 * At checkout, under the addresses: by when the chosen address should have the order, or why the courier does
 * not go there, asked of /delivery-check whenever another address is chosen.
 */
export function DeliveryEstimate({ pincode, customised }: { pincode: string | null; customised: boolean }) {
  const fetcher = useFetcher<DeliveryCheckAnswer>();
  const { load } = fetcher;
  useEffect(() => {
    if (pincode) void load(`/delivery-check?${new URLSearchParams({ pincode })}`);
  }, [pincode, load]);
  const answer = pincode && fetcher.state === "idle" ? fetcher.data : undefined;
  if (!answer) return null;
  if (answer.ok && answer.check.serviceable && customised)
    return (
      <p role="status" className="mt-3 text-sm text-green-800">
        Delivery to {answer.check.place} by{" "}
        <strong>{formatDeliveryDate(answer.check.customisedDeliveryBy!)}</strong> (customised pieces take
        longer).
      </p>
    );
  return (
    <div role="status" className="mt-3 text-sm">
      <DeliveryAnswer answer={answer} customisable={false} />
    </div>
  );
}
