/** How long an order holds its pieces for its payment unless ORDER_HOLD_MINUTES says otherwise (decision 035). */
export const DEFAULT_HOLD_MINUTES = 15;

// In the store's time zone, so that a mail, the server's page and the browser say the same time.
const timeOfDay = new Intl.DateTimeFormat("en-IN", {
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Kolkata",
});

const dayOf = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", timeZone: "Asia/Kolkata" });

/** Until when a cash order waits for its confirmation (hours, days): "30 Nov, 9:41 am". */
export const formatHoldDay = (at: Date | string): string =>
  `${dayOf.format(new Date(at))}, ${formatHoldTime(at)}`;

/** Until when an order awaiting payment is held, as a time of day: "4:35 pm". */
export function formatHoldTime(at: Date | string): string {
  return timeOfDay
    .format(new Date(at))
    .replace(/\s?([ap])\.?m\.?$/i, (_, half: string) => ` ${half.toLowerCase()}m`);
}
