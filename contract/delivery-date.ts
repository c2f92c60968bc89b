/** "Tue, 9 Dec": how a delivery date (YYYY-MM-DD, India) reads on the product page and at checkout. */
export const formatDeliveryDate = (isoDate: string) =>
  new Date(`${isoDate}T00:00:00Z`).toLocaleDateString("en-IN", {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
