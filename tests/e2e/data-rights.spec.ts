import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import {
  deliveredByStaff,
  expectNoAxeViolations,
  gotoAndWaitForHydration,
  gotoHydrated,
  logIn,
  mailbox,
  paidOrder,
  productInStock,
  signIn,
  STAFF,
} from "./support";

test("registration's marketing consent is optional and never ticked for her", async ({ page }) => {
  await gotoAndWaitForHydration(page, "/register");
  await expect(page.getByLabel(/Send me occasional e-mails/)).not.toBeChecked();
  await expect(page.getByRole("link", { name: "Privacy Notice" }).first()).toHaveAttribute(
    "href",
    "/privacy",
  );
});

test("the privacy notice stands alone and names who receives her data", async ({ page }) => {
  await page.goto("/privacy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Notice" })).toBeVisible();
  for (const receiver of ["PhonePe", "The courier", "The mail provider", "Meta (WhatsApp)"])
    await expect(page.getByRole("listitem").filter({ hasText: receiver }).first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test(
  "a shopper downloads her data, deletes her account with the mailed code, cannot log in, and staff see her order without her",
  { tag: "@both" },
  async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    // A delivered order: it binds nobody any more, so her account may go (decision 045).
    const { email, orderId } = await paidOrder(page, baseURL!, (await productInStock(page)).id);
    await deliveredByStaff(page, baseURL!, orderId);
    await signIn(page, email);
    await gotoHydrated(page, "/profile");
    await expect(page.getByRole("heading", { name: "Your data" })).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download my data" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("my-data.json");
    const data = JSON.parse(await readFile((await download.path())!, "utf8"));
    expect(data.profile.email).toBe(email);
    expect(data.orders.map((order: { orderId: string }) => order.orderId)).toEqual([orderId]);

    // Withdrawing is one click, as giving is.
    await page.getByRole("button", { name: "Send me marketing e-mails" }).click();
    await expect(page.getByTestId("marketing-consent")).toHaveText(/You agreed on/);
    await page.getByRole("button", { name: "Stop marketing e-mails" }).click();
    await expect(page.getByTestId("marketing-consent")).toHaveText(/You withdrew your consent on/);

    await page.getByRole("button", { name: "Delete my account", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "We have e-mailed you a code" })).toBeVisible();
    await expectNoAxeViolations(page);
    const codeMail = async () =>
      (await mailbox(page)).find(
        (mail) => mail.to === email && /delete your account is: \d{6}/.test(mail.text),
      );
    await expect.poll(async () => Boolean(await codeMail())).toBe(true);
    const code = /delete your account is: (\d{6})/.exec((await codeMail())!.text)![1]!;
    await page.getByLabel("Code from the e-mail").fill(code);
    await page.getByRole("button", { name: "Delete my account for good" }).click();
    await expect(page).toHaveURL(/\/account-deleted$/);
    await expect(page.getByRole("heading", { name: "Account deleted" })).toBeVisible();

    await gotoHydrated(page, "/login");
    await logIn(page, email);
    await expect(page.getByText("Login Failed")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    // Staff see her order without her personal data; its GST invoice, kept for the law, is still there.
    await signIn(page, STAFF.email, STAFF.password);
    await gotoAndWaitForHydration(page, `/orders/${orderId}`);
    const contact = page.getByRole("region", { name: "Shopper's contact" });
    await expect(contact).toContainText("Erased shopper");
    await expect(contact).not.toContainText(email);
    expect((await page.request.get(`/api/orders/gst-document?id=${orderId}&kind=invoice`)).ok()).toBe(true);
  },
);
