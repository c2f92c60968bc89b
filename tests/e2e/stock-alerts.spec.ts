import { expect, test, type Page } from "@playwright/test";
import { sizeText } from "../../contract/catalog-options";
import {
  STAFF,
  expectNoAxeViolations,
  gotoAndWaitForHydration,
  lookAt,
  mailbox,
  setStock,
  signIn,
} from "./support";

// Each project works on demo products of its own, so that the phone and desktop runs do not meet.
const productFor = (project: string, offset: number) => (project === "phone" ? 11 : 12) + offset;

const uniqueEmail = (name: string) => `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.in`;

async function mailTo(page: Page, email: string, subject: RegExp) {
  await expect
    .poll(async () => (await mailbox(page)).some((mail) => mail.to === email && subject.test(mail.subject)))
    .toBe(true);
  return (await mailbox(page)).find((mail) => mail.to === email && subject.test(mail.subject))!;
}

test("a guest asks to hear when a sold-out size is back, confirms by the e-mailed link, and is e-mailed once when staff restock it", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const id = productFor(testInfo.project.name, 0);
  const product = await setStock(page.request, id, {});
  const size = product.sizes[0]!.label;
  await setStock(page.request, id, { [size]: 0 });
  await page.context().clearCookies();

  await gotoAndWaitForHydration(page, `/products/${id}`);
  await page.getByText("Sold out in your size? Notify me").click();
  const form = page.locator("form", { hasText: "We'll e-mail you once" });
  await form.getByLabel("Size").selectOption(size);
  const email = uniqueEmail("guest");
  await form.getByLabel("Email").fill(email);
  await expectNoAxeViolations(page);
  await form.getByRole("button", { name: "Notify me" }).click();
  await expect(form.getByRole("status")).toHaveText(
    `Please confirm: we sent a link to ${email}. We'll write once this size is back in stock.`,
  );
  await lookAt(page, "notify-me");

  const confirmation = await mailTo(page, email, /^Confirm your back-in-stock alert/);
  const link = /(http\S+\/stock-alerts\/confirm\?token=\S+)/.exec(confirmation.text)![1]!;
  await gotoAndWaitForHydration(page, new URL(link).pathname + new URL(link).search);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Confirm my alert" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Your back-in-stock alert is on. We'll e-mail you once when the size is back.",
  );

  // Staff restock the size on the product's edit page.
  await signIn(page, STAFF.email, STAFF.password);
  await gotoAndWaitForHydration(page, `/admin/products/${id}/edit`);
  await page.getByLabel(`Stock of ${sizeText(size)}`).fill("4");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Product updated successfully!")).toBeVisible();

  const backInStock = await mailTo(page, email, /^Back in stock/);
  expect(backInStock.subject).toBe(`Back in stock: ${product.name} in size ${size}`);
  expect(backInStock.text).toContain(`/products/${id}`);
  // Once: saving again sends nothing more.
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Product updated successfully!").first()).toBeVisible();
  expect(
    (await mailbox(page)).filter((mail) => mail.to === email && /^Back in stock/.test(mail.subject)),
  ).toHaveLength(1);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("'Notify me' is a form that posts and answers on a page of its own", async ({ page }, testInfo) => {
    const id = productFor(testInfo.project.name, 2);
    const product = await setStock(page.request, id, {});
    const size = product.sizes[0]!.label;
    await setStock(page.request, id, { [size]: 0 });
    await page.context().clearCookies();

    await page.goto(`/products/${id}`);
    await page.getByText("Sold out in your size? Notify me").click();
    const form = page.locator("form", { hasText: "We'll e-mail you once" });
    await form.getByLabel("Size").selectOption(size);
    const email = uniqueEmail("nojs");
    await form.getByLabel("Email").fill(email);
    await form.getByRole("button", { name: "Notify me" }).click();
    await expect(page).toHaveURL(/\/stock-alerts$/);
    await expect(page.getByRole("status")).toHaveText(
      `Please confirm: we sent a link to ${email}. We'll write once this size is back in stock.`,
    );
    await page.getByRole("link", { name: "Back to the product" }).click();
    await expect(page).toHaveURL(new RegExp(`/products/${id}$`));
    await setStock(page.request, id, { [size]: 5 });
  });
});
