import { expect, test, type Page } from "@playwright/test";
import {
  addressOfItsOwn,
  expectNoAxeViolations,
  fillContactForm,
  gotoAndWaitForHydration,
  logIn,
  newVerifiedShopper,
  registerUntilTheCodeDialog,
  signIn,
  STAFF,
} from "./support";

/*
 * The storefront for every hand: what a keyboard and a screen reader meet (a failing network:
 * network-failures.spec.ts).
 */

// Registrations, logins and messages sent here count against an address of this file's own.
test.use({ extraHTTPHeaders: { "x-forwarded-for": addressOfItsOwn() } });

test.describe("the customisations banner", () => {
  const region = (page: Page) => page.getByRole("region", { name: "Customisations we offer" });
  const playState = (page: Page) =>
    region(page)
      .locator(".marquee")
      .evaluate((element) => getComputedStyle(element).animationPlayState);

  test(
    "pauses and plays with its button, under the pointer and under keyboard focus",
    { tag: "@desktop" },
    async ({ page }) => {
      await gotoAndWaitForHydration(page, "/");
      await page.mouse.move(5, 600);
      expect(await playState(page)).toBe("running");

      await region(page).getByRole("button", { name: "Pause the banner" }).click();
      await page.mouse.move(5, 600);
      expect(await playState(page)).toBe("paused");
      await expectNoAxeViolations(page);
      await page.emulateMedia({ reducedMotion: "no-preference" });

      await region(page).getByRole("button", { name: "Play the banner" }).click();
      await page.mouse.move(5, 600);
      expect(await playState(page)).toBe("running");

      await region(page).hover();
      expect(await playState(page)).toBe("paused");
      await page.mouse.move(5, 600);
      expect(await playState(page)).toBe("running");

      // After the skip link comes the banner's button.
      await page.getByRole("link", { name: "Skip to content" }).focus();
      await page.keyboard.press("Tab");
      await expect(region(page).getByRole("button", { name: "Pause the banner" })).toBeFocused();
      expect(await playState(page)).toBe("paused");
      await page.keyboard.press("Tab");
      expect(await playState(page)).toBe("running");
    },
  );

  test(
    "stands still with reduced motion, and offers no button then",
    { tag: "@desktop" },
    async ({ page }) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      await gotoAndWaitForHydration(page, "/");
      const name = await region(page)
        .locator(".marquee")
        .evaluate((element) => getComputedStyle(element).animationName);
      expect(name).toBe("none");
      await expect(region(page).getByRole("button")).toBeHidden();
    },
  );
});

/** The first product of the catalog's first page. */
async function firstProductPath(page: Page): Promise<string> {
  const response = await page.request.get("/api/products/get-products?page=1&limit=1");
  const body = (await response.json()) as { data: Array<{ _id: number }> };
  return `/products/${body.data[0]!._id}`;
}

test.describe("the product tabs", () => {
  test(
    "Home and End reach the first and last tab, and the focus ring shows whole",
    { tag: "@desktop" },
    async ({ page }) => {
      await gotoAndWaitForHydration(page, await firstProductPath(page));
      const tablist = page.getByRole("tablist", { name: "Product information" });
      const details = tablist.getByRole("tab", { name: "Product Details" });
      const care = tablist.getByRole("tab", { name: "Care Guide" });
      await details.focus();
      // Focused from the keyboard, so that :focus-visible draws the ring.
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("ArrowLeft");
      await expect(details).toBeFocused();

      await page.keyboard.press("End");
      await expect(care).toBeFocused();
      await expect(care).toHaveAttribute("aria-selected", "true");
      await expect(page.getByRole("tabpanel", { name: "Care Guide" })).toBeVisible();
      await page.keyboard.press("Home");
      await expect(details).toBeFocused();
      await expect(details).toHaveAttribute("aria-selected", "true");

      // The list scrolls sideways and so clips what is drawn outside it: the whole ring must lie inside it.
      for (const tab of [details, care]) {
        await tab.focus();
        await page.keyboard.press(tab === care ? "End" : "Home");
        const ring = await tab.evaluate((element) => {
          const style = getComputedStyle(element);
          const reach = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth);
          const own = element.getBoundingClientRect();
          const list = element.parentElement!.getBoundingClientRect();
          return {
            drawn: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0,
            inside:
              own.top - reach >= list.top - 0.5 &&
              own.bottom + reach <= list.bottom + 0.5 &&
              own.left - reach >= list.left - 0.5 &&
              own.right + reach <= list.right + 0.5,
          };
        });
        expect(ring).toEqual({ drawn: true, inside: true });
      }
      await expectNoAxeViolations(page);
    },
  );
});

