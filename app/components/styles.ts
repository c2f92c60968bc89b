// Class lists of the store's recurring controls, so that every page draws them alike.

/** The filled, rounded-full button or link-button (as on Access Denied and the 404 page). */
export const BUTTON_PRIMARY =
  "inline-flex items-center justify-center gap-2 rounded-full bg-brand-600 px-6 py-3 text-center font-semibold text-white hover:bg-brand-700 disabled:cursor-wait disabled:bg-brand-700";

/** The outlined companion of BUTTON_PRIMARY. */
export const BUTTON_SECONDARY =
  "inline-flex items-center justify-center gap-2 rounded-full bg-white px-6 py-3 text-center font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50";

/** A link inside text. */
export const TEXT_LINK = "font-semibold text-brand-700 underline-offset-2 hover:underline";
