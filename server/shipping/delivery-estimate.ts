/**
 * When a parcel ordered now should arrive (issue 37's "Check delivery"): the shop's dispatch time in working
 * days (Monday to Saturday, the owner's setting), the tailor's days for a customised piece, then the courier's
 * transit days, with no delivery on a Sunday. Dates are India's (UTC+05:30 all year, no daylight saving), so
 * the arithmetic is on calendar dates shifted to IST.
 */

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar date in India at `instant`, as a UTC midnight. */
function indianDate(instant: Date): Date {
  const shifted = new Date(instant.getTime() + IST_OFFSET_MS);
  return new Date(Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate()));
}

const isSunday = (date: Date) => date.getUTCDay() === 0;

/** `days` working days (not Sundays) after `date`. */
function addWorkingDays(date: Date, days: number): Date {
  let day = date;
  for (let left = days; left > 0;) {
    day = new Date(day.getTime() + DAY_MS);
    if (!isSunday(day)) left -= 1;
  }
  return day;
}

export type DeliveryEstimate = {
  /** The day the parcel should leave the shop (YYYY-MM-DD, India). */
  dispatchBy: string;
  /** The day it should arrive (YYYY-MM-DD, India): never a Sunday. */
  deliveryBy: string;
};

/**
 * The estimate for an order placed at `now`: dispatch `dispatchDays` working days later (plus `tailoringDays`
 * for a customised piece), delivery `transitDays` later, moved off a Sunday. An order placed on a Sunday
 * counts from Monday, as the shop is closed for dispatch.
 */
export function estimateDelivery({
  now,
  dispatchDays,
  tailoringDays = 0,
  transitDays,
}: {
  now: Date;
  dispatchDays: number;
  tailoringDays?: number;
  transitDays: number;
}): DeliveryEstimate {
  const dispatchBy = addWorkingDays(indianDate(now), dispatchDays + tailoringDays);
  let deliveryBy = new Date(dispatchBy.getTime() + transitDays * DAY_MS);
  if (isSunday(deliveryBy)) deliveryBy = new Date(deliveryBy.getTime() + DAY_MS);
  return { dispatchBy: isoDate(dispatchBy), deliveryBy: isoDate(deliveryBy) };
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);
