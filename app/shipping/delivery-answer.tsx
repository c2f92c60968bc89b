import { formatDeliveryDate } from "#contract/delivery-date";
import type { DeliveryCheck } from "#contract/shipping";

/** What /delivery-check answers (routes/delivery-check.tsx): the courier's answer, or why there is none. */
export type DeliveryCheckAnswer = { ok: true; check: DeliveryCheck } | { ok: false; message: string };

/** What /delivery-check's loader gives its page and the checkout's fetcher: the answer, with what was asked. */
export type DeliveryCheckData = {
  answer: DeliveryCheckAnswer | null;
  product: number | null;
  customisable: boolean;
  pincode: string;
};

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
