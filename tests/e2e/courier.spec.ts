import { expect, test } from "@playwright/test";
import { gotoHydrated } from "./support";

/** A demo product page (any: every piece is delivered the same way). */
const PRODUCT = "/products/1";

test("Check delivery on a product page gives the date for a pincode, and says where the courier does not go", async ({
  page,
}) => {
  await gotoHydrated(page, PRODUCT);
  const check = page.locator("form", { hasText: "Check delivery" });
  await check.getByLabel("Check delivery").fill("600004");
  await check.getByRole("button", { name: "Check" }).click();
  await expect(check.getByRole("status")).toContainText(
    /^Delivery to Chennai, Tamil Nadu by (Mon|Tue|Wed|Thu|Fri|Sat), \d{1,2} [A-Z][a-z]{2}\./,
  );
  await check.getByLabel("Check delivery").fill("194101");
  await check.getByRole("button", { name: "Check" }).click();
  await expect(check.getByRole("status")).toHaveText(
    "The courier has paused deliveries to 194101 for now. Please try again in a few days.",
  );
  await expect(page).toHaveURL(new RegExp(`${PRODUCT}$`));
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Check delivery is a form that answers on a page of its own, with the way back", async ({ page }) => {
    await page.goto(PRODUCT);
    const check = page.locator("form", { hasText: "Check delivery" });
    await check.getByLabel("Check delivery").fill("744101");
    await check.getByRole("button", { name: "Check" }).click();
    await expect(page).toHaveURL(/\/delivery-check\?product=1&pincode=744101$/);
    await expect(page.getByRole("status")).toContainText(
      /^Delivery to South Andaman, Andaman and Nicobar Islands by/,
    );
    await page.getByRole("link", { name: "Back to the product" }).click();
    await expect(page).toHaveURL(new RegExp(`${PRODUCT}$`));
  });
});
