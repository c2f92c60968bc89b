import { expect, test, type Page } from "@playwright/test";
import { formatRupees } from "../../contract/money";
import {
  addressOfItsOwn,
  expectNoAxeViolations,
  gotoAndWaitForHydration,
  logIn,
  mailbox,
  newVerifiedShopper,
  setStock,
  setVisibility,
  addAddress,
} from "./support";

// Small things a shopper trips on (issue 23), each kept fixed by a test.

test("the code dialog's address opened in the browser is the 404 page, never a trace", async ({ page }) => {
  const response = await page.goto("/verify-email");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  const html = await response!.text();
  expect(html).not.toContain("node_modules");
  expect(html).not.toContain('"stack"');
});

test("the sort offers each order once, and a search adds Best match", async ({ page }) => {
  const sortOptions = () => page.locator('select[name="sort"]').first().locator("option").allTextContents();
  await gotoAndWaitForHydration(page, "/products");
  expect(await sortOptions()).toEqual([
    "Newest first",
    "Bestsellers",
    "Price: low to high",
    "Price: high to low",
  ]);
  await gotoAndWaitForHydration(page, "/products?search=saree");
  expect(await sortOptions()).toEqual([
    "Best match",
    "Newest first",
    "Bestsellers",
    "Price: low to high",
    "Price: high to low",
  ]);
});

test("a search with no result names the search and clears it", async ({ page }) => {
  await gotoAndWaitForHydration(page, "/products?search=zqxjvw");
  await expect(page.getByText("No products match “zqxjvw”.")).toBeVisible();
  await expect(page.getByText("Showing 0 products")).toBeVisible();
  await page.getByRole("link", { name: "Clear search" }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole("heading", { level: 1, name: "All products" })).toBeVisible();
});

test("one saved item is one item", async ({ page }) => {
  await page.addInitScript(() =>
    localStorage.setItem("wishlist", JSON.stringify([{ id: 1, name: "Sample", price: 100, image: null }])),
  );
  await gotoAndWaitForHydration(page, "/wishlist");
  await expect(page.getByText("1 saved item", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Wishlist, 1 item" })).toBeVisible();
});

test("a kids' product speaks of ages, not of a grown model's size", async ({ page }) => {
  const list = await (await page.request.get("/api/products/get-products?categoryId=5&limit=1")).json();
  await gotoAndWaitForHydration(page, `/products/${list.data[0]._id}`);
  await expect(
    page.getByText("Sizes go by age; the Size Guide gives the chest and length of each."),
  ).toBeVisible();
  await expect(page.getByText("Model is 5'6\" and wears size S.")).toHaveCount(0);
});

test("the quantity stops at the pieces the chosen size has", async ({ page }) => {
  const list = await (await page.request.get("/api/products/get-products?page=1&limit=24")).json();
  let lowest: { id: number; size: string; stock: number } | undefined;
  for (const summary of list.data as Array<{ _id: number }>) {
    const detail = (await (await page.request.get(`/api/products/get-product?id=${summary._id}`)).json())
      .data;
    for (const size of detail.sizes as Array<{ label: string; stock: number }>)
      if (size.stock > 0 && (!lowest || size.stock < lowest.stock))
        lowest = { id: summary._id, size: size.label, stock: size.stock };
  }
  await gotoAndWaitForHydration(page, `/products/${lowest!.id}`);
  await page
    .getByRole("group", { name: "Select Size" })
    .getByRole("radio", { name: lowest!.size })
    .check({ force: true });
  const more = page.getByRole("button", { name: "Increase quantity" });
  for (let n = 1; n < lowest!.stock; n++) await more.click();
  await expect(page.getByRole("group", { name: "Quantity" }).locator("output")).toHaveText(
    String(lowest!.stock),
  );
  await expect(more).toBeDisabled();
});

test("a signed-in shopper opening login or register is sent on", async ({ page, baseURL }) => {
  const email = await newVerifiedShopper(page, baseURL!);
  await gotoAndWaitForHydration(page, "/login");
  await logIn(page, email);
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/login");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/register");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/login?redirectTo=%2Forders");
  await expect(page).toHaveURL(/\/orders$/);
});

test("the footer sits at the bottom of a short page on a tall window", { tag: "@both" }, async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 1400 });
  await gotoAndWaitForHydration(page, "/no-such-page");
  const footer = await page.getByRole("contentinfo").boundingBox();
  expect(footer!.y + footer!.height).toBeGreaterThanOrEqual(1399);
});