test.describe("the product list", () => {
  test.describe("with the filters beside the list (768 px and wider)", { tag: "@desktop" }, () => {
    test.use({ viewport: { width: 1280, height: 800 } });

    test("the arrow keys move through the sidebar's radios, which stay focused while the list loads", async ({
      page,
    }) => {
      await gotoAndWaitForHydration(page, "/products");
      const category = page
        .getByRole("complementary", { name: "Filters" })
        .getByRole("group", { name: "Category" });
      const radios = category.getByRole("radio");
      await radios.first().focus();
      await page.keyboard.press("ArrowDown");
      await expect(page).toHaveURL(/category=/);
      await expect(radios.nth(1)).toBeFocused();
      await expect(radios.nth(1)).toBeChecked();
      const first = new URL(page.url()).searchParams.get("category");

      await page.keyboard.press("ArrowDown");
      await expect(radios.nth(2)).toBeChecked();
      await expect(page).not.toHaveURL(new RegExp(`category=${first}(&|$)`));
      await expect(radios.nth(2)).toBeFocused();
      await expect(page.getByRole("status").filter({ hasText: /^Showing/ })).toBeVisible();
      await expect(radios.nth(2)).toBeFocused();

      // Back shows the filters of the address again.
      await page.goBack();
      await expect(radios.nth(1)).toBeChecked();
    });
  });

  test(
    "a search sent with Enter keeps the keyboard in the search box, and Clear search returns to it",
    { tag: "@desktop" },
    async ({ page }) => {
      await gotoAndWaitForHydration(page, "/products");
      const search = page.getByRole("main").getByRole("searchbox", { name: "Search products" });
      await search.focus();
      await page.keyboard.type("silk");
      await page.keyboard.press("Enter");
      await expect(page.getByRole("heading", { level: 1, name: "Results for “silk”" })).toBeVisible();
      await expect(search).toBeFocused();
      await expect(search).toHaveValue("silk");

      await page.keyboard.press("ControlOrMeta+A");
      await page.keyboard.type("zqxjvw");
      await page.keyboard.press("Enter");
      await expect(page.getByText("No products match “zqxjvw”.")).toBeVisible();
      await expect(search).toBeFocused();
      await page.getByRole("link", { name: "Clear search" }).focus();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("heading", { level: 1, name: "All products" })).toBeVisible();
      await expect(search).toHaveValue("");
      await expect(search).toBeFocused();
      await expectNoAxeViolations(page);
    },
  );

  test(
    "Load More hands the keyboard to the first product it added",
    { tag: "@desktop" },
    async ({ page }) => {
      await gotoAndWaitForHydration(page, "/products");
      const names = page.locator("main article h3 a");
      await expect(names).toHaveCount(8);
      await page.getByRole("button", { name: "Load More" }).focus();
      await page.keyboard.press("Enter");
      await expect(names.nth(8)).toBeFocused();
      await expectNoAxeViolations(page);
    },
  );

  test.describe("with the filters in a dialog (a phone)", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("Apply Filters on a phone returns the keyboard to the Filters & Sort button", async ({ page }) => {
      await gotoAndWaitForHydration(page, "/products");
      const opener = page.getByRole("button", { name: "Filters & Sort" });
      await opener.click();
      const dialog = page.getByRole("dialog", { name: "Filters & Sort" });
      await dialog.getByRole("group", { name: "Category" }).getByRole("radio").nth(1).check();
      await dialog.getByRole("button", { name: "Apply Filters" }).click();
      await expect(page).toHaveURL(/category=/);
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("status").filter({ hasText: /^Showing/ })).toBeVisible();
      await expect(opener).toBeFocused();
    });
  });
});

