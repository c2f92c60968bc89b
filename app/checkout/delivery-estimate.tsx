import { useEffect } from "react";
import { useFetcher, href } from "react-router";
import { formatDeliveryDate } from "#contract/delivery-date";
import { DeliveryAnswer, type DeliveryCheckData } from "~/shipping/delivery-answer";

/**
 * At checkout, under the addresses: by when the chosen address should have the order, or why the courier does
 * not go there, asked of /delivery-check whenever another address is chosen.
 */
export function DeliveryEstimate({ pincode, customised }: { pincode: string | null; customised: boolean }) {
  const fetcher = useFetcher<DeliveryCheckData>();
  const { load } = fetcher;
  useEffect(() => {
    if (pincode) void load(`${href("/delivery-check")}?${new URLSearchParams({ pincode })}`);
  }, [pincode, load]);
  const answer = pincode && fetcher.state === "idle" ? fetcher.data?.answer : undefined;
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