test(
  "the account sidebar breaks a long e-mail at its @ or a dot, never inside a word",
  { tag: "@both" },
  async ({ page, baseURL }) => {
    const email = await newVerifiedShopper(page, baseURL!);
    await gotoAndWaitForHydration(page, "/login");
    await logIn(page, email);
    await expect(page).toHaveURL(/\/$/);
    await gotoAndWaitForHydration(page, "/profile");
    const shown = page.getByRole("complementary", { name: "Your account" }).getByText(email);
    // The lines each part of the address takes (buyer. / 1764… . / 123456 / @example. / in): one each.
    const lines = await shown.evaluate((element) =>
      [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => {
          const range = document.createRange();
          range.selectNodeContents(node);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        }),
    );
    expect(lines).toEqual([1, 1, 1, 1, 1]);
  },
);

test(
  "the account menu closes when the keyboard leaves it, and the header shows a whole first name",
  { tag: "@both" },
  async ({ page }) => {
    await gotoAndWaitForHydration(page, "/login");
    await logIn(page, "owner@rangoli.example", "rangoli-demo-2026");
    await expect(page).toHaveURL(/\/super-admin-dashboard$/);
    const account = page.getByRole("banner").getByRole("button", { name: "Meera Rao (demo owner)" });
    if ((page.viewportSize()?.width ?? 0) >= 640)
      await expect(account.locator('span[aria-hidden="true"]')).toHaveText("Meera");

    // From the keyboard: on a phone the login's welcome toast lies over the header for a while (a mouse
    // resting on it keeps it there).
    await account.focus();
    await page.keyboard.press("Enter");
    const menu = page.locator("#account-menu");
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Dashboard" }).focus();
    // Through Products, Received Orders, My Profile, Orders and Wishlist to Logout: still inside.
    for (let step = 0; step < 6; step++) await page.keyboard.press("Tab");
    await expect(menu.getByRole("button", { name: "Logout" })).toBeFocused();
    await expect(menu).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(menu).toBeHidden();
  },
);

