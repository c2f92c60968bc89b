import { z } from "zod";

/**
 * What a price is made of, in rupees, every figure priced by the server (the Consumer Protection (E-Commerce)
 * Rules, 2020: the total price broken down into the price of the goods, the charges and the tax, shown before
 * the shopper pays; decision 049). The checkout shows it from POST /orders/price-cart, the order's page from
 * the order.
 */
export const priceBreakdown = z.object({
  subtotal: z.number().meta({ description: "The pieces' prices, their customisation charges included" }),
  deliveryCharge: z.number().meta({ description: "0 when delivery is free" }),
  discount: z.number().optional().meta({
    description:
      "Taken off the order for paying online (the owner's prepaid nudge, decision 048): sent only when there is one",
  }),
  codFee: z.number().optional().meta({
    description: "The owner's fee for paying in cash at the door (decision 048): sent only when there is one",
  }),
  total: z
    .number()
    .meta({ description: "What the shopper pays: the pieces, the charges, less any discount" }),
  gstIncluded: z.number().meta({
    description: "The GST the total includes, as the tax invoice works it out (prices include GST)",
  }),
});
export type PriceBreakdown = z.infer<typeof priceBreakdown>;
