import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import {
  addAddress,
  addressOfItsOwn,
  gotoAndWaitForHydration,
  logIn,
  newVerifiedShopper,
  setStock,
  STAFF,
} from "./support";

/**
 * A demo product with `stock` pieces in its first size, set by staff: the `index`th from the end of the
 * Ethnic Wear list, so that specs that pick the first products with stock never meet it.
 */
async function productWithStock(page: Page, stock: number, index: number) {
  const list = await (
    await page.request.get("/api/products/get-products?page=1&limit=48&categoryId=4")
  ).json();
  const products = list.data as Array<{ _id: number }>;
  const id = products[products.length - 1 - index]!._id;
  const detail = (await (await page.request.get(`/api/products/get-product?id=${id}`)).json()).data;
  const size = (detail.sizes as Array<{ label: string }>)[0]!.label;
  await setStock(page.request, id, { [size]: stock });
  return { id, size };
}

/** As a guest: puts one piece of the size in the bag, checks out, signs in and gets to Place Order. */
async function checkOutOne(page: Page, product: { id: number; size: string }, email: string) {
  await gotoAndWaitForHydration(page, `/products/${product.id}`);
  await page
    .getByRole("group", { name: "Select Size" })
    .getByRole("radio", { name: product.size, exact: true })
    .check({ force: true });
  await page.getByRole("button", { name: "ADD TO BAG" }).click();
  await page
    .getByRole("dialog", { name: "Your Bag" })
    .getByRole("button", { name: "Proceed to Checkout" })
    .click();
  await logIn(page, email);
  await expect(page).toHaveURL(/\/checkout$/);
  await addAddress(page);
  await page.getByRole("radio", { name: /PhonePe/ }).check();
}

/** Presses a button that opens PhonePe (a popup on a desktop, this tab on a phone) and returns its page. */
async function openPhonePe(page: Page, button: string) {
  // Whichever comes: the popup, or this tab on PhonePe's page (after the store's calls, which may be slow).
  const opened = Promise.race([
    page.waitForEvent("popup", { timeout: 30_000 }),
    page.waitForURL(/\/phonepe-sandbox\/pay/, { timeout: 30_000 }).then(() => page),
  ]);
  await page.getByRole("button", { name: button }).click();
  const payPage = await opened;
  await expect(payPage.getByRole("heading", { name: /^Pay ₹/ })).toBeVisible({ timeout: 20_000 });
  return payPage;
}

/** Leaves the payment pending on PhonePe's page and returns the order's id, back on this tab. */
async function leavePending(page: Page, payPage: Page) {
  await payPage.getByRole("button", { name: "Leave it pending" }).click();
  await expect(payPage.getByText("Waiting for PhonePe to confirm your payment.")).toBeVisible();
  const orderId = new URL(payPage.url()).searchParams.get("orderId")!;
  if (payPage !== page) await payPage.close();
  return orderId;
}

// Each journey goes through PhonePe's page twice: 25-55 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

/** Staff's view of the order's payment attempts (their states). */
async function attemptStates(request: APIRequestContext, orderId: string) {
  const headers = { "x-forwarded-for": addressOfItsOwn() };
  const login = await request.post("/api/users/login", { data: STAFF, headers });
  const details = await request.get(`/api/orders/get-order-details?id=${orderId}`, {
    headers: { ...headers, authorization: `Bearer ${(await login.json()).token}` },
  });
  return ((await details.json()).data.attempts as Array<{ state: string }>).map((a) => a.state);
}

