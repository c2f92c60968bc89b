import AxeBuilder from "@axe-core/playwright";
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
