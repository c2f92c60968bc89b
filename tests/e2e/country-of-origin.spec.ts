import { expect, test } from "@playwright/test";
import {
  STAFF,
  expectNoAxeViolations,
  gotoAndWaitForHydration,
  lookAt,
  productInStock,
  signIn,
} from "./support";

test("the product page states where the piece was made, before it is bought", async ({ page }) => {
  const { id } = await productInStock(page);
  await page.goto(`/products/${id}`);
  // Beside the price: the demo catalog's pieces are made in India.
  await expect(page.getByTestId("country-of-origin")).toHaveText("Country of origin: India");
  await page.getByTestId("country-of-origin").scrollIntoViewIfNeeded();
  await lookAt(page, "product");
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(jsonLd.countryOfOrigin).toEqual({ "@type": "Country", name: "India" });
});

test(
  "staff set a product's country of origin on its form, checked as the API checks it, and the shop shows it",
  { tag: "@desktop" },
  async ({ page }) => {
    const { id } = await productInStock(page);
    await signIn(page, STAFF.email, STAFF.password);
    await gotoAndWaitForHydration(page, `/admin/products/${id}/edit`);
    const field = page.getByLabel("Country of origin");
    await expect(field).toHaveValue("India");

    await field.fill("  ");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toBeFocused();
    await expect(page.getByText("Enter the country of origin")).toBeVisible();
    await lookAt(field.locator("xpath=.."), "staff-form");
    await expectNoAxeViolations(page);
    await field.fill("Made in 2024");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Country of origin must be a country's name, such as India")).toBeVisible();

    try {
      await field.fill("bangladesh");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expect(page.getByText("Product updated successfully!")).toBeVisible();
      await expect(field).not.toHaveAttribute("aria-invalid");
      await page.goto(`/products/${id}`);
      await expect(page.getByTestId("country-of-origin")).toHaveText("Country of origin: Bangladesh");
    } finally {
      // The demo catalog's other tests find the piece as it was.
      await gotoAndWaitForHydration(page, `/admin/products/${id}/edit`);
      await page.getByLabel("Country of origin").fill("India");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expect(page.getByText("Product updated successfully!")).toBeVisible();
    }
  },
);
