import { expect, test, type Page } from "@playwright/test";
import {
  gotoAndWaitForHydration,
  newVerifiedShopper,
  productInStock,
  productOffering,
  setStock,
  signIn,
  STAFF,
} from "./support";

/**
 * The Dark Patterns Guidelines, 2023, and the E-Commerce Rules' "consent by an explicit act": no box is ticked
 * for the shopper, and no urgency is shown that the stock does not bear out (decision 049). The pages with a
 * form, for a guest, a shopper and staff; app/no-pre-ticked-boxes.test.ts fails when a component draws a
 * checkbox on a page not visited here.
 */
const GUEST_PAGES = [
  "/register",
  "/login",
  "/forgot-password",
  "/contact",
  "/grievances",
  "/products",
  "/wishlist",
];
const SHOPPER_PAGES = ["/checkout", "/profile", "/orders", "/complaints", "/privacy"];
const STAFF_PAGES = [
  "/addproduct",
  "/admin/products",
  "/admin/size-charts",
  "/admin/settings",
  "/admin/received-orders",
];

/** No ticked checkbox in the page as the server sent it (what a browser without scripts shows) nor once hydrated. */
async function expectNothingTicked(page: Page, path: string) {
  const html = await (await page.request.get(path)).text();
  const boxes = html.match(/<input\b[^>]*type="checkbox"[^>]*>/g) ?? [];
  expect(
    boxes.filter((box) => /\schecked(=|\s|\/|>)/.test(box)),
    `${path}: ticked in the server's page`,
  ).toEqual([]);
  await gotoAndWaitForHydration(page, path);
  await expect(page.locator("input[type=checkbox]:checked"), `${path}: ticked once hydrated`).toHaveCount(0);
  return page.locator("input[type=checkbox]").count();
}

test("no box is ticked for anyone before they tick it themselves", async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  const piece = await productOffering(page, 1, ["Blouse Fit"], 1);

  // A guest: the registration's terms and marketing boxes are there, and empty.
  for (const path of [...GUEST_PAGES, `/products/${piece.id}`]) {
    const boxes = await expectNothingTicked(page, path);
    if (path === "/register") expect(boxes).toBe(2);
  }

  // A shopper with a piece in her bag: checkout, her account, and the Customise dialog's boxes.
  await newVerifiedShopper(page, baseURL!, { signedIn: true });
  await page.addInitScript(
    (line) => {
      if (!localStorage.getItem("cartItems")) localStorage.setItem("cartItems", JSON.stringify([line]));
    },
    {
      id: piece.id,
      name: piece.name,
      title: piece.name,
      image: null,
      price: piece.price,
      size: piece.size,
      quantity: 1,
    },
  );
  for (const path of [...SHOPPER_PAGES, `/reviews/write?product=${piece.id}`])
    await expectNothingTicked(page, path);
  await expectNothingTicked(page, `/products/${piece.id}`);
  const size = page
    .getByRole("group", { name: "Select Size" })
    .getByRole("radio", { name: piece.size, exact: true });
  await size.focus();
  await page.keyboard.press("Space");
  await page.getByRole("button", { name: "Customise this piece" }).click();
  const dialog = page.getByRole("dialog", { name: `Customise ${piece.name}` });
  await expect(dialog.getByRole("checkbox", { name: "Save these measurements for next time" })).toBeVisible();
  expect(await dialog.getByRole("checkbox").count()).toBeGreaterThan(1);
  await expect(dialog.locator("input[type=checkbox]:checked")).toHaveCount(0);

  // Staff: a new product's form ticks no size and no tailoring.
  await signIn(page, STAFF.email, STAFF.password);
  for (const path of STAFF_PAGES) {
    const boxes = await expectNothingTicked(page, path);
    if (path === "/addproduct") expect(boxes).toBeGreaterThan(5);
  }
});

test("'Only N left' is shown only while N pieces are really left", async ({ page }) => {
  const { id } = await productInStock(page);
  const before = await setStock(page.request, id, {});
  const size = before.sizes[0]!.label;
  const radio = page
    .getByRole("group", { name: "Select Size" })
    .getByRole("radio", { name: size, exact: true });
  const pick = async () => {
    await gotoAndWaitForHydration(page, `/products/${id}`);
    await radio.focus();
    await page.keyboard.press("Space");
    await expect(radio).toBeChecked();
  };
  try {
    await setStock(page.request, id, { [size]: 3 });
    await pick();
    await expect(page.getByText(`Only 3 left in size ${size}`)).toBeVisible();

    // One fewer (as a sale leaves it): the page says what is left.
    await setStock(page.request, id, { [size]: 2 });
    await pick();
    await expect(page.getByText(`Only 2 left in size ${size}`)).toBeVisible();

    // Restocked: no urgency.
    await setStock(page.request, id, { [size]: 40 });
    await pick();
    await expect(page.getByText("In stock", { exact: true })).toBeVisible();
    await expect(page.getByText(/Only \d+ left/)).toHaveCount(0);
  } finally {
    await setStock(page.request, id, Object.fromEntries(before.sizes.map((s) => [s.label, s.stock])));
  }
});
