import { expect, test, type Page, type Route } from "@playwright/test";
import {
  addressOfItsOwn,
  expectNoAxeViolations,
  fillContactForm,
  gotoAndWaitForHydration,
  logIn,
  registerUntilTheCodeDialog,
} from "./support";

/*
 * What a shopper meets when the network or the server fails a form or a navigation: the page and what was
 * typed stay, and the page says what failed. The same at any width: runs on the phone only.
 */

// Registrations, logins and messages sent here count against an address of this file's own.
test.use({ extraHTTPHeaders: { "x-forwarded-for": addressOfItsOwn() } });

/** How a request of the page is made to fail: no answer at all, or the server's 500. */
const FAILURES = {
  "the network is down": (route: Route) => route.abort("internetdisconnected"),
  "the server answers 500": (route: Route) => route.fulfill({ status: 500, body: "Internal Server Error" }),
};

/** The page is still there: the store's header, and not React Router's error page. */
async function expectPageKept(page: Page) {
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
  await expect(page.getByRole("banner").getByRole("link", { name: "Rangoli Boutique" })).toBeVisible();
}

for (const [how, fail] of Object.entries(FAILURES)) {
  test.describe(`when ${how}`, () => {
    test("a login keeps the page and what was typed, and says it failed", async ({ page }) => {
      await gotoAndWaitForHydration(page, "/login");
      await page.route("**/login.data*", fail);
      await logIn(page, "shopper@rangoli.example", "rangoli-demo-2026");
      await expect(page.getByText("Login failed. Please try again.").first()).toBeVisible();
      await expectPageKept(page);
      await expect(page.getByLabel("Email")).toHaveValue("shopper@rangoli.example");
      await expect(page.getByLabel("Password", { exact: true })).toHaveValue("rangoli-demo-2026");
    });

    test("a registration keeps the form as typed, and says it failed", async ({ page }) => {
      await gotoAndWaitForHydration(page, "/register");
      await page.route("**/register.data*", fail);
      await page.getByLabel("Full Name").fill("Kavya Reddy");
      await page.getByLabel("Email").fill("kavya.failing@example.in");
      await page.getByLabel("Mobile Number").fill("98480 12345");
      await page.getByLabel("Password", { exact: true }).fill("saffron-silk-42");
      await page.getByLabel("Confirm Password").fill("saffron-silk-42");
      await page.getByLabel(/I agree to the/).check();
      await page.getByRole("button", { name: "Create Account" }).click();
      await expect(page.getByText("Registration Failed")).toBeVisible();
      await expect(page.getByText("Please try again later.")).toBeVisible();
      await expectPageKept(page);
      await expect(page.getByLabel("Full Name")).toHaveValue("Kavya Reddy");
      await expect(page.getByLabel("Email")).toHaveValue("kavya.failing@example.in");
    });

    test("a contact message stays in the form, and the page says it was not sent", async ({ page }) => {
      await gotoAndWaitForHydration(page, "/contact");
      await page.route("**/contact.data*", fail);
      await fillContactForm(page);
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(page.getByText("Failed to send message.").first()).toBeVisible();
      await expectPageKept(page);
      await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue(
        "Can the blouse be altered to a 36 fit?",
      );
    });

    test("forgot password keeps the e-mail and gives the spec's message", async ({ page }) => {
      await gotoAndWaitForHydration(page, "/forgot-password");
      await page.route("**/forgot-password.data*", fail);
      await page.getByLabel("Email").fill("shopper@rangoli.example");
      await page.getByRole("button", { name: "Send Reset Link" }).click();
      const message =
        how === "the network is down"
          ? "Failed to send reset link."
          : "Something went wrong. Please try again.";
      await expect(page.getByText(message).first()).toBeVisible();
      await expectPageKept(page);
      await expect(page.getByLabel("Email")).toHaveValue("shopper@rangoli.example");
    });

    test("a search of the product list keeps the page and the words, and says it failed", async ({
      page,
    }) => {
      await gotoAndWaitForHydration(page, "/products");
      await page.route("**/products.data*", fail);
      const search = page.getByRole("main").getByRole("searchbox", { name: "Search products" });
      await search.fill("silk");
      await search.press("Enter");
      await expect(page.getByText("Unable to fetch products").first()).toBeVisible();
      await expectPageKept(page);
      await expect(page.getByRole("main").getByRole("searchbox", { name: "Search products" })).toHaveValue(
        "silk",
      );
    });

    test("a product that cannot be fetched keeps the list it was opened from, and says so", async ({
      page,
    }) => {
      await gotoAndWaitForHydration(page, "/products");
      const names = page.locator("main article h3 a");
      await page.getByRole("button", { name: "Load More" }).click();
      await expect(names).toHaveCount(16);
      const listAddress = page.url();
      await page.route("**/products/*.data*", fail);
      await names.nth(9).focus();
      await page.keyboard.press("Enter");
      await expect(page.getByText("Failed to fetch product").first()).toBeVisible();
      await expectPageKept(page);
      // The list stays as it was, with the page Load More added, and the keyboard where it was.
      await expect(page).toHaveURL(listAddress);
      await expect(names).toHaveCount(16);
      await expect(names.nth(9)).toBeFocused();
      await expect(page.getByRole("heading", { level: 1, name: "All products" })).toBeVisible();
      await expectNoAxeViolations(page);

      // Once the product answers again, the same link opens it.
      await page.unroute("**/products/*.data*");
      await names.nth(9).click();
      await expect(page).toHaveURL(/\/products\/\d+$/);
      await expect(page.getByRole("button", { name: "ADD TO BAG" })).toBeVisible();
    });
  });
}

test("a code the network fails to check leaves the dialog open and says so", async ({ page }) => {
  await registerUntilTheCodeDialog(page, "offline");
  const dialog = page.getByRole("dialog", { name: "Verify your email" });
  await expect(dialog.getByLabel("Digit 1 of 6")).toBeFocused();
  await page.route("**/verify-email.data*", (route) => route.abort("internetdisconnected"));
  await page.keyboard.type("123456");
  await dialog.getByRole("button", { name: "Verify & Create Account" }).click();
  await expect(page.getByText("OTP Verification Failed", { exact: true })).toBeVisible();
  await expect(dialog.getByRole("alert")).toHaveText("OTP verification failed");
  await expect(dialog).toBeVisible();
  await expectPageKept(page);
});
