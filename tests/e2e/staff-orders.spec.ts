import { expect, test } from "@playwright/test";
import {
  STAFF,
  expectNoAxeViolations,
  expectShopperSeesShipped,
  gotoAndWaitForHydration,
  lookAt,
  mailbox,
  newVerifiedShopper,
  paidOrder,
  productInStock,
  signIn,
} from "./support";

test(
  "staff find a paid order in Received Orders and ship it; the shopper sees Shipped and gets the mail",
  { tag: "@both" },
  async ({ page, baseURL }) => {
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
    await page.getByLabel("Order ID, name, e-mail or phone").fill(orderId);
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
    await expect(page.getByRole("link", { name: email })).toBeVisible();
    await expect(page.getByRole("cell", { name: `${orderId}-1`, exact: true })).toBeVisible();
    await page.getByText("Cancel order…").click();
    await expect(page.getByRole("button", { name: "Yes, cancel order" })).toBeVisible();
    await expect(page.getByRole("radio", { name: "The shopper asked to cancel" })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel("Courier (optional)").selectOption("bluedart");
    await page.getByLabel("Tracking number").fill("BD998877665IN");
    await page.getByRole("button", { name: "Mark Shipped" }).click();
    await expect(page.getByText("Order marked Shipped.")).toBeVisible();
    await expect(page.getByText("Tracking number: BD998877665IN")).toBeVisible();
    await expect(page.getByRole("button", { name: "Mark Delivered" })).toBeVisible();
    await expectNoAxeViolations(page);

    await expectShopperSeesShipped(page, email, orderId, "BD998877665IN");
  },
);

test(
  "Received Orders and the dashboard are for staff only",
  { tag: "@desktop" },
  async ({ page, baseURL }) => {
    const email = await newVerifiedShopper(page, baseURL!);
    await page.goto("/admin/received-orders");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Freceived-orders$/);
    await signIn(page, email);
    await page.goto("/admin/received-orders");
    await expect(page).toHaveURL(/\/not-available$/);
    await page.goto("/admin-dashboard");
    await expect(page).toHaveURL(/\/not-available$/);
  },
);

test(
  "staff find an order by the phone as the shopper gives it and cancel it with a reason the shopper reads",
  { tag: "@both" },
  async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    const { email, orderId } = await paidOrder(page, baseURL!, (await productInStock(page)).id, {
      phone: "98480 12345",
    });

    await signIn(page, STAFF.email, STAFF.password);
    await gotoAndWaitForHydration(page, "/admin/received-orders");
    // The orders that need work first: a paid order is among them, with the time of day it was placed.
    await expect(page.getByRole("link", { name: "Needs work" })).toHaveAttribute("aria-current", "page");
    const row = () => page.locator("tr:visible, article:visible").filter({ hasText: orderId });
    await expect(row()).toHaveCount(1);
    await expect(row().locator("time")).toHaveText(/\d{1,2}:\d\d [ap]m IST$/i);
    await expectNoAxeViolations(page);

    await page.getByLabel("Order ID, name, e-mail or phone").fill("+91 98480 12345");
    await page.getByRole("button", { name: "Find" }).click();
    await expect(page).toHaveURL(/search=%2B91\+98480\+12345/);
    await expect(row()).toHaveCount(1);
    await expect(page.getByText(/^All orders, matching “\+91 98480 12345”: \d+ orders?$/)).toBeVisible();
    await lookAt(page, "received-orders-search", { fullPage: true });

    await row()
      .getByRole("link", { name: /View Details/ })
      .click();
    await expect(page.getByRole("heading", { name: `Order #${orderId}` })).toBeVisible();
    await page.getByText("Cancel order…").click();
    // Another reason needs the words the shopper will read: the store says so at the field.
    await page.getByRole("radio", { name: "Another reason (write it)" }).check();
    await page.getByRole("button", { name: "Yes, cancel order" }).click();
    const note = page.getByLabel("In your words, for the shopper (needed for another reason)");
    await expect(note).toHaveAttribute("aria-invalid", "true");
    await expect(note).toHaveAccessibleDescription("Write the reason the shopper will read.");
    await expectNoAxeViolations(page);
    await lookAt(page.getByRole("region", { name: "Order status" }), "cancel-reason");
    const reason = "The silk for this piece did not pass our check; we are sorry.";
    await page.getByRole("radio", { name: "Another reason (write it)" }).check();
    await note.fill(reason);
    await page.getByRole("button", { name: "Yes, cancel order" }).click();
    await expect(page.getByText("Order marked Cancelled.")).toBeVisible();
    await expect(page.getByText(`the shopper is told: ${reason}`)).toBeVisible();

    await signIn(page, email);
    await gotoAndWaitForHydration(page, `/orders/${orderId}`);
    await expect(page.getByText(`We cancelled this order. Reason: ${reason}`)).toBeVisible();
    await expectNoAxeViolations(page);
    await lookAt(page, "cancelled-for-shopper", { fullPage: true });
    // The mail goes out from the outbox in the background.
    await expect
      .poll(
        async () =>
          (await mailbox(page)).find((sent) => sent.to === email && sent.subject.includes("cancelled"))
            ?.text ?? "",
      )
      .toContain(`Reason: ${reason}`);
  },
);

