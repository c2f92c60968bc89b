import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { TAILORING_MESSAGES } from "../../contract/tailoring-rules";
import {
  SHOPPER_PASSWORD,
  STAFF,
  addressOfItsOwn,
  expectNoAxeViolations,
  gotoAndWaitForHydration,
  lookAt,
  newVerifiedShopper,
  productOffering,
  signIn,
} from "./support";
import { jpegPhoto } from "../../server/test-support/photos";

/** A screenshot of one part of the page, moved to the middle of the window, clear of the sticky header. */
async function shootPart(page: Page, part: Locator, name: string) {
  await part.evaluate((element) => element.scrollIntoView({ block: "center" }));
  await lookAt(page, name, { clip: (await part.boundingBox())! });
}

async function photo(): Promise<string> {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "tailoring-photo-")), "front.jpg");
  writeFileSync(file, await jpegPhoto(600, 800, { colour: "#a0295a" }));
  return file;
}

const ADDRESS = {
  fullName: "Meera Iyer",
  address: "7 Temple Street, Mylapore",
  city: "Chennai",
  state: "Tamil Nadu",
  country: "India",
  postalCode: "600004",
  phone: "9988776655",
};

const BLOUSE_AND_DUPATTA = {
  options: ["Blouse Fit", "Dupatta Fabric"],
  unit: "in",
  measurements: { bust: 34, waist: 28.5, shoulder: 14 },
  note: "Pure silk dupatta in maroon, please",
};

/**
 * As a new shopper, through the API: places an order of `items` to Chennai and, when `pay`, approves it in
 * PhonePe's sandbox and waits until the store has the payment. Returns the order's id and the shopper.
 */