test.describe("a reset link", () => {
  // The reset and its checks count against an address of this test's own.
  test.use({ extraHTTPHeaders: { "x-forwarded-for": addressOfItsOwn() } });

  test("already used says so instead of showing the form again", async ({ page, baseURL }) => {
    const email = await newVerifiedShopper(page, baseURL!);
    const asked = await page.request.post("/api/users/forgot-password", {
      data: { email },
      headers: { origin: new URL(baseURL!).origin },
    });
    expect(asked.ok()).toBe(true);
    const resetMail = async () =>
      (await mailbox(page)).find((mail) => mail.to === email && mail.text.includes("/reset-password?token="));
    await expect.poll(async () => Boolean(await resetMail())).toBe(true);
    const link = new URL(/(https?:\/\/\S+\/reset-password\?token=\S+)/.exec((await resetMail())!.text)![1]!);
    const path = link.pathname + link.search;

    await gotoAndWaitForHydration(page, path);
    await page.getByLabel("New Password", { exact: true }).fill("monsoon-mango-77");
    await page.getByLabel("Confirm Password").fill("monsoon-mango-77");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page).toHaveURL(/\/login$/);

    const again = await page.goto(path);
    expect(again?.status()).toBe(400);
    await expect(
      page.getByText("This reset link is invalid or has expired. Please ask for a new one."),
    ).toBeVisible();
    await expect(page.getByLabel("New Password", { exact: true })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Get a new link" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe("saved and bagged products that changed since", () => {
  // Half sarees of each project's own, so that the phone and desktop runs do not meet.
  const productsFor = (project: string) => (project === "phone" ? [24, 25, 26, 27] : [28, 29, 30, 31]);

  type Shelf = {
    several: Saved;
    onlyOne: Saved;
    soldOut: Saved;
    gone: Saved;
  };
  type Saved = { id: number; name: string; price: number; sizes: string[] };

  /**
   * Staff change four products: one with several sizes in stock, one with a single size left, one sold out
   * and one hidden from the shop. The test puts them back as they were afterwards.
   */
  async function changeFour(
    page: Page,
    ids: number[],
  ): Promise<{ shelf: Shelf; restore: () => Promise<void> }> {
    const before: Awaited<ReturnType<typeof setStock>>[] = [];
    for (const id of ids) before.push(await setStock(page.request, id, {}));
    const saved = ids.map((id, index): Saved => ({
      id,
      name: before[index]!.name,
      price: (before[index] as unknown as { price: number }).price,
      sizes: before[index]!.sizes.map((size) => size.label),
    }));
    const each = (sizes: string[], stock: (index: number) => number) =>
      Object.fromEntries(sizes.map((size, index) => [size, stock(index)]));
    await setStock(
      page.request,
      ids[0]!,
      each(saved[0]!.sizes, () => 5),
    );
    await setStock(
      page.request,
      ids[1]!,
      each(saved[1]!.sizes, (index) => (index === 1 ? 2 : 0)),
    );
    await setStock(
      page.request,
      ids[2]!,
      each(saved[2]!.sizes, () => 0),
    );
    await setVisibility(page.request, ids[3]!, false);
    // Staff signed in through the browser's own requests: the shopper is signed out again.
    await page.context().clearCookies();
    const restore = async () => {
      await setVisibility(page.request, ids[3]!, true);
      for (const [index, id] of ids.entries())
        await setStock(
          page.request,
          id,
          Object.fromEntries(before[index]!.sizes.map((size) => [size.label, size.stock])),
        );
    };
    const [several, onlyOne, soldOut, gone] = saved as [Saved, Saved, Saved, Saved];
    return { shelf: { several, onlyOne, soldOut, gone }, restore };
  }

  test("Move to Bag asks for the size, takes the only one, and refuses what is sold out or gone", async ({
    page,
  }, testInfo) => {
    test.setTimeout(60_000);
    const { shelf, restore } = await changeFour(page, productsFor(testInfo.project.name));
    try {
      const saved = [shelf.several, shelf.onlyOne, shelf.soldOut, shelf.gone].map(({ id, name, price }) => ({
        id,
        name,
        price,
        image: null,
      }));
      await page.addInitScript((items) => {
        if (!localStorage.getItem("wishlist")) localStorage.setItem("wishlist", JSON.stringify(items));
      }, saved);
      await gotoAndWaitForHydration(page, "/wishlist");
      const card = (name: string) => page.getByRole("listitem").filter({ hasText: name });
      await expect(card(shelf.soldOut.name).getByText("Sold out", { exact: true })).toBeVisible();
      await expect(card(shelf.gone.name).getByText("No longer available")).toBeVisible();
      await expect(card(shelf.soldOut.name).getByRole("button", { name: /Move to Bag/ })).toHaveCount(0);
      await expect(card(shelf.gone.name).getByRole("button", { name: /Move to Bag/ })).toHaveCount(0);
      await expectNoAxeViolations(page);

      // The only size left goes in the bag at once; closing the bag returns to the list's heading.
      const bag = page.getByRole("dialog", { name: "Your Bag" });
      await card(shelf.onlyOne.name)
        .getByRole("button", { name: /Move to Bag/ })
        .focus();
      await page.keyboard.press("Enter");
      await expect(bag.getByRole("link", { name: shelf.onlyOne.name })).toBeVisible();
      const bagLine = (name: string) => bag.getByRole("listitem").filter({ hasText: name });
      await expect(bagLine(shelf.onlyOne.name).getByText(`Size: ${shelf.onlyOne.sizes[1]}`)).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(bag).toBeHidden();
      await expect(page.getByRole("heading", { name: "Wishlist", level: 1 })).toBeFocused();

      // Several sizes: a dialog asks which, from the keyboard.
      await card(shelf.several.name)
        .getByRole("button", { name: /Move to Bag/ })
        .focus();
      await page.keyboard.press("Enter");
      const sizes = page.getByRole("dialog", { name: "Choose a size" });
      await expect(sizes.getByRole("radio").first()).toBeFocused();
      await expectNoAxeViolations(page);
      await page.keyboard.press("Enter");
      await expect(sizes.getByRole("alert")).toHaveText("Please select a size before adding to bag");
      await page.keyboard.press("ArrowRight");
      await expect(sizes.getByRole("radio", { name: shelf.several.sizes[1], exact: true })).toBeChecked();
      await page.keyboard.press("Enter");
      await expect(sizes).toBeHidden();
      await expect(bag.getByRole("link", { name: shelf.several.name })).toBeVisible();
      await expect(bagLine(shelf.several.name).getByText(`Size: ${shelf.several.sizes[1]}`)).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("heading", { name: "Wishlist", level: 1 })).toBeFocused();
      await expect(page.getByText("2 saved items", { exact: true })).toBeVisible();
      const bagged = await page.evaluate(() => JSON.parse(localStorage.getItem("cartItems") ?? "[]"));
      expect(bagged.map((line: { id: number; size: string }) => [line.id, line.size])).toEqual([
        [shelf.onlyOne.id, shelf.onlyOne.sizes[1]],
        [shelf.several.id, shelf.several.sizes[1]],
      ]);

      // On the sold-out product's own page neither the quantity's + nor ADD TO BAG work.
      await gotoAndWaitForHydration(page, `/products/${shelf.soldOut.id}`);
      await expect(page.getByText("Out of stock", { exact: true })).toBeVisible();
      await expect(page.getByRole("button", { name: "Increase quantity" })).toBeDisabled();
      await expect(page.getByRole("button", { name: "ADD TO BAG" })).toBeDisabled();
    } finally {
      await restore();
    }
  });

  test("the bag flags what is sold out or gone, leaves it out of the subtotal, and checkout refuses it", async ({
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(90_000);
    const email = await newVerifiedShopper(page, baseURL!);
    const { shelf, restore } = await changeFour(page, productsFor(testInfo.project.name));
    try {
      const line = (product: Saved, size: string, quantity: number) => ({
        id: product.id,
        name: product.name,
        title: product.name,
        image: null,
        price: product.price,
        size,
        quantity,
      });
      await page.addInitScript(
        (lines) => {
          if (!localStorage.getItem("cartItems")) localStorage.setItem("cartItems", JSON.stringify(lines));
        },
        [
          line(shelf.several, shelf.several.sizes[0]!, 2),
          line(shelf.soldOut, shelf.soldOut.sizes[0]!, 1),
          line(shelf.gone, shelf.gone.sizes[0]!, 1),
        ],
      );
      await gotoAndWaitForHydration(page, "/wishlist");
      await page.getByRole("button", { name: "Bag, 4 items" }).click();
      const bag = page.getByRole("dialog", { name: "Your Bag" });
      const lineOf = (name: string) => bag.getByRole("listitem").filter({ hasText: name });
      await expect(
        lineOf(shelf.soldOut.name).getByText(
          `${shelf.soldOut.name} in size ${shelf.soldOut.sizes[0]} is sold out. Remove it to check out.`,
        ),
      ).toBeVisible();
      await expect(
        lineOf(shelf.gone.name).getByText("This product is no longer available. Remove it to check out."),
      ).toBeVisible();
      await expect(bag.getByTestId("cart-subtotal")).toHaveText(formatRupees(shelf.several.price * 2));
      await expectNoAxeViolations(page);

      await bag.getByRole("button", { name: "Proceed to Checkout" }).click();
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcheckout$/);
      await logIn(page, email);
      await expect(page).toHaveURL(/\/checkout$/);
      await expect(
        page.getByText(`${shelf.soldOut.name} in size ${shelf.soldOut.sizes[0]} is sold out.`),
      ).toBeVisible();
      const summary = page.getByRole("complementary", { name: "Order summary" });
      await expect(summary.getByText(formatRupees(shelf.several.price * 2)).first()).toBeVisible();
      await addAddress(page);
      await page.getByRole("radio", { name: /PhonePe/ }).check();
      // The bag is priced again for the way to pay (its total reads "..." meanwhile): she orders once it is.
      await expect(summary.getByTestId("checkout-total")).toHaveText(/₹/);
      await page.getByRole("button", { name: "Place Order" }).click();
      await expect(page.getByText("Check your bag")).toBeVisible();
      await expect(
        page.getByText("Some pieces cannot be ordered as they are. See the notes in your bag."),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/checkout$/);
    } finally {
      await restore();
    }
  });
});
