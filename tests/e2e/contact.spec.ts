import { expect, test, type Page } from "@playwright/test";
import { gotoHydrated, mailbox } from "./support";

const STORE_EMAIL = "care@rangoli.example";
const SENT_NOTICE = "Message Sent! Thank you for your message. We'll get back to you within 24 hours.";

/** The contact form's fields, by their labels. */
function contactForm(page: Page) {
  const form = page.getByRole("region", { name: "Send us a message" });
  return {
    name: form.getByRole("textbox", { name: "Name" }),
    email: form.getByRole("textbox", { name: "Email" }),
    phone: form.getByRole("textbox", { name: "Phone (optional)" }),
    subject: form.getByRole("textbox", { name: "Subject" }),
    message: form.getByRole("textbox", { name: "Message" }),
    send: form.getByRole("button", { name: "Send Message" }),
  };
}

/** A subject no other run uses, to find this message in the mailbox. */
const uniqueSubject = (what: string) => `${what} ${test.info().project.name} ${Date.now()}`;

async function expectInMailbox(page: Page, subject: string, text: string) {
  await expect
    .poll(async () => (await mailbox(page)).find((mail) => mail.subject === `Contact form: ${subject}`))
    .toMatchObject({ to: STORE_EMAIL, text: expect.stringContaining(text) });
}

test("the contact form checks the required fields, sends the message and it reaches the store's inbox", async ({
  page,
}) => {
  await gotoHydrated(page, "/contact");
  const form = contactForm(page);
  const missing = (field: typeof form.name) =>
    field.evaluate((element: HTMLInputElement) => element.validity.valueMissing);

  // Nothing filled in: the browser stops the form at the first required field.
  await form.send.click();
  await expect(form.name).toBeFocused();
  expect(await missing(form.name)).toBe(true);
  expect(await missing(form.email)).toBe(true);
  expect(await missing(form.subject)).toBe(true);
  expect(await missing(form.message)).toBe(true);
  expect(await missing(form.phone)).toBe(false);

  await form.name.fill("Lakshmi Reddy");
  await form.email.fill("lakshmi.example.com");
  await form.subject.fill("placeholder");
  await form.send.click();
  await expect(form.email).toBeFocused();
  expect(await form.email.evaluate((element: HTMLInputElement) => element.validity.typeMismatch)).toBe(true);

  await form.email.fill("lakshmi@example.com");
  await form.send.click();
  await expect(form.message).toBeFocused();
  await expect(page).toHaveURL("/contact");

  const subject = uniqueSubject("Blouse fit for a half saree");
  await form.subject.fill(subject);
  await form.message.fill("Can the blouse of the Mustard Chanderi half saree be made in size 38?");
  await form.send.click();
  await expect(page.getByText("Message Sent!", { exact: true })).toBeVisible();
  await expect(page.getByText(SENT_NOTICE)).toBeVisible();
  // The form is cleared for the next message.
  await expect(form.name).toHaveValue("");
  await expect(form.message).toHaveValue("");
  await expectInMailbox(
    page,
    subject,
    "Can the blouse of the Mustard Chanderi half saree be made in size 38?",
  );
});

test("the contact form works without JavaScript", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/contact");
  const form = contactForm(page);
  const subject = uniqueSubject("Store visit");
  await form.name.fill("Anjali Rao");
  await form.email.fill("anjali@example.com");
  await form.phone.fill("+91 98480 00000");
  await form.subject.fill(subject);
  await form.message.fill("Is the boutique open on Sunday afternoons?");
  await form.send.click();
  await expect(page.getByText(SENT_NOTICE)).toBeVisible();
  await expectInMailbox(page, subject, "phone +91 98480 00000");
  await context.close();
});