async function orderThroughApi(
  page: Page,
  baseURL: string,
  items: Array<Record<string, unknown>>,
  { pay }: { pay: boolean },
) {
  const email = await newVerifiedShopper(page, baseURL);
  const headers = { "x-forwarded-for": addressOfItsOwn() };
  const login = await page.request.post("/api/users/login", {
    data: { email, password: SHOPPER_PASSWORD },
    headers,
  });
  expect(login.ok(), await login.text()).toBe(true);
  const auth = { ...headers, authorization: `Bearer ${(await login.json()).token}` };
  const placed = await page.request.post("/api/orders/place-order", {
    headers: auth,
    data: { items, shippingAddress: ADDRESS, paymentMethod: "PhonePe" },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const { orderId, phonePe } = (await placed.json()).data as {
    orderId: string;
    phonePe: { checkoutUrl: string };
  };
  if (pay) {
    const token = new URL(phonePe.checkoutUrl).searchParams.get("token")!;
    const approved = await page.request.post("/phonepe-sandbox/pay", {
      form: { token, decision: "approve" },
      maxRedirects: 0,
    });
    expect(approved.status()).toBe(303);
    await expect
      .poll(
        async () =>
          (await (await page.request.get(`/api/orders/get-order?id=${orderId}`, { headers: auth })).json())
            .data.orderStatus,
      )
      .toBe("Processing");
  }
  return { orderId, email };
}

test(
  "staff offer tailoring on a new product, with charges, and find it on the edit page",
  { tag: "@desktop" },
  async ({ page }) => {
    test.setTimeout(90_000);
    const name = `Peacock Anarkali ${Date.now().toString(36)}`;
    await signIn(page, STAFF.email, STAFF.password);
    await gotoAndWaitForHydration(page, "/addproduct");
    await page.getByLabel("Product Name").fill(name);
    await page.getByLabel("Description").fill("Georgette anarkali with a peacock yoke.");
    await page.getByRole("spinbutton", { name: "Price (₹)", exact: true }).fill("5499");
    await page.getByLabel("Category").selectOption({ label: "Anarkali" });
    await page.getByRole("checkbox", { name: "M", exact: true }).check();
    await page.getByLabel("Stock of M").fill("10");
    await page.getByLabel("Product images").setInputFiles(await photo());
    await expect(page.getByText("Images uploaded successfully!")).toBeVisible({ timeout: 30_000 });

    const tailoring = page.getByRole("group", { name: "Tailoring offered" });
    await expect(tailoring.getByRole("checkbox")).toHaveCount(7);
    await expect(tailoring.getByRole("spinbutton")).toHaveCount(0);
    await tailoring.getByRole("checkbox", { name: "Blouse Fit" }).check();
    await tailoring.getByLabel("Charge for Blouse Fit").fill("350");
    await tailoring.getByRole("checkbox", { name: "Embroidery Style" }).check();
    await tailoring.getByLabel("Charge for Embroidery Style").fill("1200.50");
    // Sleeve Length is offered free: its charge left blank.
    await tailoring.getByRole("checkbox", { name: "Sleeve Length" }).check();
    await expect(tailoring.getByLabel("Charge for Sleeve Length")).toHaveAttribute("placeholder", "Free");
    // A charge the store cannot take is marked on its own row, and goes once it is edited.
    await tailoring.getByRole("checkbox", { name: "Color Change" }).check();
    await tailoring.getByLabel("Charge for Color Change").fill("10.005");
    await page.getByRole("button", { name: "Add Product" }).click();
    await expect(tailoring.getByLabel("Charge for Color Change")).toHaveAccessibleDescription(
      TAILORING_MESSAGES.charge,
    );
    await expect(tailoring.getByLabel("Charge for Color Change")).toHaveAttribute("aria-invalid", "true");
    // The form has scrolled to the charge, leaving sizes half under the sticky header (axe's target-size).
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoAxeViolations(page);
    await shootPart(page, tailoring, "product-form-tailoring-error");
    await tailoring.getByRole("checkbox", { name: "Color Change" }).uncheck();
    await expect(tailoring.getByText(TAILORING_MESSAGES.charge)).toHaveCount(0);
    await shootPart(page, tailoring, "product-form-tailoring");

    await page.getByRole("button", { name: "Add Product" }).click();
    await expect(page.getByText("Product added successfully!")).toBeVisible();
    // The form starts again, offering nothing.
    await expect(tailoring.getByRole("checkbox", { checked: true })).toHaveCount(0);
    const href = (await page.getByRole("link", { name: "View it in the shop" }).getAttribute("href"))!;
    const id = Number(href.split("/").pop());
    const saved = (await (await page.request.get(`/api/products/get-product?id=${id}`)).json()).data;
    expect(saved.customizations).toEqual([
      { name: "Sleeve Length", charge: 0 },
      { name: "Blouse Fit", charge: 350 },
      { name: "Embroidery Style", charge: 1200.5 },
    ]);

    await gotoAndWaitForHydration(page, `/admin/products/${id}/edit`);
    const edit = page.getByRole("group", { name: "Tailoring offered" });
    await expect(edit.getByRole("checkbox", { checked: true })).toHaveCount(3);
    await expect(edit.getByRole("checkbox", { name: "Sleeve Length" })).toBeChecked();
    await expect(edit.getByLabel("Charge for Sleeve Length")).toHaveValue("");
    await expect(edit.getByLabel("Charge for Blouse Fit")).toHaveValue("350");
    await expect(edit.getByLabel("Charge for Embroidery Style")).toHaveValue("1200.50");
    await expect(edit.getByRole("checkbox", { name: "Color Change" })).not.toBeChecked();
    await expectNoAxeViolations(page);
    await shootPart(page, edit, "product-form-tailoring-edit");

    // Staff stop offering the sleeve change and charge for the blouse fit afresh.
    await edit.getByRole("checkbox", { name: "Sleeve Length" }).uncheck();
    await edit.getByLabel("Charge for Blouse Fit").fill("400");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Product updated successfully!")).toBeVisible();
    await expect(edit.getByLabel("Charge for Blouse Fit")).toHaveValue("400");
    const edited = (await (await page.request.get(`/api/products/get-product?id=${id}`)).json()).data;
    expect(edited.customizations).toEqual([
      { name: "Blouse Fit", charge: 400 },
      { name: "Embroidery Style", charge: 1200.5 },
    ]);
  },
);

test(
  "a paid customised order waits for the tailor: staff see what to make, print the ticket, mark it done and ship",
  { tag: "@desktop" },
  async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const lehenga = await productOffering(page, 2, ["Blouse Fit", "Dupatta Fabric"], 2);
    const { orderId, email } = await orderThroughApi(
      page,
      baseURL!,
      [
        { id: lehenga.id, size: lehenga.size, quantity: 1, customization: BLOUSE_AND_DUPATTA },
        { id: lehenga.id, size: lehenga.size, quantity: 1 },
      ],
      { pay: true },
    );

    await signIn(page, STAFF.email, STAFF.password);
    await gotoAndWaitForHydration(page, `/orders/${orderId}`);
    const section = page.getByRole("region", { name: "Tailoring" });
    await expect(section.getByText("1 of 1 customised line to finish before the order ships.")).toBeVisible();
    const lines = section.getByRole("listitem");
    await expect(lines).toHaveCount(1);
    await expect(lines.getByText(lehenga.name, { exact: true })).toBeVisible();
    await expect(lines.getByText(`Size ${lehenga.size} · Quantity 1`)).toBeVisible();
    await expect(lines.getByText("Customised: Blouse Fit (+₹350), Dupatta Fabric (+₹700)")).toBeVisible();
    await expect(lines.getByText("Bust 34 · Waist 28.5 · Shoulder 14 in")).toBeVisible();
    await expect(lines.getByText(`Note: ${BLOUSE_AND_DUPATTA.note}`)).toBeVisible();

    const ship = page.getByRole("button", { name: "Mark Shipped" });
    await expect(ship).toBeDisabled();
    await expect(ship).toHaveAccessibleDescription(TAILORING_MESSAGES.pending);
    await expect(page.getByText(TAILORING_MESSAGES.pending)).toBeVisible();
    await expectNoAxeViolations(page);
    await shootPart(page, section, "order-tailoring-pending");
    await shootPart(page, page.getByRole("region", { name: "Order status" }), "order-status-held-back");
    await lookAt(page, "order-page-pending", { fullPage: true });

    // The tailor's ticket: the customised line only, with everything the tailor needs.
    await section.getByRole("link", { name: "Print tailor's ticket" }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${orderId}/tailor-ticket$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Tailor's ticket · Order #${orderId}`);
    await expect(page.getByText("Rangoli Boutique", { exact: true }).first()).toBeVisible();
    await expect(page.getByText("Meera Iyer")).toBeVisible();
    await expect(page.getByText("+91 99887 76655")).toBeVisible();
    const ticket = page.getByRole("listitem", { name: `1. ${lehenga.name}` });
    await expect(page.getByRole("listitem", { name: /^\d+\. / })).toHaveCount(1);
    await expect(ticket.getByText(`Size ${lehenga.size} · Quantity 1`)).toBeVisible();
    await expect(ticket.getByRole("listitem")).toHaveText(["Blouse Fit", "Dupatta Fabric"]);
    const measurements = ticket.getByRole("table", { name: "Measurements (inches)" });
    await expect(measurements.getByRole("row")).toHaveText([
      "MeasurementValue",
      "Bust34 in",
      "Waist28.5 in",
      "Shoulder14 in",
    ]);
    await expect(ticket.getByText(BLOUSE_AND_DUPATTA.note)).toBeVisible();
    await expect(ticket.getByText("Done ☐: not yet")).toBeVisible();
    await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
    await expectNoAxeViolations(page);
    await lookAt(page, "ticket", { fullPage: true });

    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
    await expect(page.getByRole("banner")).toBeHidden();
    await expect(page.getByRole("contentinfo")).toBeHidden();
    await expect(page.getByRole("region", { name: "Customisations we offer" })).toBeHidden();
    await lookAt(page, "ticket-print", { fullPage: true });
    // Printed on A4: one page, the ticket alone (a picture of it in the output folder to look at).
    const pdfPath = test.info().outputPath(`ticket-a4-${test.info().project.name}.pdf`);
    await page.pdf({ path: pdfPath, format: "A4", preferCSSPageSize: true, printBackground: true });
    expect(execFileSync("pdfinfo", [pdfPath]).toString()).toMatch(/^Pages:\s+1$/m);
    execFileSync("pdftoppm", ["-png", "-r", "80", "-singlefile", pdfPath, pdfPath.replace(/\.pdf$/, "")]);
    const printed = execFileSync("pdftotext", ["-layout", pdfPath, "-"]).toString();
    for (const text of [orderId, "Meera Iyer", "Dupatta Fabric", "28.5 in", BLOUSE_AND_DUPATTA.note])
      expect(printed).toContain(text);
    for (const text of ["print", "back to the order", "quick links", "sleeve length"])
      expect(printed.toLowerCase()).not.toContain(text);
    await page.emulateMedia({ media: "screen" });

    // Done: the order can ship.
    await page.getByRole("link", { name: "Back to the order" }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${orderId}$`));
    await section.getByRole("button", { name: /^Mark tailoring done/ }).click();
    await expect(section.getByText(TAILORING_MESSAGES.done)).toBeVisible();
    await expect(section.getByText(/^Tailoring done on \d/)).toBeVisible();
    await expect(section.getByText("All the tailoring is done.")).toBeVisible();
    await expect(section.getByRole("button", { name: /^Mark tailoring done/ })).toHaveCount(0);
    await expect(page.getByText(TAILORING_MESSAGES.pending)).toHaveCount(0);
    await expect(ship).toBeEnabled();
    await expectNoAxeViolations(page);
    await shootPart(page, section, "order-tailoring-done");

    await gotoAndWaitForHydration(page, `/orders/${orderId}/tailor-ticket`);
    await expect(page.getByText(/^Done on/)).toBeVisible();

    await gotoAndWaitForHydration(page, `/orders/${orderId}`);
    await page.getByRole("button", { name: "Mark Shipped" }).click();
    await expect(page.getByText("Order marked Shipped.")).toBeVisible();

    // The shopper whose order it is still cannot open its ticket.
    await signIn(page, email);
    await page.goto(`/orders/${orderId}/tailor-ticket`);
    await expect(page).toHaveURL(/\/not-available$/);
  },
);

test(
  "the order page's forms: tailoring and status are told apart, and the API's refusals come back in its words",
  { tag: "@desktop" },
  async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    const lehenga = await productOffering(page, 2, ["Blouse Fit", "Dupatta Fabric"], 2);
    const customised = await orderThroughApi(
      page,
      baseURL!,
      [{ id: lehenga.id, size: lehenga.size, quantity: 1, customization: BLOUSE_AND_DUPATTA }],
      { pay: true },
    );
    const plain = await orderThroughApi(
      page,
      baseURL!,
      [{ id: lehenga.id, size: lehenga.size, quantity: 1 }],
      {
        pay: false,
      },
    );
    const unpaid = await orderThroughApi(
      page,
      baseURL!,
      [{ id: lehenga.id, size: lehenga.size, quantity: 1, customization: BLOUSE_AND_DUPATTA }],
      { pay: false },
    );
    await signIn(page, STAFF.email, STAFF.password);
    const origin = new URL(baseURL!).origin;
    const post = (orderId: string, form: Record<string, string>) =>
      page.request.post(`/orders/${orderId}`, { form, headers: { origin }, maxRedirects: 0 });

    const shipped = await post(customised.orderId, { intent: "status", status: "Shipped" });
    expect(shipped.status()).toBe(409);
    expect(await shipped.text()).toContain(TAILORING_MESSAGES.pending);
    for (const itemId of ["", "abc", "99999999999"]) {
      const refused = await post(customised.orderId, { intent: "tailoring-done", itemId });
      expect(refused.status(), itemId).toBe(400);
      expect(await refused.text()).toContain(TAILORING_MESSAGES.notCustomised);
    }
    const unknownLine = await post(customised.orderId, { intent: "tailoring-done", itemId: "2147483647" });
    expect(unknownLine.status()).toBe(404);
    const unclear: Record<string, string>[] = [
      { status: "Shipped" },
      { intent: "ship", status: "Shipped" },
      { intent: "status" },
    ];
    for (const form of unclear) {
      const refused = await post(customised.orderId, form);
      expect(refused.status(), JSON.stringify(form)).toBe(400);
      expect(await refused.text()).toContain("Choose what to do with the order.");
    }
    // An unpaid order's tailoring has not started: no button, and the API refuses it.
    await gotoAndWaitForHydration(page, `/orders/${unpaid.orderId}`);
    const section = page.getByRole("region", { name: "Tailoring" });
    await expect(section.getByText(TAILORING_MESSAGES.notPaid)).toBeVisible();
    await expect(section.getByRole("button")).toHaveCount(0);
    const details = await (
      await page.request.get(`/api/orders/get-order-details?id=${unpaid.orderId}`)
    ).json();
    const notPaid = await post(unpaid.orderId, {
      intent: "tailoring-done",
      itemId: String(details.data.order.items[0].id),
    });
    expect(notPaid.status()).toBe(409);
    expect(await notPaid.text()).toContain(TAILORING_MESSAGES.notPaid);

    // An order without tailoring: no Tailoring section, and a ticket that says so.
    await gotoAndWaitForHydration(page, `/orders/${plain.orderId}`);
    await expect(page.getByRole("heading", { name: `Order #${plain.orderId}` })).toBeVisible();
    await expect(page.getByRole("region", { name: "Tailoring" })).toHaveCount(0);
    await gotoAndWaitForHydration(page, `/orders/${plain.orderId}/tailor-ticket`);
    await expect(page.getByText("This order has no tailoring.")).toBeVisible();
    await expectNoAxeViolations(page);

    const missing = await page.request.get("/orders/NO-SUCH-ORDER/tailor-ticket");
    expect(missing.status()).toBe(404);

    // Guests are sent to log in first.
    await page.context().clearCookies();
    await page.goto(`/orders/${customised.orderId}/tailor-ticket`);
    await expect(page).toHaveURL(
      new RegExp(`/login\\?redirectTo=%2Forders%2F${customised.orderId}%2Ftailor-ticket$`),
    );
  },
);
