import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";

/**
 * Opens a page and waits until the browser has hydrated it, so that links navigate on the client and forms
 * submit through the router. The header's bag count comes from local storage only once the page is
 * hydrated, so a bag with one line, put there before the page loads, shows "Bag, 1 item" from then on.
 */
export async function gotoHydrated(page: Page, path: string) {
  await page.addInitScript(() => {
    if ((JSON.parse(localStorage.getItem("cartItems") ?? "[]") as unknown[]).length > 0) return;
    const line = { id: 1, name: "Sample", title: "Sample", image: null, price: 100, size: "M", quantity: 1 };
    localStorage.setItem("cartItems", JSON.stringify([line]));
  });
  await page.goto(path);
  await expect(page.getByRole("button", { name: "Bag, 1 item" })).toBeAttached();
}

/**
 * Opens a page and waits until every part of it has hydrated (the page's scripts start after its first
 * images, so buttons work a moment after the load event).
 */
export async function gotoAndWaitForHydration(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
}

/**
 * A screenshot for people to look at (`E2E_SCREENSHOTS=1`), in the test's output folder; CI's runs take none, as
 * nobody looks at them there and a full page costs a second of the browser's time.
 */
export async function lookAt(
  target: Page | Locator,
  name: string,
  options: { fullPage?: boolean; clip?: { x: number; y: number; width: number; height: number } } = {},
) {
  if (!process.env.E2E_SCREENSHOTS) return;
  const path = test.info().outputPath(`${name}-${test.info().project.name}.png`);
  await target.screenshot({ path, ...options });
}

/** The mails in the store's local mailbox (outside production only), newest first. */
export async function mailbox(page: Page): Promise<Array<{ to: string; subject: string; text: string }>> {
  const response = await page.request.get("/dev/mailbox.json");
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: Array<{ to: string; subject: string; text: string }> }).data;
}

/**
 * Runs axe's WCAG 2.2 AA rules on the page as it is now. Motion is reduced first, so that a toast still
 * fading in is checked in its final colours (axe reads the colours of the moment, half transparent).
 */
export async function expectNoAxeViolations(page: Page) {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await expect(page.locator('[data-sonner-toast][data-mounted="false"]')).toHaveCount(0);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(summary).toEqual([]);
}

export const SHOPPER_PASSWORD = "saffron-silk-42";

/**
 * A client address of its own, sent as X-Forwarded-For: the suite's store trusts the loopback proxy (TRUST_PROXY
 * in playwright.config.ts), so what is sent from it has per-address limits of its own, apart from those the
 * registration, login and contact tests meet from 127.0.0.1.
 */
export const addressOfItsOwn = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

/**
 * A new verified account, made through the API as a second browser would (its code read from the mailbox),
 * from an address of its own: the suite's store trusts the loopback proxy (TRUST_PROXY in
 * playwright.config.ts), so these registrations do not use up the per-address limit the registration tests
 * meet from 127.0.0.1. The browser is left signed out, or signed in as the new shopper with `signedIn`.
 */
