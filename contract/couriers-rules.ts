/**
 * The couriers staff ship with, each with where a shopper tracks a parcel (decision 038), without Zod so that pages
 * can use them (couriers.ts re-exports them). `{number}` in a
 * pattern is the tracking number; a courier whose site takes no number in its address (a CAPTCHA, or no
 * pattern that could be checked) links to its tracking page, and the shopper types the number shown beside it.
 * "other" is any courier, with the https link staff give.
 */
export const COURIERS = [
  { key: "delhivery", name: "Delhivery", tracking: "https://www.delhivery.com/tracking?trackingId={number}" },
  {
    key: "bluedart",
    name: "Blue Dart",
    tracking: "https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo={number}",
  },
  { key: "dtdc", name: "DTDC", tracking: "https://www.dtdc.com/track-your-shipment/" },
  {
    key: "indiapost",
    name: "India Post (Speed Post)",
    tracking: "https://www.indiapost.gov.in/_layouts/15/DOP.Portal.Tracking/TrackConsignment.aspx",
  },
  { key: "ekart", name: "Ekart", tracking: "https://ekartlogistics.com/shipmenttrack/{number}" },
  {
    key: "xpressbees",
    name: "Xpressbees",
    tracking: "https://www.xpressbees.com/track?isawb=Yes&trackid={number}",
  },
  { key: "shadowfax", name: "Shadowfax", tracking: "https://www.shadowfax.in/track-order" },
  { key: "other", name: "Other", tracking: null },
] as const;

export type CourierKey = (typeof COURIERS)[number]["key"];
export const COURIER_KEYS = COURIERS.map((courier) => courier.key) as [CourierKey, ...CourierKey[]];
