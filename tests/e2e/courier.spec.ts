import { expect, test } from "@playwright/test";
import { gotoHydrated } from "./support";

/** A demo product page (any: every piece is delivered the same way). */
const PRODUCT = "/products/1";

test("Check delivery from a product page gives the date for a pincode, says where the courier does not go, and leads back", async ({
  page,
}) => {
  await gotoHydrated(page, PRODUCT);
  await page.getByLabel("Check delivery").fill("600004");
  await page.getByRole("button", { name: "Check", exact: true }).click();
  await expect(page).toHaveURL(/\/delivery-check\?product=1&(customised=1&)?pincode=600004$/);
  await expect(page.getByRole("status")).toContainText(
    /^Delivery to Chennai, Tamil Nadu by (Mon|Tue|Wed|Thu|Fri|Sat), \d{1,2} [A-Z][a-z]{2}\./,
  );
  await page.getByLabel("Check delivery").fill("194101");
  await page.getByRole("button", { name: "Check", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText(
    "The courier has paused deliveries to 194101 for now. Please try again in a few days.",
  );
  await page.getByRole("link", { name: "Back to the product" }).click();
  await expect(page).toHaveURL(new RegExp(`${PRODUCT}$`));
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Check delivery works as a plain form", async ({ page }) => {
    await page.goto(PRODUCT);
    await page.getByLabel("Check delivery").fill("744101");
    await page.getByRole("button", { name: "Check", exact: true }).click();
    await expect(page.getByRole("status")).toContainText(
      /^Delivery to South Andaman, Andaman and Nicobar Islands by/,
    );
  });
});
