import { expect, type Page } from "@playwright/test";

/**
 * Opens a page and waits until the browser has hydrated it, so that links navigate on the client and forms
 * submit through the router. The header's bag count comes from local storage only once the page is
 * hydrated, so a bag with one line, put there before the page loads, shows "Bag, 1 items" from then on.
 */
export async function gotoHydrated(page: Page, path: string) {
  await page.addInitScript(() => {
    if ((JSON.parse(localStorage.getItem("cartItems") ?? "[]") as unknown[]).length > 0) return;
    const line = { id: 1, name: "Sample", title: "Sample", image: null, price: 100, size: "M", quantity: 1 };
    localStorage.setItem("cartItems", JSON.stringify([line]));
  });
  await page.goto(path);
  await expect(page.getByRole("button", { name: "Bag, 1 items" })).toBeAttached();
}

/**
 * Opens a page and waits until every part of it has hydrated (the page's scripts start after its first
 * images, so buttons work a moment after the load event).
 */
export async function gotoAndWaitForHydration(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
}

/** The mails in the store's local mailbox (outside production only), newest first. */
export async function mailbox(page: Page): Promise<Array<{ to: string; subject: string; text: string }>> {
  const response = await page.request.get("/dev/mailbox.json");
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: Array<{ to: string; subject: string; text: string }> }).data;
}
