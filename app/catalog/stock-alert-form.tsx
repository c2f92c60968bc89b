import { useId } from "react";
import { useFetcher, href } from "react-router";
import { useSignedInUser } from "~/accounts/signed-in-user";
import { BUTTON_PRIMARY } from "~/components/styles";

/** What /stock-alerts answers a request for an alert (routes/stock-alerts.tsx). */
export type StockAlertAnswer = { ok: boolean; message: string; productId: string };

/**
 * 'Notify me' under the sizes of a product with a sold-out size: the shopper picks the size and, as a guest,
 * the e-mail address (a signed-in shopper's own is used unless another is given). A plain form post to
 * /stock-alerts, so it works before the page's scripts run; with them the answer shows here.
 */
export function StockAlertForm({ productId, soldOutSizes }: { productId: number; soldOutSizes: string[] }) {
  const fetcher = useFetcher<StockAlertAnswer>();
  const user = useSignedInUser();
  const id = useId();
  if (soldOutSizes.length === 0) return null;
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <details className="mt-4 rounded-lg border border-brand-100 bg-brand-50/60 px-4 py-3">
      <summary className="cursor-pointer font-semibold text-brand-800">
        Sold out in your size? Notify me
      </summary>
      <fetcher.Form method="post" action={href("/stock-alerts")} className="mt-3 flex flex-col gap-3">
        <p className="text-sm text-muted">We'll e-mail you once, when the size is back in stock.</p>
        <input type="hidden" name="productId" value={productId} />
        <div className="flex flex-wrap gap-3">
          <label className="flex flex-col text-sm font-semibold" htmlFor={`${id}-size`}>
            Size
            <select
              id={`${id}-size`}
              name="size"
              className="mt-1 min-w-20 rounded border border-muted/70 bg-white px-3 py-2 font-normal"
            >
              {soldOutSizes.map((size) => (
                <option key={size}>{size}</option>
              ))}
            </select>
          </label>
          <label className="flex min-w-0 flex-1 flex-col text-sm font-semibold" htmlFor={`${id}-email`}>
            {user ? "Email (optional)" : "Email"}
            <input
              id={`${id}-email`}
              type="email"
              name="email"
              required={!user}
              autoComplete="email"
              placeholder={user ? "Your account's e-mail" : "you@example.com"}
              className="mt-1 w-full rounded border border-muted/70 bg-white px-3 py-2 font-normal"
            />
          </label>
        </div>
        <button type="submit" disabled={fetcher.state !== "idle"} className={`${BUTTON_PRIMARY} self-start`}>
          {fetcher.state === "idle" ? "Notify me" : "Sending..."}
        </button>
        <p role="status" className={`text-sm ${answer?.ok ? "text-green-800" : "text-red-700"}`}>
          {answer?.message}
        </p>
      </fetcher.Form>
    </details>
  );
}
