import { expect, test, type Page } from "@playwright/test";
import {
  affordablePiece,
  CHENNAI,
  gotoAndWaitForHydration,
  lookAt,
  newVerifiedShopper,
  signIn,
  staffMove,
} from "./support";

type Received = { wamid: string; template: string | null; text: string; buttons: { text: string }[] };

/** A mobile number no other test uses, so that its sandbox phone holds this test's messages only. */
const ownNumber = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;

/** What the sandbox's phone of `phone` received, newest first. */
async function received(page: Page, phone: string): Promise<Received[]> {
  const answer = await page.request.get(`/api/whatsapp/sandbox/messages?phone=${phone}`);
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()).data as Received[];
}

/** Waits until the phone received a message of `template`, and gives it. */
async function messageOf(page: Page, phone: string, template: string): Promise<Received> {
  await expect
    .poll(async () => (await received(page, phone)).map((message) => message.template))
    .toContain(template);
  return (await received(page, phone)).find((message) => message.template === template)!;
}

const codeIn = (message: Received) => /(\d{6}) is your verification code/.exec(message.text)![1]!;

test(
  "a shopper ticks WhatsApp at checkout, confirms her cash order by its button and follows the parcel there",
  { tag: "@both" },
  async ({ page, baseURL }) => {
    const phone = ownNumber();
    const piece = await affordablePiece(page);
    const email = await newVerifiedShopper(page, baseURL!, { signedIn: true, phone });
    const saved = await page.request.post("/api/addresses/add-address", {
      data: { ...CHENNAI, phone },
      headers: { origin: new URL(baseURL!).origin },
    });
    expect(saved.ok(), await saved.text()).toBe(true);

    await gotoAndWaitForHydration(page, `/products/${piece.id}`);
    await page
      .getByRole("group", { name: "Select Size" })
      .getByRole("radio", { name: piece.size, exact: true })
      .check({ force: true });
    await page.getByRole("button", { name: "ADD TO BAG" }).click();
    await page
      .getByRole("dialog", { name: "Your Bag" })
      .getByRole("button", { name: "Proceed to Checkout" })
      .click();
    await expect(page).toHaveURL(/\/checkout$/);

    // The consent names the delivery number and is never ticked for her.
    const consent = page.getByRole("checkbox", {
      name: `Send my order updates on WhatsApp to +91 ${phone.slice(0, 5)} ${phone.slice(5)}`,
    });
    await expect(consent).not.toBeChecked();
    await lookAt(page, "whatsapp-consent-at-checkout");
    await consent.check();
    await page.getByRole("radio", { name: /^Cash on Delivery/ }).check();
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page).toHaveURL(/\/orders\/RB[0-9A-Z]{10}$/);
    const orderId = page.url().split("/").pop()!;

    // Her phone: the cash order's question (its "order placed") with its two buttons, tapped on the phone.
    await messageOf(page, phone, "cod_order_confirm");
    await gotoAndWaitForHydration(page, `/dev/whatsapp?phone=${phone}`);
    await expect(page.getByText(orderId).first()).toBeVisible();
    await lookAt(page, "whatsapp-sandbox-phone");
    await page.getByRole("button", { name: "Confirm order" }).first().click();
    await expect(page.getByText("Sent from the sandbox's phone")).toBeVisible();
    await expect
      .poll(async () => (await received(page, phone)).map((message) => message.text).join("\n"))
      .toMatch(/confirmed/i);
    await signIn(page, email);
    await gotoAndWaitForHydration(page, `/orders/${orderId}`);
    await expect(page.getByText("Processing", { exact: true }).first()).toBeVisible();

    // Shipped and delivered: each update reaches her phone once.
    await staffMove(page, baseURL!, orderId, {
      status: "Shipped",
      courier: "delhivery",
      trackingNumber: "DL5566778899",
    });
    await staffMove(page, baseURL!, orderId, { status: "Delivered" });
    await messageOf(page, phone, "order_shipped");
    await messageOf(page, phone, "order_delivered");
    const templates = (await received(page, phone)).map((message) => message.template);
    expect(templates.filter((template) => template === "order_shipped")).toHaveLength(1);

    // Staff see what went where on the order's page.
    await gotoAndWaitForHydration(page, `/orders/${orderId}`);
    const messages = page.getByRole("region", { name: "WhatsApp messages" });
    await expect(messages.getByText("order_shipped")).toBeVisible();
    await expect(messages.getByText(`+91 ${phone.slice(0, 5)} ${phone.slice(5)}`).first()).toBeVisible();
    // Beside them, the order's mails: the cash order's confirmation asked by mail too.
    const mails = page.getByRole("region", { name: "Mails" });
    await expect(mails.getByText(`please confirm your order ${orderId}`)).toBeVisible();
  },
);

test("a shopper verifies her number once on her account page, then logs in with a code on WhatsApp", async ({
  page,
  baseURL,
}) => {
  const phone = ownNumber();
  await newVerifiedShopper(page, baseURL!, { signedIn: true, phone });
  await gotoAndWaitForHydration(page, "/profile");
  await page.getByRole("button", { name: "Send me a code on WhatsApp" }).click();
  const verifying = await messageOf(page, phone, "login_code");
  await page.getByLabel("Code from WhatsApp").fill(codeIn(verifying));
  await page.getByRole("button", { name: "Verify my number" }).click();
  await expect(page.getByTestId("whatsapp-verified")).toBeVisible();

  await page.context().clearCookies();
  await gotoAndWaitForHydration(page, "/login");
  await page.getByRole("link", { name: "Log in with a code on WhatsApp" }).click();
  await expect(page).toHaveURL(/\/login\/whatsapp$/);
  const before = (await received(page, phone)).length;
  await page.getByLabel("Mobile Number").fill(phone);
  await page.getByRole("button", { name: "Send me a code on WhatsApp" }).click();
  await expect.poll(async () => (await received(page, phone)).length).toBe(before + 1);
  const code = codeIn((await received(page, phone))[0]!);
  await page.getByLabel("Code").fill("000000" === code ? "111111" : "000000");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await page.getByLabel("Code").fill(code);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: "Meera Iyer" })).toBeVisible();
});