test(
  "a payment left pending is paid later from the order page: one order, one paid attempt",
  { tag: "@both" },
  async ({ page, baseURL }) => {
    // Staff set the stock first: the shopper's sign-up leaves the browser signed out.
    const product = await productWithStock(page, 5, 0);
    const email = await newVerifiedShopper(page, baseURL!);
    await checkOutOne(page, product, email);
    const orderId = await leavePending(page, await openPhonePe(page, "Place Order"));

    await gotoAndWaitForHydration(page, `/orders/${orderId}`);
    await expect(
      page.getByText(/Waiting for payment\. We hold the pieces for you until \d{1,2}:\d\d [ap]m/),
    ).toBeVisible();
    await page.getByRole("button", { name: "Pay now" }).click();
    await expect(page.getByRole("heading", { name: /^Pay ₹/ })).toBeVisible({ timeout: 20_000 });
    await page.getByRole("button", { name: "Approve payment" }).click();
    await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible({ timeout: 20_000 });
    expect(new URL(page.url()).searchParams.get("orderId")).toBe(orderId);

    await page.goto("/orders");
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(
      page.getByRole("article", { name: `Order #${orderId}` }).getByText("Processing"),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: `Pay now for order ${orderId}` })).toHaveCount(0);
    // Two attempts at PhonePe, one paid; the first is still open there (it would be refunded if paid too).
    expect((await attemptStates(page.request, orderId)).sort()).toEqual(["COMPLETED", "PENDING"]);
  },
);

test("the bag offers to resume an unpaid order instead of placing a second", async ({ page, baseURL }) => {
  // Staff set the stock first: the shopper's sign-up leaves the browser signed out.
  const product = await productWithStock(page, 1, 1);
  const email = await newVerifiedShopper(page, baseURL!);
  await checkOutOne(page, product, email);
  const orderId = await leavePending(page, await openPhonePe(page, "Place Order"));

  // The last piece is in her own order: her bag says so, never "sold out".
  await gotoAndWaitForHydration(page, "/");
  await page.getByRole("button", { name: /^Bag, 1 item$/ }).click();
  const bag = page.getByRole("dialog", { name: "Your Bag" });
  await expect(bag.getByText(`In your order ${orderId}, waiting for payment until`)).toBeVisible();
  await expect(bag.getByText(/sold out/)).toHaveCount(0);
  await expect(bag.getByRole("button", { name: /^Increase quantity/ })).toBeDisabled();
  await bag.getByRole("button", { name: "Proceed to Checkout" }).click();

  await expect(page.getByText(`Pieces in your bag are held for your order ${orderId}`)).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole("button", { name: "Place Order" })).toHaveCount(0);
  const payPage = await openPhonePe(page, `Pay for order ${orderId}`);
  await payPage.getByRole("button", { name: "Approve payment" }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible({ timeout: 20_000 });
  await page.goto("/orders");
  await expect(page.getByRole("article")).toHaveCount(1);
});

test("cancelling an unpaid order, and a declined attempt, free their stock at once", async ({
  page,
  baseURL,
}) => {
  // Staff set the stock first: the shopper's sign-up leaves the browser signed out.
  const product = await productWithStock(page, 1, 2);
  const email = await newVerifiedShopper(page, baseURL!);
  const stock = async () =>
    (
      (await (await page.request.get(`/api/products/get-product?id=${product.id}`)).json()).data
        .sizes as Array<{
        label: string;
        stock: number;
      }>
    ).find((size) => size.label === product.size)!.stock;
  await checkOutOne(page, product, email);
  const first = await leavePending(page, await openPhonePe(page, "Place Order"));
  expect(await stock()).toBe(0);

  await gotoAndWaitForHydration(page, "/checkout");
  await page.getByRole("radio", { name: /PhonePe/ }).check();
  const payPage = await openPhonePe(page, "Cancel it and order again");
  await expect(page.getByRole("button", { name: "Place Order" })).toHaveCount(0);
  await payPage.getByRole("button", { name: "Decline payment" }).click();
  await expect(page.getByRole("heading", { name: "Payment Failed" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("No money was taken for this order.")).toBeVisible();
  const second = new URL(page.url()).searchParams.get("orderId")!;
  expect(second).not.toBe(first);
  // Both orders cancelled, the piece back on sale now, not at the end of a hold.
  expect(await stock()).toBe(1);
  await page.goto("/orders");
  for (const orderId of [first, second])
    await expect(
      page.getByRole("article", { name: `Order #${orderId}` }).getByText("Cancelled"),
    ).toBeVisible();
});
