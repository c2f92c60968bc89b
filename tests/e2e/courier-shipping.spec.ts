import { expect, test, type Page } from "@playwright/test";
import {
  expectNoAxeViolations,
  gotoAndWaitForHydration,
  paidOrder,
  placedCodOrder,
  productInStock,
  signIn,
  STAFF,
} from "./support";

/** Staff move the parcel on the courier sandbox from the order's page, as a person trying the store does. */
async function scan(page: Page, event: string) {
  const panel = page.getByRole("region", { name: "Delhivery" });
  await panel.getByLabel("Courier sandbox: move the parcel").selectOption({ label: event });
  await panel.getByRole("button", { name: "Scan" }).click();
  await expect(page.getByRole("status").getByText(event, { exact: true })).toBeVisible();
}

async function shipWithDelhivery(page: Page, orderId: string) {
  await signIn(page, STAFF.email, STAFF.password);
  await gotoAndWaitForHydration(page, `/orders/${orderId}`);
  const panel = page.getByRole("region", { name: "Delhivery" });
  await panel.getByRole("button", { name: "Ship with Delhivery" }).click();
  await expect(page.getByText("Shipped with Delhivery. The shopper has been e-mailed")).toBeVisible();
  await expect(panel.getByRole("link", { name: "Download the label (PDF)" })).toBeVisible();
  await expect(panel.getByText(/^Asked for on /)).toBeVisible();
  return panel;
}

test(
  "a cash order confirmed, shipped with Delhivery by staff, followed by its shopper to her door",
  { tag: "@both" },
  async ({ page, baseURL }) => {
    const { email, orderId } = await placedCodOrder(page, baseURL!);
    await gotoAndWaitForHydration(page, `/orders/${orderId}`);
    await page.getByRole("button", { name: "Confirm order" }).click();
    await expect(page.getByText("Thank you! Your order is confirmed")).toBeVisible();

    const panel = await shipWithDelhivery(page, orderId);
    const waybill = (await panel.locator("dd.font-mono").textContent())!.trim();
    expect(waybill).toMatch(/^\d{14}$/);
    await scan(page, "Picked up");
    await scan(page, "Out for delivery");
    await expect(panel.getByRole("list", { name: "The parcel's scans, newest first" })).toContainText(
      "Out for delivery",
    );
    await expectNoAxeViolations(page);

    // The shopper follows it, then it is delivered and paid in cash at the door.
    await signIn(page, email);
    await gotoAndWaitForHydration(page, `/orders/${orderId}`);
    const journey = page.getByRole("list", { name: "Your parcel's journey, newest first" });
    await expect(journey.getByRole("listitem")).toHaveText([
      /Out for delivery/,
      /Picked up by the courier/,
      /Booked with the courier/,
    ]);
    await expect(page.getByText(waybill).first()).toBeVisible();
    await expectNoAxeViolations(page);

    await signIn(page, STAFF.email, STAFF.password);
    await gotoAndWaitForHydration(page, `/orders/${orderId}`);
    await scan(page, "Delivered");
    await signIn(page, email);
    await gotoAndWaitForHydration(page, `/orders/${orderId}`);
    await expect(page.getByText("Delivered", { exact: true }).first()).toBeVisible();
    await expect(page.getByText("Success", { exact: true }).first()).toBeVisible();
    await expect(journey.getByRole("listitem").first()).toContainText("Delivered");
  },
);

test(
  "a failed delivery answered by staff, then the parcel returned: staff see it Returned",
  { tag: "@both" },
  async ({ page, baseURL }) => {
    const piece = await productInStock(page);
    const { orderId } = await paidOrder(page, baseURL!, piece.id);
    const panel = await shipWithDelhivery(page, orderId);
    await scan(page, "Picked up");
    await scan(page, "Delivery attempt failed");
    const failed = panel.getByRole("alert");
    await expect(failed).toContainText("Consignee unavailable");
    // The shopper gave another number on the phone: Delhivery gets it for the next attempt.
    await failed.getByText("Give Delhivery a new phone or address…").click();
    await failed.getByLabel("Phone").fill("90000 11111");
    await failed.getByRole("button", { name: "Send to Delhivery" }).click();
    await expect(page.getByText("Delhivery has the new details for the next attempt.")).toBeVisible();
    await failed.getByRole("button", { name: "Ask for another attempt" }).click();
    await expect(page.getByText("Delhivery has been asked to try the delivery again.")).toBeVisible();
    await expect(panel.getByRole("alert")).toContainText("Another attempt was asked for");
    await scan(page, "Sent back");
    await scan(page, "Returned to the shop");
    await expect(page.getByText("Returned", { exact: true }).first()).toBeVisible();
    await gotoAndWaitForHydration(page, "/admin/received-orders?show=returned");
    // The phone's cards and the desktop's table are both on the page: the one shown lists it.
    await expect(page.getByText(orderId).filter({ visible: true })).toBeVisible();
    // The dashboard counts it in this month's returns.
    await gotoAndWaitForHydration(page, "/admin-dashboard");
    const returns = page.getByRole("region", { name: "Parcels returned to us (RTO)" });
    await expect(returns.getByRole("row").nth(1)).toContainText(
      new Intl.DateTimeFormat("en-IN", { month: "long", year: "numeric", timeZone: "Asia/Kolkata" }).format(
        new Date(),
      ),
    );
    await expectNoAxeViolations(page);
  },
);
