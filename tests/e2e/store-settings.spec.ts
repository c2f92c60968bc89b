import { expect, test, type Page } from "@playwright/test";
import {
  expectNoAxeViolations,
  gotoAndWaitForHydration,
  lookAt,
  newVerifiedShopper,
  signIn,
} from "./support";

const OWNER = { email: "owner@rangoli.example", password: "rangoli-demo-2026" };

/** A demo piece under ₹1,999 in stock: its id, name and a size in stock. */
async function pieceUnderThreshold(page: Page) {
  const list = await (
    await page.request.get("/api/products/get-products?page=1&limit=48&maxPrice=1998")
  ).json();
  for (const summary of list.data as Array<{ _id: number }>) {
    const detail = (await (await page.request.get(`/api/products/get-product?id=${summary._id}`)).json())
      .data;
    const size = (detail.sizes as Array<{ label: string; stock: number }>).find((s) => s.stock >= 1);
    if (size && detail.price < 1999) return { id: detail._id as number, size: size.label };
  }
  throw new Error("no demo piece under ₹1,999 in stock");
}

/** Puts the store's delivery rule back as the other specs expect it, as the owner through the API. */
async function restoreDelivery(page: Page, baseURL: string) {
  const restored = await page.request.post("/api/admin/settings/update", {
    data: { deliveryCharge: 99, freeDeliveryFrom: 1999 },
    headers: { origin: new URL(baseURL).origin },
  });
  expect(restored.ok(), await restored.text()).toBe(true);
}

test(
  "the owner changes the delivery charge on Store settings, each bad field marked, and a shopper in another browser sees it at checkout at once",
  { tag: "@both" },
  async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);

    // A shopper, in a browser of their own, has a piece under ₹1,999 in the bag and is at checkout: ₹99.
    const shopperContext = await browser.newContext({
      viewport: page.viewportSize() ?? undefined,
      baseURL,
    });
    const shopper = await shopperContext.newPage();
    const piece = await pieceUnderThreshold(shopper);
    await newVerifiedShopper(shopper, baseURL!, { signedIn: true });
    await gotoAndWaitForHydration(shopper, `/products/${piece.id}`);
    await shopper
      .getByRole("group", { name: "Select Size" })
      .getByRole("radio", { name: piece.size, exact: true })
      .check({ force: true });
    await shopper.getByRole("button", { name: "ADD TO BAG" }).click();
    await shopper
      .getByRole("dialog", { name: "Your Bag" })
      .getByRole("button", { name: "Proceed to Checkout" })
      .click();
    await expect(shopper).toHaveURL(/\/checkout$/);
    await expect(shopper.getByTestId("checkout-delivery")).toHaveText("₹99");

    // The owner finds Store settings from the Super Admin Dashboard.
    await signIn(page, OWNER.email, OWNER.password);
    try {
      await gotoAndWaitForHydration(page, "/super-admin-dashboard");
      await page.getByRole("link", { name: "Store settings" }).click();
      await expect(page.getByRole("heading", { name: "Store settings", level: 1 })).toBeVisible();
      const charge = page.getByLabel("Delivery charge (₹)");
      await expect(charge).toHaveValue("99");

      // Bad values are marked at their fields, by the contract's own checks, and nothing is saved.
      await charge.fill("-5");
      await page.getByLabel("GSTIN").fill("36AAACR0000D1Z5");
      await page.getByRole("button", { name: "Save settings" }).click();
      await expect(charge).toHaveAttribute("aria-invalid", "true");
      await expect(charge).toHaveAccessibleDescription(/Give a delivery charge from ₹0 to ₹10,000/);
      await expect(page.getByLabel("GSTIN")).toHaveAccessibleDescription(/does not match its check digit/);
      await expect(charge).toBeFocused();
      await expectNoAxeViolations(page);
      await lookAt(page, "settings-errors", { fullPage: true });

      await charge.fill("149");
      await page.getByLabel("GSTIN").fill("36AAACR0000D1ZC");
      await page.getByRole("button", { name: "Save settings" }).click();
      await expect(page.getByText("Settings saved")).toBeVisible();
      const history = page.getByRole("region", { name: "Recent changes" });
      await expect(history.getByRole("listitem").first()).toContainText("Delivery charge (₹)");
      await expect(history.getByRole("listitem").first()).toContainText("₹99.00 → ₹149.00");
      await expect(history.getByRole("listitem").first()).toContainText(OWNER.email);
      await expect(charge).not.toHaveAttribute("aria-invalid", "true");
      await lookAt(page, "settings-saved", { fullPage: true });

      // The shopper's checkout, loaded again, charges the new amount: no restart, no wait.
      await shopper.reload();
      await expect(shopper.getByTestId("checkout-delivery")).toHaveText("₹149");
      await expect(shopper.getByText("Free delivery on orders of ₹1,999 or more; ₹149 below.")).toBeVisible();
    } finally {
      await restoreDelivery(page, baseURL!);
      await shopperContext.close();
    }
  },
);

test("Store settings are the super admin's: staff are sent away", { tag: "@desktop" }, async ({ page }) => {
  await signIn(page, "staff@rangoli.example", "rangoli-demo-2026");
  await page.goto("/admin/settings");
  await expect(page).toHaveURL(/\/not-available$/);
  await expect(page.getByLabel("Delivery charge (₹)")).toHaveCount(0);
});

test("the owner gives a category a parcel of its own on Store settings, a bad size marked, and gives it back to the usual parcel", async ({
  page,
  baseURL,
}) => {
  await signIn(page, OWNER.email, OWNER.password);
  await gotoAndWaitForHydration(page, "/admin/settings");
  const form = page.getByRole("form", { name: "Parcel of Anarkali" });
  try {
    await expect(form.getByText("(the usual parcel)")).toBeVisible();
    await form.getByLabel("Weight (g)").fill("40");
    await form.getByLabel("Length (cm)").fill("40");
    await form.getByLabel("Width (cm)").fill("30");
    await form.getByLabel("Height (cm)").fill("8");
    await form.getByRole("button", { name: "Save Anarkali's parcel" }).click();
    await expect(form.getByLabel("Weight (g)")).toHaveAttribute("aria-invalid", "true");
    await expect(
      form.getByText("Give the parcel's weight in grams, a whole number from 50 to 30,000."),
    ).toBeVisible();

    await form.getByLabel("Weight (g)").fill("800");
    await form.getByRole("button", { name: "Save Anarkali's parcel" }).click();
    await expect(form.getByText("(its own parcel)")).toBeVisible();
    await expect(form.getByLabel("Weight (g)")).not.toHaveAttribute("aria-invalid");
    await lookAt(page, "category-parcels", { fullPage: true });
    await expectNoAxeViolations(page);

    await form.getByRole("button", { name: "Use the usual parcel" }).click();
    await expect(form.getByText("(the usual parcel)")).toBeVisible();
    await expect(form.getByLabel("Weight (g)")).toHaveValue("");
  } finally {
    await page.request.post("/api/admin/category-parcels/save", {
      data: { categoryId: 1, parcel: null },
      headers: { origin: new URL(baseURL!).origin },
    });
  }
});
