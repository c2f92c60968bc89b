import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, gotoAndWaitForHydration, mailbox, signIn, STAFF } from "./support";
import { jpegPhoto } from "../../server/test-support/photos";

/** The link of the newest mail to `email` whose subject matches. */
async function mailedLink(page: Page, email: string, subject: RegExp) {
  await expect
    .poll(async () => (await mailbox(page)).some((mail) => mail.to === email && subject.test(mail.subject)))
    .toBe(true);
  const mail = (await mailbox(page)).find((m) => m.to === email && subject.test(m.subject))!;
  const url = new URL(/https?:\/\/\S+\/grievances\?token=\S+/.exec(mail.text)![0]);
  return url.pathname + url.search;
}

test(
  "a guest files a complaint with a photo and gets a ticket number; staff acknowledge and resolve it",
  { tag: "@both" },
  async ({ page }) => {
    test.setTimeout(120_000);
    const email = `guest.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.in`;

    // From any page's footer: who sells, the grievance officer, and the Grievances page.
    await gotoAndWaitForHydration(page, "/about");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByText(/Grievance officer: /)).toBeVisible();
    await footer.getByRole("link", { name: "Grievances" }).click();
    await expect(page.getByRole("heading", { name: "Grievances", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Grievance officer" })).toBeVisible();
    // Checked once the new page is scrolled to its top: until then the sticky header lies over its links,
    // which axe counts as targets too close together.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expectNoAxeViolations(page);

    await page.getByLabel("Your name").fill("Asha Verma");
    await page.getByLabel("Your e-mail").fill(email);
    await page.getByLabel("What is it about?").selectOption({ label: "A damaged, defective or wrong item" });
    await page.getByLabel("What happened?").fill("The dupatta arrived torn along its border.");
    const photo = await jpegPhoto(300, 400, { colour: "#b0305a" });
    await page
      .getByLabel("Photos")
      .setInputFiles({ name: "torn.jpg", mimeType: "image/jpeg", buffer: photo });
    await page.getByRole("button", { name: "File complaint" }).click();
    const ticketNumber = (await page.getByTestId("ticket-number").textContent())!;
    expect(ticketNumber).toMatch(/^GR-\d{6}$/);
    await expect(page.getByText(`Open the link we sent to ${email}`)).toBeVisible();
    await expectNoAxeViolations(page);

    // The mailed link confirms her e-mail: the ticket goes to the officer.
    const link = await mailedLink(page, email, new RegExp(`confirm your complaint, ticket ${ticketNumber}`));
    await gotoAndWaitForHydration(page, link);
    await expect(page.getByText("Waiting for e-mail confirmation")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Confirm my complaint" }).click();
    await expect(page.getByRole("status")).toContainText(
      `ticket ${ticketNumber} is with our grievance officer`,
    );
    await expect(page.getByText("Received", { exact: true })).toBeVisible();
    await expect(
      page.getByRole("list", { name: "Photos sent with the complaint" }).getByRole("img"),
    ).toHaveCount(1);

    // Staff find it among the tickets to acknowledge, acknowledge it, then resolve it.
    await signIn(page, STAFF.email, STAFF.password);
    await gotoAndWaitForHydration(page, "/admin-dashboard");
    await page
      .getByRole("link", { name: /Complaints/ })
      .first()
      .click();
    await expect(page.getByRole("heading", { name: "Complaints", level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: `Ticket ${ticketNumber}` }).click();
    await expect(page.getByRole("heading", { name: `Ticket ${ticketNumber}`, level: 1 })).toBeVisible();
    await expect(page.getByText("Acknowledge: Due in")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Acknowledge" }).click();
    await expect(page.getByText("Acknowledged: the shopper has been e-mailed.")).toBeVisible();
    await expect(page.getByText("Acknowledge: Met")).toBeVisible();
    await page
      .getByRole("textbox", { name: "Message" })
      .fill("A new dupatta was dispatched today; the courier collects the torn one.");
    await page.getByRole("button", { name: "Resolve" }).click();
    await expect(page.getByText("Resolved: the shopper has been e-mailed.")).toBeVisible();
    await expect(page.getByText("This ticket is resolved.")).toBeVisible();

    // The guest was mailed each time, and her link shows the whole thread.
    await expect
      .poll(async () => (await mailbox(page)).filter((mail) => mail.to === email).map((mail) => mail.subject))
      .toEqual(
        expect.arrayContaining([
          expect.stringContaining(`your complaint is resolved, ticket ${ticketNumber}`),
          expect.stringContaining(`we have your complaint, ticket ${ticketNumber}`),
        ]),
      );
    await page.context().clearCookies();
    await gotoAndWaitForHydration(page, link);
    const thread = page.getByRole("list", { name: "The grievance officer's messages" });
    await expect(thread.getByRole("listitem")).toHaveCount(2);
    await expect(thread).toContainText("A new dupatta was dispatched today");
    await expect(page.getByText("Resolved", { exact: true })).toBeVisible();
  },
);