test(
  "the dashboard's figures lead to the orders and products behind them; its low stock pages",
  { tag: "@desktop" },
  async ({ page }) => {
    await signIn(page, STAFF.email, STAFF.password);
    await gotoAndWaitForHydration(page, "/admin-dashboard");
    await page.getByRole("link", { name: "See today's paid orders" }).click();
    await expect(page).toHaveURL(/\/admin\/received-orders\?show=all&paidFrom=\d{4}-\d\d-\d\d&paidTo=/);
    await expect(
      page.getByText(/^All orders, paid on \d{1,2} \w{3} \d{4} and not cancelled: \d+ orders?$/),
    ).toBeVisible();

    await gotoAndWaitForHydration(page, "/admin-dashboard");
    const low = page.getByRole("region", { name: /Sizes low in stock/ });
    const pages = low.getByRole("navigation", { name: "Pages of sizes low in stock" });
    if (await pages.isVisible()) {
      const first = await low.getByRole("listitem").allInnerTexts();
      await pages.getByRole("link", { name: "Next" }).click();
      await expect(page).toHaveURL(/lowPage=2/);
      await expect(pages.getByText(/^Page 2 of \d+$/)).toBeVisible();
      expect(await low.getByRole("listitem").allInnerTexts()).not.toEqual(first);
    }
    await low.getByRole("link", { name: "Products low in stock" }).click();
    await expect(page).toHaveURL(/\/admin\/products\?stock=low&sort=stock$/);
  },
);

test(
  "a refund PhonePe refuses waits for staff, who see why and record the bank transfer that paid it",
  { tag: "@desktop" },
  async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const { orderId } = await paidOrder(page, baseURL!, (await productInStock(page)).id, {
      refunds: "refuse",
    });

    await signIn(page, STAFF.email, STAFF.password);
    await gotoAndWaitForHydration(page, `/orders/${orderId}`);
    await page.getByText("Cancel order…").click();
    await page.getByRole("radio", { name: "The shopper asked to cancel" }).check();
    await page.getByRole("button", { name: "Yes, cancel order" }).click();
    await expect(page.getByText("Order marked Cancelled.")).toBeVisible();

    // The store's reconciler sends the refund to PhonePe, which refuses it: the order's page says so.
    const attention = page.getByRole("region", { name: /A refund needs you: ₹/ });
    await expect
      .poll(
        async () => {
          await page.reload();
          return attention.isVisible();
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await expect(attention).toContainText("PhonePe refused refund");
    await expect(attention).toContainText("REFUND_DECLINED");
    await expect(page.getByRole("region", { name: "Refunds" })).toContainText("PhonePe refused it");
    await expectNoAxeViolations(page);

    // The dashboard lists it first; Received Orders finds it by its badge and filter.
    await gotoAndWaitForHydration(page, "/admin-dashboard");
    const panel = page.getByRole("region", { name: /refunds? needs? you/i });
    await expect(panel.getByRole("link", { name: orderId })).toBeVisible();
    await expectNoAxeViolations(page);
    await gotoAndWaitForHydration(page, "/admin/received-orders");
    await page.getByRole("link", { name: "Refunds that need you" }).click();
    await expect(page).toHaveURL(/show=refunds/);
    const row = page.locator("tr:visible, article:visible").filter({ hasText: orderId });
    await expect(row.getByText("Refund needs you")).toBeVisible();
    await expectNoAxeViolations(page);

    // The shop was mailed what happened and where to act.
    await expect
      .poll(
        async () =>
          (await mailbox(page)).find((m) => m.subject.includes(`refund for order ${orderId} needs you`))
            ?.text ?? "",
      )
      .toContain(`/orders/${orderId}`);

    await row.getByRole("link", { name: /View Details/ }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${orderId}$`));
    await attention.getByLabel(/Paid it another way/).fill("NEFT N26112345678");
    await attention.getByRole("button", { name: "Mark refund paid" }).click();
    await expect(page.getByText("The refund is recorded as paid.")).toBeVisible();
    await expect(attention).toHaveCount(0);
    await expect(page.getByText("Refunded", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("region", { name: "Refunds" })).toContainText("NEFT N26112345678");
  },
);

test(
  "the super admin finds the PhonePe sandbox's credentials, made for this store, on the Payments page",
  { tag: "@desktop" },
  async ({ page }) => {
    await signIn(page, "owner@rangoli.example", STAFF.password);
    await gotoAndWaitForHydration(page, "/admin-dashboard");
    await page.getByRole("link", { name: /Payments/ }).click();
    await expect(page).toHaveURL(/\/admin\/payments$/);
    await expect(page.getByRole("heading", { name: "PhonePe's built-in sandbox" })).toBeVisible();
    await expect(page.getByText(/^SANDBOX_[0-9A-F]{12}$/)).toBeVisible();
    await expectNoAxeViolations(page);
    // Other staff are not shown them.
    await signIn(page, STAFF.email, STAFF.password);
    await page.goto("/admin/payments");
    await expect(page).toHaveURL(/\/not-available$/);
  },
);