test.describe("focus after a control goes away", { tag: "@desktop" }, () => {
  test("in the bag: minus reaching 1 moves to plus, a removed line to the next line, the last to the empty bag", async ({
    page,
  }) => {
    const line = (id: number, name: string, quantity: number) => ({
      id,
      name,
      title: name,
      image: null,
      price: 1000,
      size: "M",
      quantity,
    });
    await page.addInitScript(
      (lines) => localStorage.setItem("cartItems", JSON.stringify(lines)),
      [line(1, "Rose Anarkali", 2), line(2, "Teal Lehenga", 1)],
    );
    await gotoAndWaitForHydration(page, "/wishlist");
    await page.getByRole("button", { name: "Bag, 3 items" }).click();
    const bag = page.getByRole("dialog", { name: "Your Bag" });

    await bag.getByRole("button", { name: "Decrease quantity of Rose Anarkali, size M" }).focus();
    await page.keyboard.press("Enter");
    await expect(bag.getByLabel("Quantity 1").first()).toBeVisible();
    await expect(
      bag.getByRole("button", { name: "Increase quantity of Rose Anarkali, size M" }),
    ).toBeFocused();

    await bag.getByRole("button", { name: "Remove Rose Anarkali, size M" }).focus();
    await page.keyboard.press("Enter");
    await expect(bag.getByRole("link", { name: "Teal Lehenga" })).toBeFocused();

    await bag.getByRole("button", { name: "Remove Teal Lehenga, size M" }).focus();
    await page.keyboard.press("Enter");
    await expect(bag.getByText("Your cart is empty")).toBeFocused();
    await expectNoAxeViolations(page);
  });

  test("a card removed from the wishlist hands the keyboard to the list's heading", async ({ page }) => {
    await page.addInitScript(() =>
      localStorage.setItem(
        "wishlist",
        JSON.stringify([
          { id: 1, name: "Rose Anarkali", price: 1000, image: null },
          { id: 2, name: "Teal Lehenga", price: 2000, image: null },
        ]),
      ),
    );
    await gotoAndWaitForHydration(page, "/wishlist");
    await page.getByRole("button", { name: "Remove Rose Anarkali from wishlist" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Wishlist", level: 1 })).toBeFocused();
    await page.getByRole("button", { name: "Remove Teal Lehenga from wishlist" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Your wishlist is empty" })).toBeFocused();
  });

  test("staff deleting a product go on to the next card", async ({ page }) => {
    await signIn(page, STAFF.email, STAFF.password);
    await gotoAndWaitForHydration(page, "/products?category=4");
    const names = page.locator("main article h3 a");
    const [first, second] = [await names.nth(0).textContent(), await names.nth(1).textContent()];
    await page.getByRole("button", { name: `Delete ${first}` }).click();
    await page
      .getByRole("dialog", { name: "Delete this product?" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(page.getByText("Product Deleted")).toBeVisible();
    await expect(names.filter({ hasText: first! })).toHaveCount(0);
    await expect(page.getByRole("link", { name: second!, exact: true })).toBeFocused();
  });

  test("the owner's Make admin asks first, and then hands the keyboard to the answer", async ({
    page,
    baseURL,
  }) => {
    const email = await newVerifiedShopper(page, baseURL!);
    await signIn(page, "owner@rangoli.example", "rangoli-demo-2026");
    await gotoAndWaitForHydration(page, "/super-admin-dashboard?group=customers");
    const row = page.getByRole("main").locator("tr").filter({ hasText: email });
    await row.getByText("Make admin…").focus();
    await page.keyboard.press("Enter");
    await expect(row.getByText(/will be able to add and edit products/)).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(row.getByRole("button", { name: /^Yes, make admin/ })).toBeFocused();
    await page.keyboard.press("Enter");
    const answer = page.getByRole("status").filter({ hasText: "is now an admin" });
    await expect(answer).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(answer).toBeFocused();
    await expectNoAxeViolations(page);
  });

  test("Escape on the code dialog returns to the button that opens it", async ({ page }) => {
    await registerUntilTheCodeDialog(page, "escape");
    const dialog = page.getByRole("dialog", { name: "Verify your email" });
    await expect(dialog.getByLabel("Digit 1 of 6")).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Enter the code" })).toBeFocused();
  });

  test("a sent contact message hands the keyboard to the form's heading", async ({ page }) => {
    await gotoAndWaitForHydration(page, "/contact");
    await fillContactForm(page);
    await page.getByRole("button", { name: "Send Message" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Message Sent!").first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Send us a message" })).toBeFocused();
  });
});

test("the welcome toast leaves the header usable", { tag: "@both" }, async ({ page }) => {
  // The page's clock stops once the toast is up (a second on, as pausing cannot go back), so that the toast
  // stays for the checks however slow the machine.
  await page.clock.install();
  await gotoAndWaitForHydration(page, "/login");
  await logIn(page, "shopper@rangoli.example", "rangoli-demo-2026");
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Login Successful" });
  await expect(toast).toBeVisible();
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  await expect(toast).toHaveAttribute("data-mounted", "true");
  const header = page.getByRole("banner");
  const [toastBox, headerBox] = [await toast.boundingBox(), await header.boundingBox()];
  const overlaps =
    toastBox!.y < headerBox!.y + headerBox!.height &&
    headerBox!.y < toastBox!.y + toastBox!.height &&
    toastBox!.x < headerBox!.x + headerBox!.width &&
    headerBox!.x < toastBox!.x + toastBox!.width;
  expect(overlaps).toBe(false);
  // The bag opens from the header while the toast shows.
  await header.getByRole("button", { name: /^Bag/ }).click();
  await expect(page.getByRole("dialog", { name: "Your Bag" })).toBeVisible();
  await expect(toast).toBeVisible();
});
