import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, gotoAndWaitForHydration, paidOrder, signIn, STAFF } from "./support";
import { jpegPhoto } from "../../server/test-support/photos";

async function productInStock(page: Page) {
  const list = await (await page.request.get("/api/products/get-products?page=1&limit=24")).json();
  for (const summary of list.data as Array<{ _id: number; name: string }>) {
    const detail = (await (await page.request.get(`/api/products/get-product?id=${summary._id}`)).json())
      .data;
    if ((detail.sizes as Array<{ stock: number }>).some((size) => size.stock >= 3))
      return { id: detail._id as number, name: detail.name as string };
  }
  throw new Error("no demo product in stock");
}

/** As staff, on the order's page: Shipped, then Delivered. */
async function deliver(page: Page, orderId: string) {
  await signIn(page, STAFF.email, STAFF.password);
  await gotoAndWaitForHydration(page, `/orders/${orderId}`);
  await page.getByRole("button", { name: "Mark Shipped" }).click();
  await expect(page.getByText("Order marked Shipped.")).toBeVisible();
  await page.getByRole("button", { name: "Mark Delivered" }).click();
  await expect(page.getByText("Order marked Delivered.")).toBeVisible();
}

test("a delivered order is reviewed with a photo, approved by staff and shown and counted on the product page", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const title = `Lovely fall ${randomBytes(3).toString("hex")}`;
  const product = await productInStock(page);
  const { email, orderId } = await paidOrder(page, baseURL!, product.id);

  // Before delivery the order offers no review, and the review page says why.
  await gotoAndWaitForHydration(page, `/orders/${orderId}`);
  await expect(page.getByRole("link", { name: /^Write a review/ })).toHaveCount(0);
  await gotoAndWaitForHydration(page, `/reviews/write?product=${product.id}`);
  await expect(
    page.getByText("You can review a product once an order of it has been delivered to you."),
  ).toBeVisible();

  await deliver(page, orderId);
  await signIn(page, email);
  await gotoAndWaitForHydration(page, `/orders/${orderId}`);
  await page.getByRole("link", { name: `Write a review of ${product.name}` }).click();
  await expect(page.getByRole("heading", { name: "Write a review" })).toBeVisible();
  await expectNoAxeViolations(page);

  // The fourth star, as a finger or the mouse picks it.
  await page.getByRole("group", { name: "Your rating" }).locator("label").nth(3).click();
  await expect(page.getByLabel("4 stars")).toBeChecked();
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Your review").fill("The georgette drapes well and the colour is as shown.");
  const photo = await jpegPhoto(300, 400, { colour: "#b0305a" });
  await page.getByLabel("Photos").setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: photo });
  await page.getByRole("button", { name: "Submit review" }).click();
  await expect(
    page.getByText("Thank you! Your review will appear once the store has checked it."),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your review" })).toBeFocused();
  await expect(page.getByText("Waiting for the store's check")).toBeVisible();
  await expect(page.getByRole("list", { name: "Your photos" }).getByRole("img")).toHaveCount(1);
  await expectNoAxeViolations(page);

  // Not shown until staff approve it.
  await gotoAndWaitForHydration(page, `/products/${product.id}`);
  await page.getByRole("tab", { name: /^Reviews/ }).click();
  await expect(page.getByRole("heading", { name: title })).toHaveCount(0);

  await signIn(page, STAFF.email, STAFF.password);
  await gotoAndWaitForHydration(page, "/admin-dashboard");
  await page.getByRole("link", { name: /^Reviews/ }).click();
  await expect(page).toHaveURL(/\/admin\/reviews$/);
  const card = page.getByRole("article", { name: title });
  await expect(card.getByText("Verified purchase")).toBeVisible();
  await expectNoAxeViolations(page);
  await card.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("Review approved")).toBeVisible();
  await expect(page.getByRole("article", { name: title })).toHaveCount(0);
  await page.getByRole("link", { name: "Approved" }).click();
  await expect(page.getByRole("article", { name: title })).toBeVisible();

  // A guest sees it at once, counted in the tab and the rating, and in the page's structured data.
  await page.context().clearCookies();
  await gotoAndWaitForHydration(page, `/products/${product.id}`);
  const tab = page.getByRole("tab", { name: /^Reviews \(\d+\)$/ });
  const count = Number((await tab.textContent())!.match(/\((\d+)\)/)![1]);
  expect(count).toBeGreaterThanOrEqual(1);
  await tab.click();
  const review = page.getByRole("article", { name: title });
  await expect(review.getByRole("img", { name: "Rated 4 out of 5" })).toBeVisible();
  await expect(review.getByText("Verified purchase")).toBeVisible();
  await expect(review.getByRole("list", { name: "Photos from the shopper" }).getByRole("img")).toHaveCount(1);
  await expect(page.getByText(`(${count} ${count === 1 ? "review" : "reviews"})`)).toBeVisible();
  await expectNoAxeViolations(page);
  const jsonLd = (
    await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? "{}")))
  ).find((data) => data["@type"] === "Product");
  expect(jsonLd.aggregateRating).toMatchObject({ "@type": "AggregateRating", reviewCount: count });
  expect(jsonLd.review).toEqual(
    expect.arrayContaining([expect.objectContaining({ name: title, reviewRating: expect.anything() })]),
  );
});