export async function newVerifiedShopper(
  page: Page,
  baseURL: string,
  { signedIn = false, phone = "9988776655" }: { signedIn?: boolean; phone?: string } = {},
): Promise<string> {
  const email = `buyer.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.in`;
  const headers = {
    origin: new URL(baseURL).origin,
    "x-forwarded-for": addressOfItsOwn(),
  };
  const registered = await page.request.post("/api/users/register", {
    data: { fullName: "Meera Iyer", email, phone, password: SHOPPER_PASSWORD },
    headers,
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  await expect
    .poll(async () => (await mailbox(page)).find((mail) => mail.to === email)?.text ?? "")
    .toMatch(/verification code is: \d{6}/);
  const code = /verification code is: (\d{6})/.exec(
    (await mailbox(page)).find((m) => m.to === email)!.text,
  )![1];
  const verified = await page.request.post("/api/users/register-verify-otp", {
    data: { otp: code },
    headers: { ...headers, authorization: `Bearer ${(await registered.json()).token}` },
  });
  expect(verified.ok()).toBe(true);
  if (!signedIn) await page.context().clearCookies();
  return email;
}

/** The demo store's staff account (server/db/seed-demo.ts). */
export const STAFF = { email: "staff@rangoli.example", password: "rangoli-demo-2026" };

/** Staff set the stock of sizes of a product through the API (what the edit page saves). */
export async function setStock(request: APIRequestContext, id: number, stock: Record<string, number>) {
  const headers = { "x-forwarded-for": addressOfItsOwn() };
  const login = await request.post("/api/users/login", { data: STAFF, headers });
  expect(login.ok(), await login.text()).toBe(true);
  const auth = { ...headers, authorization: `Bearer ${(await login.json()).token}` };
  const product = (
    await (await request.get(`/api/products/get-product-for-staff?id=${id}`, { headers: auth })).json()
  ).data;
  const saved = await request.post("/api/products/update-product", {
    headers: auth,
    data: {
      id,
      name: product.name,
      description: product.description,
      price: product.price,
      originalPrice: product.originalPrice ?? undefined,
      category: product.categoryId,
      size: product.sizes.map((size: { label: string }) => size.label),
      images: product.images.map((image: { id: string }) => image.id),
      stock,
      features: product.features,
      care: product.care,
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  return product as { name: string; price: number; sizes: { label: string; stock: number }[] };
}

/** Staff hide a product from the shop (as Delete does) or show it again, through the API. */
export async function setVisibility(request: APIRequestContext, id: number, visible: boolean) {
  const headers = { "x-forwarded-for": addressOfItsOwn() };
  const login = await request.post("/api/users/login", { data: STAFF, headers });
  expect(login.ok(), await login.text()).toBe(true);
  const saved = await request.post("/api/products/set-visibility", {
    headers: { ...headers, authorization: `Bearer ${(await login.json()).token}` },
    data: { id, visible },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}

/** Fills the login form the page shows and submits it. */
export async function logIn(page: Page, email: string, password = SHOPPER_PASSWORD) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

/**
 * Signs the browser in as `email` (signing out whoever was signed in): the login API sets the session cookie
 * in the browser, as the login form would, without the form's page and its redirect (the tests of logging in
 * use the form: accounts.spec.ts). The page stays where it was: go to the page the test starts on.
 */
export async function signIn(page: Page, email: string, password = SHOPPER_PASSWORD) {
  await page.context().clearCookies();
  const response = await page.request.post("/api/users/login", {
    data: { email, password },
    headers: { "x-forwarded-for": addressOfItsOwn() },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Staff move an order on through the API (a status, with its courier and tracking when Shipped), signed in as staff. */
export async function staffMove(page: Page, baseURL: string, orderId: string, data: Record<string, string>) {
  await signIn(page, STAFF.email, STAFF.password);
  const moved = await page.request.post("/api/orders/update-order-status", {
    data: { orderId, ...data },
    headers: { origin: new URL(baseURL).origin },
  });
  expect(moved.ok(), await moved.text()).toBe(true);
}

/** The Chennai address addAddress saves at checkout and paidOrder delivers to (another state than the store's: IGST). */
export const CHENNAI = {
  name: "Meera Iyer",
  phone: "99887 76655",
  address: "7 Temple Street, Mylapore",
  city: "Chennai",
  state: "Tamil Nadu",
  country: "India",
  pincode: "600004",
};

/** At checkout: saves a new delivery address in Chennai and sees it chosen. */
export async function addAddress(page: Page) {
  const form = page.locator("form", { hasText: "New delivery address" });
  await form.getByLabel("Name").fill(CHENNAI.name);
  await form.getByLabel("Phone").fill(CHENNAI.phone);
  // The pincode fills city, district and state from the pincode directory.
  await form.getByLabel("Pincode").fill(CHENNAI.pincode);
  await expect(form.getByLabel("State")).toHaveValue(CHENNAI.state);
  await expect(form.getByLabel("City")).toHaveValue(CHENNAI.city);
  await form.getByLabel("Address", { exact: true }).fill(CHENNAI.address);
  await form.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByRole("radio", { name: /Meera Iyer/ })).toBeChecked();
}

/**
 * A paid order of one piece of the product (its first size in stock), to Chennai (the phone given, or
 * Meera's), made through the API by a
 * new shopper who pays on PhonePe's sandbox page: for the tests of what follows a payment (checkout.spec.ts
 * pays through the pages). The browser is left signed in as the shopper.
 */
export async function paidOrder(
  page: Page,
  baseURL: string,
  productId: number,
  {
    phone = CHENNAI.phone,
    refunds,
  }: {
    phone?: string;
    /** What the sandbox does with the payment's refunds (its page's choice): they complete by default. */
    refunds?: "complete" | "pending" | "refuse" | "fail";
  } = {},
) {
  const product = (await (await page.request.get(`/api/products/get-product?id=${productId}`)).json()).data;
  const size = (product.sizes as Array<{ label: string; stock: number }>).find((s) => s.stock > 0)!.label;
  const { email, headers, answer } = await placedThroughTheApi(page, baseURL, {
    line: { id: productId, size },
    phone,
    paymentMethod: "phonePe",
  });
  const { orderId, phonePe } = answer as { orderId: string; phonePe: { checkoutUrl: string } };
  const approved = await page.request.post("/phonepe-sandbox/pay", {
    form: {
      token: new URL(phonePe.checkoutUrl).searchParams.get("token")!,
      decision: "approve",
      ...(refunds ? { refunds } : {}),
    },
    maxRedirects: 0,
  });
  expect(approved.status()).toBe(303);
  // As the payment page's callback asks: the store asks PhonePe about a payment it has not heard of yet.
  await expect
    .poll(async () => {
      const status = await page.request.post("/api/orders/get-order-status", { data: { orderId }, headers });
      return (await status.json()).data?.paymentStatus;
    })
    .toBe("Success");
  return { email, orderId };
}

/** Staff move an order through the API: shipped by hand, then delivered (the browser is left signed in as staff). */
export async function deliveredByStaff(page: Page, baseURL: string, orderId: string) {
  await signIn(page, STAFF.email, STAFF.password);
  for (const data of [
    { status: "Shipped", courier: "delhivery", trackingNumber: "DL1234567891" },
    { status: "Delivered" },
  ]) {
    const moved = await page.request.post("/api/orders/update-order-status", {
      data: { orderId, ...data },
      headers: { origin: new URL(baseURL).origin },
    });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
}

/**
 * A demo product of a category that offers every one of `options` (server/db/demo-catalog-data.ts) and has
 * `stock` pieces or more in one size: its id, name, price, that size and the charge of each offered option.
 */
export async function productOffering(page: Page, categoryId: number, options: string[], stock: number) {
  const list = await (
    await page.request.get(`/api/products/get-products?page=1&limit=48&categoryId=${categoryId}`)
  ).json();
  for (const summary of list.data as Array<{ _id: number }>) {
    const detail = (await (await page.request.get(`/api/products/get-product?id=${summary._id}`)).json())
      .data;
    const offered = detail.customizations as Array<{ name: string; charge: number }>;
    const size = (detail.sizes as Array<{ label: string; stock: number }>).find((s) => s.stock >= stock);
    if (size && options.every((name) => offered.some((option) => option.name === name)))
      return {
        id: detail._id as number,
        name: detail.name as string,
        price: detail.price as number,
        size: size.label,
        charge: (name: string) => offered.find((option) => option.name === name)!.charge,
      };
  }
  throw new Error(`no demo product of category ${categoryId} offering ${options.join(", ")} in stock`);
}

/** A demo piece under ₹10,000 with a size in stock: its id and that size. */
export async function affordablePiece(page: Page) {
  const list = await (
    await page.request.get("/api/products/get-products?page=1&limit=24&maxPrice=9999")
  ).json();
  for (const summary of list.data as Array<{ _id: number }>) {
    const detail = (await (await page.request.get(`/api/products/get-product?id=${summary._id}`)).json())
      .data;
    const size = (detail.sizes as Array<{ label: string; stock: number }>).find((s) => s.stock >= 2);
    if (size) return { id: detail._id as number, size: size.label };
  }
  throw new Error("no demo piece under ₹10,000 in stock");
}

/**
 * A Cash on Delivery order of a piece under ₹10,000 to Chennai, placed through the API by a new shopper and
 * not yet confirmed. The browser is left signed in as the shopper.
 */
export async function placedCodOrder(page: Page, baseURL: string) {
  const piece = await affordablePiece(page);
  const { email, answer } = await placedThroughTheApi(page, baseURL, {
    line: { id: piece.id, size: piece.size },
    phone: CHENNAI.phone,
    paymentMethod: "COD",
  });
  return { email, orderId: (answer as { orderId: string }).orderId };
}

/**
 * One piece ordered through the API by a new verified shopper, to Chennai (with `phone`), from an address of
 * her own: her e-mail, the headers her requests carry, and Place Order's answer. The browser is left signed in
 * as the shopper.
 */
async function placedThroughTheApi(
  page: Page,
  baseURL: string,
  {
    line,
    phone,
    paymentMethod,
  }: { line: { id: number; size: string }; phone: string; paymentMethod: string },
) {
  const email = await newVerifiedShopper(page, baseURL, { signedIn: true });
  const headers = { origin: new URL(baseURL).origin, "x-forwarded-for": addressOfItsOwn() };
  const address = await page.request.post("/api/addresses/add-address", {
    data: { ...CHENNAI, phone },
    headers,
  });
  expect(address.ok(), await address.text()).toBe(true);
  const placed = await page.request.post("/api/orders/place-order", {
    data: {
      items: [{ ...line, quantity: 1 }],
      addressId: (await address.json()).data.id,
      paymentMethod,
    },
    headers,
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  return { email, headers, answer: (await placed.json()).data as unknown };
}

/** A demo product with three pieces or more in stock in one of its sizes. */
export async function productInStock(page: Page) {
  const list = await (await page.request.get("/api/products/get-products?page=1&limit=24")).json();
  for (const summary of list.data as Array<{ _id: number }>) {
    const detail = (await (await page.request.get(`/api/products/get-product?id=${summary._id}`)).json())
      .data;
    if ((detail.sizes as Array<{ stock: number }>).some((size) => size.stock >= 3))
      return { id: detail._id as number };
  }
  throw new Error("no demo product in stock");
}

/**
 * Signed in as the shopper: My Orders shows the order Shipped with its tracking number, and the shipping e-mail
 * has the tracking number.
 */
export async function expectShopperSeesShipped(page: Page, email: string, orderId: string, tracking: string) {
  await signIn(page, email);
  await gotoAndWaitForHydration(page, "/orders");
  const card = page.getByRole("article", { name: `Order #${orderId}` });
  await expect(card.getByText("Shipped", { exact: true })).toBeVisible();
  // The card shows the tracking number staff gave.
  await expect(card.getByText(tracking, { exact: true })).toBeVisible();
  await expect
    .poll(
      async () =>
        (await mailbox(page)).find(
          (m) => m.to === email && m.subject.includes(`order ${orderId} has shipped`),
        )?.text ?? "",
    )
    .toContain(tracking);
}

/** Registers a new account through the form, which then opens the code dialog. */
export async function registerUntilTheCodeDialog(page: Page, name: string) {
  await gotoAndWaitForHydration(page, "/register");
  await page.getByLabel("Full Name").fill("Kavya Reddy");
  await page.getByLabel("Email").fill(`${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.in`);
  await page.getByLabel("Mobile Number").fill("98480 12345");
  await page.getByLabel("Password", { exact: true }).fill("saffron-silk-42");
  await page.getByLabel("Confirm Password").fill("saffron-silk-42");
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole("button", { name: "Create Account" }).click();
}

/** Fills the contact form with a message. */
export async function fillContactForm(page: Page) {
  const form = page.getByRole("region", { name: "Send us a message" });
  await form.getByRole("textbox", { name: "Name" }).fill("Lakshmi Rao");
  await form.getByRole("textbox", { name: "Email" }).fill("lakshmi@example.in");
  await form.getByRole("textbox", { name: "Subject" }).fill("Blouse fit");
  await form.getByRole("textbox", { name: "Message" }).fill("Can the blouse be altered to a 36 fit?");
}

/** A layout-shift entry (the Layout Instability API, not in TypeScript's DOM types). */
type LayoutShiftEntry = PerformanceEntry & {
  value: number;
  sources: Array<{ node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }>;
};
type RecordedShifts = {
  layoutShifts: Array<{ value: number; moved: string }>;
  record: (entries: PerformanceEntryList) => void;
  shiftObserver: PerformanceObserver;
};

/**
 * Records the layout shifts of the pages opened next, each with its score and what moved from where to where
 * (read them with `layoutShiftsOf`). Every shift counts: Chromium marks a tab's shifts as after input once the
 * test has tapped anything, so `hadRecentInput` is not looked at; nobody touches the page while they count.
 */
export async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const recorded = window as unknown as RecordedShifts;
    recorded.layoutShifts = [];
    recorded.record = (entries) => {
      for (const entry of entries as unknown as LayoutShiftEntry[]) {
        const moved = entry.sources.map(
          ({ node, previousRect: was, currentRect: now }) =>
            `${node instanceof Element ? node.outerHTML.slice(0, 120) : node?.nodeName} from ${was.x},${was.y} ${was.width}×${was.height} to ${now.x},${now.y} ${now.width}×${now.height}`,
        );
        recorded.layoutShifts.push({
          value: entry.value,
          moved: `${entry.value.toFixed(5)} at ${entry.startTime.toFixed(0)} ms: ${moved.join("; ")}`,
        });
      }
    };
    recorded.shiftObserver = new PerformanceObserver((list) => recorded.record(list.getEntries()));
    recorded.shiftObserver.observe({ type: "layout-shift", buffered: true });
  });
}

/** The layout shifts recorded so far, those the observer has not yet delivered included. */
export const layoutShiftsOf = (page: Page) =>
  page.evaluate(() => {
    const recorded = window as unknown as RecordedShifts;
    recorded.record(recorded.shiftObserver.takeRecords());
    return recorded.layoutShifts;
  });
