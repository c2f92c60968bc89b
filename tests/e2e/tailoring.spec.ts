import { expect, test } from "@playwright/test";
import { formatRupees } from "../../contract/money";
import {
  addAddress,
  expectNoAxeViolations,
  gotoAndWaitForHydration,
  newVerifiedShopper,
  productOffering,
} from "./support";

const rupees = formatRupees;

test("a shopper customises a piece, keeps her measurements, pays, and sees every detail on her order", async ({
  page,
  baseURL,
}) => {
  await newVerifiedShopper(page, baseURL!, { signedIn: true });
  const product = await productOffering(page, 1, ["Blouse Fit", "Color Change"], 3);

  await gotoAndWaitForHydration(page, `/products/${product.id}`);
  await expect(page.getByText(/Tailored for you:.*Blouse Fit/)).toBeVisible();
  // Like Add to Bag, Customise asks for a size first.
  await page.getByRole("button", { name: "Customise this piece" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Please select a size" })).toBeVisible();
  // By keyboard: the toast may cover the size buttons on a phone.
  const size = page
    .getByRole("group", { name: "Select Size" })
    .getByRole("radio", { name: product.size, exact: true });
  await size.focus();
  await page.keyboard.press("Space");
  await expect(size).toBeChecked();
  await page.getByRole("button", { name: "Customise this piece" }).click();

  const dialog = page.getByRole("dialog", { name: `Customise ${product.name}` });
  await expect(dialog).toBeVisible();
  const blouseFit = product.charge("Blouse Fit");
  const colorChange = product.charge("Color Change");
  await dialog.getByRole("checkbox", { name: /Blouse Fit/ }).check();
  await dialog.getByRole("checkbox", { name: /Color Change/ }).check();
  await expect(
    dialog.getByText(rupees(product.price + blouseFit + colorChange), { exact: true }),
  ).toBeVisible();

  // What the tailor needs is asked for, in the words the server uses, and the keyboard goes there.
  await dialog.getByRole("button", { name: "Add to Bag" }).click();
  await expect(dialog.getByText("Enter the bust measurement.")).toBeVisible();
  await expect(dialog.getByText("Enter the shoulder measurement.")).toBeVisible();
  await expect(dialog.getByText("Tell us the colour you would like.")).toBeVisible();
  await expect(dialog.getByLabel("Bust (in)")).toBeFocused();
  await expect(dialog.getByLabel("Bust (in)")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);

  await dialog.getByLabel("Bust (in)").fill("100");
  await dialog.getByLabel("Waist (in)").fill("28.5");
  await dialog.getByLabel("Shoulder (in)").fill("14");
  await dialog.getByLabel(/Note for the tailor/).fill("Deep maroon, please");
  await dialog.getByRole("button", { name: "Add to Bag" }).click();
  await expect(dialog.getByText("Bust must be from 20 to 60 inches, in steps of 0.5.")).toBeVisible();
  await dialog.getByLabel("Bust (in)").fill("34");
  await dialog.getByRole("checkbox", { name: "Save these measurements for next time" }).check();
  await dialog.getByLabel("Name them").fill("Me");
  await expect(dialog.getByText(/Made to order\./)).toBeVisible();
  await dialog.getByRole("button", { name: "Add to Bag" }).click();

  // Its own line in the bag, next to the same piece as it is.
  const bag = page.getByRole("dialog", { name: "Your Bag" });
  await expect(bag.getByText("Customised: Blouse Fit, Color Change")).toBeVisible();
  await expect(bag.getByText("Bust 34 · Waist 28.5 · Shoulder 14 in")).toBeVisible();
  await expect(bag.getByText("Note: Deep maroon, please")).toBeVisible();
  await bag.getByRole("button", { name: "Close bag" }).click();
  await page.getByRole("button", { name: "ADD TO BAG" }).click();
  await expect(bag.getByRole("listitem")).toHaveCount(2);
  await expect(
    bag.getByRole("button", { name: `Remove ${product.name}, size ${product.size}, customised` }),
  ).toBeVisible();
  const total = product.price + blouseFit + colorChange + product.price;
  await expect(bag.getByTestId("cart-subtotal")).toHaveText(rupees(total));
  await expectNoAxeViolations(page);

  await bag.getByRole("button", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const lines = page.getByRole("region", { name: "Your bag" });
  await expect(lines.getByText("Customised: Blouse Fit, Color Change")).toBeVisible();
  await expect(page.getByText(/Made to order\. Customised pieces are made to order for you/)).toBeVisible();
  await addAddress(page);
  await page.getByRole("radio", { name: /PhonePe/ }).check();
  await expect(page.getByRole("complementary").getByText(rupees(total))).toHaveCount(2);
  await expectNoAxeViolations(page);
  const popup = page.waitForEvent("popup", { timeout: 5000 }).catch(() => null);
  await page.getByRole("button", { name: "Place Order" }).click();
  const payPage = (await popup) ?? page;
  await expect(payPage.getByRole("heading", { name: `Pay ${rupees(total)}` })).toBeVisible();
  await payPage.getByRole("button", { name: "Approve payment" }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible({ timeout: 15_000 });
  const orderId = new URL(page.url()).searchParams.get("orderId")!;

  await gotoAndWaitForHydration(page, `/orders/${orderId}`);
  const items = page.getByRole("table");
  await expect(items.getByRole("row")).toHaveCount(3);
  await expect(
    items.getByText(`Customised: Blouse Fit (+${rupees(blouseFit)}), Color Change (+${rupees(colorChange)})`),
  ).toBeVisible();
  await expect(items.getByText("Bust 34 · Waist 28.5 · Shoulder 14 in")).toBeVisible();
  await expect(items.getByText("Note: Deep maroon, please")).toBeVisible();
  await expect(items.getByText("Tailoring in progress")).toBeVisible();
  await expectNoAxeViolations(page);

  // The measurements she saved fill the next customisation.
  await gotoAndWaitForHydration(page, `/products/${product.id}`);
  await page
    .getByRole("group", { name: "Select Size" })
    .getByRole("radio", { name: product.size, exact: true })
    .check({ force: true });
  await page.getByRole("button", { name: "Customise this piece" }).click();
  await dialog.getByLabel("Use saved measurements").selectOption({ label: "Me" });
  await expect(dialog.getByLabel("Bust (in)")).toHaveValue("34");
  await expect(dialog.getByLabel("Shoulder (in)")).toHaveValue("14");
});

test("the return policy says customised pieces are made to order", async ({ page }) => {
  await page.goto("/return-policy");
  await expect(page.getByRole("heading", { name: "Customised pieces are made to order" })).toBeVisible();
});
