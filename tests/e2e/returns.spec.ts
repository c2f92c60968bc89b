import { expect, test } from "@playwright/test";
import {
  deliveredByStaff,
  expectNoAxeViolations,
  gotoAndWaitForHydration,
  lookAt,
  paidOrder,
  productInStock,
  signIn,
  SHOPPER_PASSWORD,
  STAFF,
} from "./support";
import { jpegPhoto } from "../../server/test-support/photos";

test(
  "a shopper asks to return a damaged piece with a photo; staff approve, receive it, and it is refunded with a credit note",
  { tag: "@both" },
  async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const product = await productInStock(page);
    const { email, orderId } = await paidOrder(page, baseURL!, product.id);
    await deliveredByStaff(page, baseURL!, orderId);

    // The shopper, on her delivered order: until when she may ask, and the form.
    await signIn(page, email, SHOPPER_PASSWORD);
    await gotoAndWaitForHydration(page, `/orders/${orderId}`);
    const returns = page.getByRole("region", { name: "Returns" });
    await expect(returns).toContainText("You can ask to return it until");
    await returns.getByRole("link", { name: "Return a piece" }).click();
    await expect(page.getByRole("heading", { name: `Return a piece of order #${orderId}` })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("radio", { name: "It arrived damaged" }).check();
    await page.getByLabel("Tell us more").fill("The zari border came torn along one side.");
    const photo = await jpegPhoto(300, 400, { colour: "#b0305a" });
    await page
      .getByLabel("Photos of the piece")
      .setInputFiles({ name: "torn.jpg", mimeType: "image/jpeg", buffer: photo });
    await lookAt(page, "return-form", { fullPage: true });
    await page.getByRole("button", { name: "Ask to return it" }).click();

    // Back on her order: the return asked, with its ticket.
    await expect(page).toHaveURL(new RegExp(`/orders/${orderId}$`));
    await expect(returns).toContainText("Return asked: we reply within 48 hours");
    const returnId = (await returns.getByText(/^RT-\d{6}:/).textContent())!.split(":")[0]!;
    await expect(returns.getByRole("link", { name: /^GR-\d{6}$/ })).toBeVisible();
    await expectNoAxeViolations(page);

    // Staff approve it (the courier books the pickup) and receive the piece: refunded, a credit note issued.
    await signIn(page, STAFF.email, STAFF.password);
    await gotoAndWaitForHydration(page, `/orders/${orderId}`);
    await returns.getByRole("button", { name: `Approve return ${returnId}` }).click();
    await expect(returns).toContainText("Return approved: the courier will collect the piece");
    await expect(returns).toContainText(/Pickup waybill \d{14}/);
    await returns.getByRole("button", { name: `Piece of ${returnId} received: refund it` }).click();
    await expect(returns).toContainText("Refunded");
    await lookAt(page, "return-refunded-staff", { fullPage: true });
    await expectNoAxeViolations(page);

    // The shopper sees it refunded, and downloads the credit note.
    await signIn(page, email, SHOPPER_PASSWORD);
    await gotoAndWaitForHydration(page, `/orders/${orderId}`);
    await expect(returns).toContainText("Refunded");
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download credit note" }).click();
    expect((await download).suggestedFilename()).toMatch(/^GST-credit-note-CN-\d{2}-\d{2}-\d{6}\.pdf$/);
  },
);
