import { expect, test, type Page } from "@playwright/test";
import {
  addressOfItsOwn,
  affordablePiece,
  CHENNAI,
  expectNoAxeViolations,
  gotoAndWaitForHydration,
  lookAt,
  mailbox,
  newVerifiedShopper,
  placedCodOrder,
  signIn,
  STAFF,
  staffMove,
} from "./support";

const PORT_BLAIR = {
  name: "Anita Das",
  phone: "94342 12345",
  address: "12 Aberdeen Bazaar",
  city: "Port Blair",
  state: "Andaman and Nicobar Islands",
  country: "India",
  pincode: "744101",
};

/** Saves an address in the signed-in shopper's address book through the API. */
async function saveAddress(page: Page, baseURL: string, address: typeof CHENNAI) {
  const saved = await page.request.post("/api/addresses/add-address", {
    data: address,
    headers: { origin: new URL(baseURL).origin },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}

/** From the piece's page: its size in the bag, and on to checkout. */
async function bagAndCheckOut(page: Page, piece: { id: number; size: string }) {
  await gotoAndWaitForHydration(page, `/products/${piece.id}`);
  await page
    .getByRole("group", { name: "Select Size" })
    .getByRole("radio", { name: piece.size, exact: true })
    .check({ force: true });
  await page.getByRole("button", { name: "ADD TO BAG" }).click();
  await page
    .getByRole("dialog", { name: "Your Bag" })
    .getByRole("button", { name: "Proceed to Checkout" })
    .click();
}

test(
  "a shopper pays in cash: refused where the courier takes no cash, placed and confirmed for Chennai, paid at the door",
  { tag: "@both" },
  async ({ page, baseURL }) => {
    const piece = await affordablePiece(page);
    const email = await newVerifiedShopper(page, baseURL!, { signedIn: true });
    await saveAddress(page, baseURL!, PORT_BLAIR);
    await saveAddress(page, baseURL!, CHENNAI);

    await bagAndCheckOut(page, piece);
    await expect(page).toHaveURL(/\/checkout$/);

    // Port Blair: the courier collects no cash there, and the page says so beside the choice.
    const cash = page.getByRole("radio", { name: /^Cash on Delivery/ });
    await page.getByRole("radio", { name: /Anita Das/ }).check();
    await expect(
      page.getByText("Cash on Delivery is not available at 744101. Please pay online with PhonePe."),
    ).toBeVisible();
    await expect(cash).toBeDisabled();

    // Chennai: offered.
    await page.getByRole("radio", { name: /Meera Iyer/ }).check();
    await expect(cash).toBeEnabled();
    await cash.check();
    await expect(page.getByText("You pay in cash when the parcel arrives.")).toBeVisible();
    await page.getByRole("button", { name: "Place Order" }).click();

    // Her order's page: it waits for her confirmation.
    await expect(page).toHaveURL(/\/orders\/RB[0-9A-Z]{10}$/);
    const orderId = page.url().split("/").pop()!;
    await expect(page.getByText("Confirm your order")).toBeVisible();
    // Held for 48 hours: the day is said with the time. The bag is empty: the order holds the pieces.
    await expect(
      page.getByText(/We hold the pieces for you until \d{1,2} [A-Z][a-z]{2}, \d{1,2}:\d{2} [ap]m/),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Bag, 0 items" })).toBeVisible();
    await expect(page.locator("p", { hasText: "Placed on" })).toContainText("Cash on Delivery");
    await page.getByRole("button", { name: "Confirm order" }).click();
    await expect(
      page.getByText("Thank you! Your order is confirmed and will be packed for dispatch."),
    ).toBeVisible();
    await expect(page.getByText("Confirm your order")).toHaveCount(0);
    await expect(page.getByText("Processing", { exact: true }).first()).toBeVisible();

    // Shipped and delivered: the cash collected, the order is paid and its invoice is there.
    await staffMove(page, baseURL!, orderId, {
      status: "Shipped",
      courier: "delhivery",
      trackingNumber: "DL7788990011",
    });
    await staffMove(page, baseURL!, orderId, { status: "Delivered" });
    await signIn(page, email);
    await gotoAndWaitForHydration(page, `/orders/${orderId}`);
    await expect(page.getByText("Delivered", { exact: true }).first()).toBeVisible();
    await expect(page.getByText("Success", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: /invoice/i }).first()).toBeVisible();
  },
);

test("staff find a cash order waiting for confirmation and confirm it by phone with a note", async ({
  page,
  baseURL,
}) => {
  const { orderId } = await placedCodOrder(page, baseURL!);
  await signIn(page, STAFF.email, STAFF.password);
  await gotoAndWaitForHydration(page, "/admin/received-orders?show=cash-to-confirm");
  const card = page.getByRole("article", { name: `Order ${orderId}` });
  await expect(card.getByText("COD: to confirm")).toBeVisible();
  await card.getByRole("link", { name: `View Details of order ${orderId}` }).click();
  const panel = page.getByRole("region", { name: "Cash on Delivery: waiting for confirmation" });
  await panel.getByLabel("How she confirmed").fill("Called at 11:05, she said yes");
  await panel.getByRole("button", { name: "Confirmed by phone" }).click();
  await expect(page.getByText("Processing", { exact: true }).first()).toBeVisible();
  await expect(panel).toHaveCount(0);
  await expect(page.getByText("confirmed by phone: Called at 11:05, she said yes")).toBeVisible();
});

test("the shopper confirms her cash order in one tap from the mail's link, signed out", async ({
  page,
  baseURL,
}) => {
  const { email, orderId } = await placedCodOrder(page, baseURL!);
  // The mail goes out from the outbox in the background.
  const confirmMail = async () =>
    (await mailbox(page)).find(
      (message) => message.to === email && message.subject.includes(`please confirm your order ${orderId}`),
    );
  await expect.poll(async () => Boolean(await confirmMail())).toBe(true);
  const mail = (await confirmMail())!;
  const link = /Confirm my order: (\S+)/.exec(mail.text)![1]!;
  await page.context().clearCookies();
  await gotoAndWaitForHydration(page, new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole("heading", { name: `Confirm your order #${orderId}` })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Confirm my order" }).click();
  await expect(
    page.getByText("Thank you! Your order is confirmed and will be packed for dispatch."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirm my order" })).toHaveCount(0);
  // A link that is not the mail's says so, and confirms nothing.
  await gotoAndWaitForHydration(page, `/orders/${orderId}/confirm?token=${"x".repeat(32)}`);
  await expect(page.getByText("This confirmation link has expired or is not valid.")).toBeVisible();
});

test("the owner's fee for paying in cash and discount for paying online are said beside the choices and priced before Place Order; paying online instead saves both", async ({
  page,
  baseURL,
  request,
}) => {
  // The owner sets a fee and a discount through the API in a session of her own; both are ₹0 again whatever happens.
  const origin = new URL(baseURL!).origin;
  const login = await request.post("/api/users/login", {
    data: { email: "owner@rangoli.example", password: "rangoli-demo-2026" },
    headers: { "x-forwarded-for": addressOfItsOwn() },
  });
  const owner = { origin, authorization: `Bearer ${(await login.json()).token}` };
  const setCharges = async (codFee: number, prepaidDiscount: number) => {
    const saved = await request.post("/api/admin/settings/update", {
      data: { codFee, prepaidDiscount },
      headers: owner,
    });
    expect(saved.ok(), await saved.text()).toBe(true);
  };
  await setCharges(49, 50);
  try {
    const piece = await affordablePiece(page);
    await newVerifiedShopper(page, baseURL!, { signedIn: true });
    await saveAddress(page, baseURL!, CHENNAI);
    await bagAndCheckOut(page, piece);
    await page.getByRole("radio", { name: /Meera Iyer/ }).check();

    // Before the choice: the fee and the discount are said beside them, and the total has neither.
    await expect(
      page.getByText("Pay in cash at the door, with a fee of ₹49. You confirm the order once it is placed."),
    ).toBeVisible();
    await expect(page.getByTestId("prepaid-nudge")).toHaveText("₹50 off when you pay online");
    await expect(page.getByTestId("checkout-cod-fee")).toHaveCount(0);
    await expect(page.getByTestId("checkout-discount")).toHaveCount(0);
    const rupees = async () =>
      Number((await page.getByTestId("checkout-total").innerText()).replace(/[^\d.]/g, ""));
    await expect(page.getByTestId("checkout-total")).toHaveText(/₹[\d,]+/);
    const online = await rupees();

    // PhonePe chosen: the server takes the discount off the total.
    await page.getByRole("radio", { name: /^PhonePe/ }).check();
    await expect(page.getByTestId("checkout-discount")).toHaveText("-₹50");
    await expect.poll(rupees).toBe(online - 50);
    await lookAt(page.getByRole("complementary", { name: "Order summary" }), "checkout-with-discount");

    // Cash chosen: the server prices the fee into the total, without the discount, before Place Order.
    await page.getByRole("radio", { name: /^Cash on Delivery/ }).check();
    await expect(page.getByTestId("checkout-cod-fee")).toHaveText("₹49");
    await expect(page.getByTestId("checkout-discount")).toHaveCount(0);
    await expect.poll(rupees).toBe(online + 49);
    await lookAt(page.getByRole("complementary", { name: "Order summary" }), "checkout-with-fee");
    await page.getByRole("button", { name: "Place Order" }).click();

    // Her order: the fee in its breakdown, and what paying online instead saves: the fee and the discount.
    await expect(page).toHaveURL(/\/orders\/RB[0-9A-Z]{10}$/);
    await expect(page.getByTestId("order-cod-fee")).toHaveText("₹49");
    await expect(page.getByRole("button", { name: "Pay now with PhonePe and save ₹99" })).toBeVisible();
    await lookAt(page, "order-with-fee", { fullPage: true });
    await expectNoAxeViolations(page);
    const orderPath = new URL(page.url()).pathname;

    // Paid online instead: PhonePe asks for the total without the fee, less the discount.
    await page.getByRole("button", { name: "Pay now with PhonePe and save ₹99" }).click();
    const asked = new RegExp(`^Pay ₹${(online - 50).toLocaleString("en-IN")} to `);
    await expect(page.getByRole("heading", { name: asked })).toBeVisible({ timeout: 20_000 });
    await page.getByRole("button", { name: "Approve payment" }).click();
    await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible({ timeout: 20_000 });
    await gotoAndWaitForHydration(page, orderPath);
    await expect(page.getByTestId("order-discount")).toHaveText("-₹50");
    await expect(page.getByTestId("order-cod-fee")).toHaveCount(0);
  } finally {
    await setCharges(0, 0);
  }
});
