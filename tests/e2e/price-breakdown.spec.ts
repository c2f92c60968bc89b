import { expect, test, type Page } from "@playwright/test";
import { formatRupees } from "../../contract/money";
import {
  CHENNAI,
  STAFF,
  addressOfItsOwn,
  expectNoAxeViolations,
  gotoAndWaitForHydration,
  lookAt,
  newVerifiedShopper,
  signIn,
} from "./support";

/** A demo piece under ₹1,999 (delivery is charged) with a size in stock: the bag line the checkout reads. */
async function pieceWithDelivery(page: Page) {
  const list = await (
    await page.request.get("/api/products/get-products?page=1&limit=48&maxPrice=1998")
  ).json();
  for (const summary of list.data as Array<{ _id: number }>) {
    const detail = (await (await page.request.get(`/api/products/get-product?id=${summary._id}`)).json())
      .data;
    const size = (detail.sizes as Array<{ label: string; stock: number }>).find((s) => s.stock >= 2);
    if (size)
      return {
        id: detail._id as number,
        name: detail.name as string,
        title: detail.name as string,
        image: detail.image as string | null,
        price: detail.price as number,
        size: size.label,
        quantity: 1,
      };
  }
  throw new Error("no demo piece under ₹1,999 in stock");
}

/** The figures of a breakdown on the page, by its rows' test ids. */
async function expectBreakdown(
  page: Page,
  prefix: "checkout" | "order",
  priced: { subtotal: number; deliveryCharge: number; total: number; gstIncluded: number },
) {
  await expect(page.getByTestId(`${prefix}-subtotal`)).toHaveText(formatRupees(priced.subtotal));
  await expect(page.getByTestId(`${prefix}-delivery`)).toHaveText(formatRupees(priced.deliveryCharge));
  await expect(page.getByTestId(`${prefix}-total`)).toHaveText(formatRupees(priced.total));
  await expect(page.getByTestId(`${prefix}-gst`)).toHaveText(
    `Includes GST of ${formatRupees(priced.gstIncluded)}`,
  );
  // The store charges no COD fee and gives no discount: neither has a row.
  await expect(page.getByText("Cash on Delivery fee")).toHaveCount(0);
  await expect(page.getByText("Discount", { exact: true })).toHaveCount(0);
}

test("checkout and the order's page break the price down as the server priced it, GST included, and paying in cash adds nothing", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const piece = await pieceWithDelivery(page);
  await newVerifiedShopper(page, baseURL!, { signedIn: true });
  const headers = { origin: new URL(baseURL!).origin, "x-forwarded-for": addressOfItsOwn() };
  const saved = await page.request.post("/api/addresses/add-address", { data: CHENNAI, headers });
  expect(saved.ok(), await saved.text()).toBe(true);
  const priced = (
    await (
      await page.request.post("/api/orders/price-cart", {
        data: { items: [{ id: piece.id, size: piece.size, quantity: 1 }] },
      })
    ).json()
  ).data;
  expect(priced).toMatchObject({ subtotal: piece.price, deliveryCharge: 99, total: piece.price + 99 });
  expect(priced.gstIncluded).toBeGreaterThan(0);

  await page.addInitScript((line) => localStorage.setItem("cartItems", JSON.stringify([line])), piece);
  await gotoAndWaitForHydration(page, "/checkout");
  const summary = page.getByRole("complementary", { name: "Order summary" });
  await expectBreakdown(page, "checkout", priced);
  await lookAt(summary, "checkout-breakdown");
  await expectNoAxeViolations(page);

  // Cash on Delivery: no fee appears, the total stays.
  await page.getByRole("radio", { name: /Meera Iyer/ }).check();
  const cash = page.getByRole("radio", { name: /^Cash on Delivery/ });
  await expect(cash).toBeEnabled();
  await cash.check();
  await expectBreakdown(page, "checkout", priced);
  await lookAt(page, "checkout", { fullPage: true });
  await page.getByRole("button", { name: "Place Order" }).click();

  // The order's page says the same, to its shopper and to staff.
  await expect(page).toHaveURL(/\/orders\/RB[0-9A-Z]{10}$/);
  const orderId = page.url().split("/").pop()!;
  await expectBreakdown(page, "order", priced);
  await page.getByTestId("order-gst").scrollIntoViewIfNeeded();
  await lookAt(page, "order", { fullPage: true });
  await expectNoAxeViolations(page);
  await signIn(page, STAFF.email, STAFF.password);
  await gotoAndWaitForHydration(page, `/orders/${orderId}`);
  await expectBreakdown(page, "order", priced);
});
