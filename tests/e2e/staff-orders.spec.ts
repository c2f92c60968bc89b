import { expect, test, type Page } from "@playwright/test";
import {
  expectNoAxeViolations,
  gotoAndWaitForHydration,
  mailbox,
  newVerifiedShopper,
  SHOPPER_PASSWORD as PASSWORD,
} from "./support";

// Helpers copied from checkout.spec.ts (kept apart so that either spec can change on its own).
const STAFF = { email: "staff@rangoli.example", password: "rangoli-demo-2026" };

async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

/** Signs the browser out (cookies only) and in again as someone else, from the login page. */
async function switchTo(page: Page, email: string, password = PASSWORD) {
  await page.context().clearCookies();
  await gotoAndWaitForHydration(page, "/login");
  await logIn(page, email, password);
  await expect(page).not.toHaveURL(/\/login/);
}

async function productInStock(page: Page) {
  const list = await (await page.request.get("/api/products/get-products?page=1&limit=24")).json();
  for (const summary of list.data as Array<{ _id: number }>) {
    const detail = (await (await page.request.get(`/api/products/get-product?id=${summary._id}`)).json())
      .data;
    if ((detail.sizes as Array<{ stock: number }>).some((size) => size.stock >= 3))
      return { id: detail._id as number, name: detail.name as string };
  }
  throw new Error("no demo product in stock");
}

async function buyOne(page: Page, email: string) {
  const product = await productInStock(page);
  await gotoAndWaitForHydration(page, `/products/${product.id}`);
  await page
    .getByRole("group", { name: "Select Size" })
    .getByRole("radio", { disabled: false })
    .first()
    .check({ force: true });
  await page.getByRole("button", { name: "ADD TO BAG" }).click();
  await page
    .getByRole("dialog", { name: "Your Bag" })
    .getByRole("button", { name: "Proceed to Checkout" })
    .click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcheckout$/);
  await logIn(page, email);
  await expect(page).toHaveURL(/\/checkout$/);
  const form = page.locator("form", { hasText: "New delivery address" });
  await form.getByLabel("Name").fill("Meera Iyer");
  await form.getByLabel("Phone").fill("99887 76655");
  await form.getByLabel("Address").fill("7 Temple Street, Mylapore");
  await form.getByLabel("City").fill("Chennai");
  await form.getByLabel("State").fill("Tamil Nadu");
  await form.getByLabel("Pincode").fill("600004");
  await form.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByRole("radio", { name: /Meera Iyer/ })).toBeChecked();
  await page.getByRole("radio", { name: /PhonePe/ }).check();
  const popup = page.waitForEvent("popup", { timeout: 5000 }).catch(() => null);
  await page.getByRole("button", { name: "Place Order" }).click();
  const payPage = (await popup) ?? page;
  await payPage.getByRole("button", { name: "Approve payment" }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible({ timeout: 15_000 });
  return new URL(page.url()).searchParams.get("orderId")!;
}

test("staff find a paid order in Received Orders and ship it; the shopper sees Shipped and gets the mail", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const email = await newVerifiedShopper(page, baseURL!);
  const orderId = await buyOne(page, email);

  await switchTo(page, STAFF.email, STAFF.password);
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await expect(page.getByText("Orders to ship", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Add New Product" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "See orders to ship" }).click();
  await expect(page).toHaveURL(/\/admin\/received-orders\?status=Processing$/);
  await expect(page.getByRole("heading", { name: "Received Orders" })).toBeVisible();
  await page.getByLabel("Order ID, name or phone").fill(orderId);
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page).toHaveURL(new RegExp(`search=${orderId}`));
  // A table row from the md breakpoint up, a card on a phone.
  const row = page.locator("tr:visible, article:visible").filter({ hasText: orderId });
  await expect(row).toHaveCount(1);
  await expect(row.getByText("Processing")).toBeVisible();
  await expect(page.getByText("Page 1", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await row.getByRole("link", { name: /View Details/ }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}$`));
  await expect(page.getByRole("heading", { name: `Order #${orderId}` })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Payment attempts" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole("cell", { name: `${orderId}-1`, exact: true })).toBeVisible();
  await page.getByText("Cancel order…").click();
  await expect(page.getByRole("button", { name: "Yes, cancel order" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel("Courier (optional)").fill("Blue Dart");
  await page.getByLabel("Tracking number (optional)").fill("BD998877665IN");
  await page.getByRole("button", { name: "Mark Shipped" }).click();
  await expect(page.getByText("Order marked Shipped.")).toBeVisible();
  await expect(page.getByText("Tracking number: BD998877665IN")).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark Delivered" })).toBeVisible();
  await expectNoAxeViolations(page);

  await switchTo(page, email);
  await gotoAndWaitForHydration(page, "/orders");
  await expect(page.getByRole("article", { name: `Order #${orderId}` }).getByText("Shipped")).toBeVisible();
  await expect
    .poll(
      async () =>
        (await mailbox(page)).find(
          (m) => m.to === email && m.subject.includes(`order ${orderId} has shipped`),
        )?.text ?? "",
    )
    .toContain("BD998877665IN");
});

test("Received Orders and the dashboard are for staff only", async ({ page, baseURL }) => {
  const email = await newVerifiedShopper(page, baseURL!);
  await page.goto("/admin/received-orders");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Freceived-orders$/);
  await switchTo(page, email);
  await page.goto("/admin/received-orders");
  await expect(page).toHaveURL(/\/not-available$/);
  await page.goto("/admin-dashboard");
  await expect(page).toHaveURL(/\/not-available$/);
});
