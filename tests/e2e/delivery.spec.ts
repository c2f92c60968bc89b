import { execFileSync } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import {
  STAFF,
  expectNoAxeViolations,
  gotoAndWaitForHydration,
  lookAt,
  mailbox,
  newVerifiedShopper,
  paidOrder,
  productInStock,
  signIn,
} from "./support";

const RULE = "Free delivery on orders of ₹1,999 or more; ₹99 below";

/** A demo piece under ₹1,999 with two or more pieces in one size: its id, name, price and that size. */
async function pieceUnderThreshold(page: Page) {
  const list = await (
    await page.request.get("/api/products/get-products?page=1&limit=48&maxPrice=1998")
  ).json();
  for (const summary of list.data as Array<{ _id: number }>) {
    const detail = (await (await page.request.get(`/api/products/get-product?id=${summary._id}`)).json())
      .data;
    const size = (detail.sizes as Array<{ label: string; stock: number }>).find((s) => s.stock >= 2);
    if (size && detail.price < 1999 && detail.price * 2 >= 1999)
      return {
        id: detail._id as number,
        name: detail.name as string,
        price: detail.price as number,
        size: size.label,
      };
  }
  throw new Error("no demo piece under ₹1,999 in stock");
}

const rupees = (amount: number) => `₹${amount.toLocaleString("en-IN")}`;

test(
  "the delivery charge is the same on the product page, bag, checkout, order and invoice below ₹1,999, and absent above; the pincode fills the address and a state it is not in is refused",
  { tag: "@both" },
  async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const piece = await pieceUnderThreshold(page);
    await newVerifiedShopper(page, baseURL!, { signedIn: true });

    // The product page states the rule.
    await gotoAndWaitForHydration(page, `/products/${piece.id}`);
    await expect(page.getByTestId("delivery-rule")).toHaveText(RULE);
    await page
      .getByRole("group", { name: "Select Size" })
      .getByRole("radio", { name: piece.size, exact: true })
      .check({ force: true });
    await page.getByRole("button", { name: "ADD TO BAG" }).click();

    // The bag: ₹99 below ₹1,999, and what is left for free delivery; free once it reaches ₹1,999.
    const bag = page.getByRole("dialog", { name: "Your Bag" });
    await expect(bag.getByTestId("cart-delivery")).toHaveText("₹99");
    await expect(bag.getByTestId("cart-total")).toHaveText(rupees(piece.price + 99));
    await expect(bag.getByText(`Add ${rupees(1999 - piece.price)} more for free delivery.`)).toBeVisible();
    await expect(bag.getByText(/free delivery across India/i)).toHaveCount(0);
    await bag.getByRole("button", { name: `Increase quantity of ${piece.name}, size ${piece.size}` }).click();
    await expect(bag.getByTestId("cart-delivery")).toHaveText("Free");
    await expect(bag.getByTestId("cart-total")).toHaveText(rupees(piece.price * 2));
    await bag.getByRole("button", { name: `Decrease quantity of ${piece.name}, size ${piece.size}` }).click();
    await expect(bag.getByTestId("cart-delivery")).toHaveText("₹99");
    await bag.getByRole("button", { name: "Proceed to Checkout" }).click();
    await expect(page).toHaveURL(/\/checkout$/);

    // Checkout says it before Place Order.
    await expect(page.getByTestId("checkout-delivery")).toHaveText("₹99");
    await expect(page.getByText(`${RULE}.`)).toBeVisible();

    // The pincode fills city, district and state; a state the pincode is not in is refused.
    const form = page.locator("form", { hasText: "New delivery address" });
    await form.getByLabel("Name").fill("Kavya Reddy");
    await form.getByLabel("Phone").fill("98480 12345");
    await form.getByLabel("Pincode").fill("500034");
    await expect(form.getByLabel("City")).toHaveValue("Hyderabad");
    await expect(form.getByLabel("District")).toHaveValue("Hyderabad");
    await expect(form.getByLabel("State")).toHaveValue("Telangana");
    await form.getByLabel("Address", { exact: true }).fill("Flat 4B, Lotus Apartments, Banjara Hills");
    await form.getByLabel("State").selectOption("Maharashtra");
    await form.getByRole("button", { name: "Save address" }).click();
    const refusal = "Pincode 500034 is in Telangana, not Maharashtra. Check the pincode or the state.";
    await expect(form.getByText(refusal)).toBeVisible();
    await expect(form.getByLabel("Pincode")).toHaveAttribute("aria-invalid", "true");
    await lookAt(form, "address-refused");
    await expectNoAxeViolations(page);
    await form.getByLabel("State").selectOption("Telangana");
    await form.getByRole("button", { name: "Save address" }).click();
    await expect(page.getByRole("radio", { name: /Kavya Reddy/ })).toBeChecked();
    await lookAt(page, "checkout", { fullPage: true });

    // Paid, the order and its invoice carry the same charge.
    await page.getByRole("radio", { name: /PhonePe/ }).check();
    const popup = page.waitForEvent("popup", { timeout: 5000 }).catch(() => null);
    await page.getByRole("button", { name: "Place Order" }).click();
    const payPage = (await popup) ?? page;
    await expect(payPage.getByRole("heading", { name: `Pay ${rupees(piece.price + 99)}` })).toBeVisible();
    await payPage.getByRole("button", { name: "Approve payment" }).click();
    await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible({ timeout: 15_000 });
    const orderId = new URL(page.url()).searchParams.get("orderId")!;
    await gotoAndWaitForHydration(page, `/orders/${orderId}`);
    await expect(page.getByTestId("order-delivery")).toHaveText("₹99");
    await expect(page.getByText(rupees(piece.price + 99), { exact: true })).toBeVisible();
    const invoice = await page.request.get(`/api/orders/gst-document?id=${orderId}&kind=invoice`);
    expect(invoice.ok()).toBe(true);
    const text = execFileSync("pdftotext", ["-layout", "-", "-"], { input: await invoice.body() }).toString();
    expect(text).toMatch(/Delivery charge\s+9965\s+1\s+₹99\.00/);
    expect(text).toContain("36-Telangana");
    expect(text).toMatch(new RegExp(`Total \\(GST included\\)\\s+${rupees(piece.price + 99)}\\.00`));
  },
);

