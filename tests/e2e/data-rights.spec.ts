import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import {
  expectNoAxeViolations,
  gotoAndWaitForHydration,
  gotoHydrated,
  logIn,
  mailbox,
  newVerifiedShopper,
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
  for (const receiver of ["PhonePe", "The courier", "The mail provider"])
    await expect(page.getByRole("listitem").filter({ hasText: receiver }).first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a shopper downloads her data, deletes her account with the mailed code, and cannot log in", async ({
  page,
  baseURL,
}) => {
  const email = await newVerifiedShopper(page, baseURL!, { signedIn: true });
  await gotoHydrated(page, "/profile");
  await expect(page.getByRole("heading", { name: "Your data" })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download my data" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("my-data.json");
  const data = JSON.parse(await readFile((await download.path())!, "utf8"));
  expect(data.profile.email).toBe(email);
  expect(data).toHaveProperty("orders", []);

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
});
