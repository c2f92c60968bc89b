import { expect, test } from "@playwright/test";
import {
  expectNoAxeViolations,
  expectShopperSeesShipped,
  gotoAndWaitForHydration,
  newVerifiedShopper,
  paidOrder,
  productInStock,
  signIn,
  STAFF,
} from "./support";

test("staff find a paid order in Received Orders and ship it; the shopper sees Shipped and gets the mail", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { email, orderId } = await paidOrder(page, baseURL!, (await productInStock(page)).id);

  await signIn(page, STAFF.email, STAFF.password);
  await gotoAndWaitForHydration(page, "/admin-dashboard");
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

  await page.getByLabel("Courier (optional)").selectOption("bluedart");
  await page.getByLabel("Tracking number").fill("BD998877665IN");
  await page.getByRole("button", { name: "Mark Shipped" }).click();
  await expect(page.getByText("Order marked Shipped.")).toBeVisible();
  await expect(page.getByText("Tracking number: BD998877665IN")).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark Delivered" })).toBeVisible();
  await expectNoAxeViolations(page);

  await expectShopperSeesShipped(page, email, orderId, "BD998877665IN");
});

test("Received Orders and the dashboard are for staff only", async ({ page, baseURL }) => {
  const email = await newVerifiedShopper(page, baseURL!);
  await page.goto("/admin/received-orders");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Freceived-orders$/);
  await signIn(page, email);
  await page.goto("/admin/received-orders");
  await expect(page).toHaveURL(/\/not-available$/);
  await page.goto("/admin-dashboard");
  await expect(page).toHaveURL(/\/not-available$/);
});