test("the shopper's order page shows the courier and a tracking link once shipped, and staff correct them once", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { email, orderId } = await paidOrder(page, baseURL!, (await productInStock(page)).id);

  await signIn(page, STAFF.email, STAFF.password);
  await gotoAndWaitForHydration(page, `/orders/${orderId}`);
  await page.getByLabel("Courier (optional)").selectOption("bluedart");
  await page.getByLabel("Tracking number").fill("12345678901");
  await page.getByRole("button", { name: "Mark Shipped" }).click();
  await expect(page.getByText("Order marked Shipped.")).toBeVisible();

  await signIn(page, email);
  await gotoAndWaitForHydration(page, `/orders/${orderId}`);
  const delivery = page.getByRole("region", { name: "Delivery" });
  await expect(delivery.getByText("Blue Dart", { exact: true })).toBeVisible();
  await expect(delivery.getByText("12345678901", { exact: true })).toBeVisible();
  await expect(delivery.getByRole("link", { name: "Track your parcel on Blue Dart's site" })).toHaveAttribute(
    "href",
    "https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo=12345678901",
  );
  await expectNoAxeViolations(page);
  // Her card in My Orders says the same.
  await gotoAndWaitForHydration(page, "/orders");
  const card = page.getByRole("article", { name: `Order #${orderId}` });
  await expect(card.getByRole("link", { name: "Track your parcel on Blue Dart's site" })).toBeVisible();

  // Staff correct the courier and number, once.
  await signIn(page, STAFF.email, STAFF.password);
  await gotoAndWaitForHydration(page, `/orders/${orderId}`);
  await page.getByText("Correct courier or tracking…").click();
  const correction = page.locator("form", { hasText: "Save and tell the shopper" });
  await correction.getByLabel("Courier").selectOption("delhivery");
  await correction.getByLabel("Tracking number").fill("1234567890123");
  await correction.getByRole("button", { name: "Save and tell the shopper" }).click();
  await expect(page.getByText("Tracking details corrected. The shopper has been e-mailed.")).toBeVisible();
  await expect(page.getByText("tracking: Blue Dart 12345678901 → Delhivery 1234567890123")).toBeVisible();
  await lookAt(page, "staff-order", { fullPage: true });

  await signIn(page, email);
  await gotoAndWaitForHydration(page, `/orders/${orderId}`);
  await expect(delivery.getByText("Delhivery", { exact: true })).toBeVisible();
  await expect(delivery.getByRole("link", { name: "Track your parcel on Delhivery's site" })).toHaveAttribute(
    "href",
    "https://www.delhivery.com/tracking?trackingId=1234567890123",
  );
  await lookAt(page, "shopper-order", { fullPage: true });
  await expect
    .poll(async () =>
      (await mailbox(page)).some(
        (mail) =>
          mail.to === email && mail.subject.includes(`corrected tracking details for order ${orderId}`),
      ),
    )
    .toBe(true);
});
