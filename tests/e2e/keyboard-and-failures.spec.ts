import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, gotoAndWaitForHydration } from "./support";

/*
 * The storefront for every hand: what a keyboard, a screen reader and a failing network meet.
 */

test.describe("the customisations banner", () => {
  const region = (page: Page) => page.getByRole("region", { name: "Customisations we offer" });
  const playState = (page: Page) =>
    region(page)
      .locator(".marquee")
      .evaluate((element) => getComputedStyle(element).animationPlayState);

  test("pauses and plays with its button, under the pointer and under keyboard focus", async ({ page }) => {
    await gotoAndWaitForHydration(page, "/");
    await page.mouse.move(5, 600);
    expect(await playState(page)).toBe("running");

    await region(page).getByRole("button", { name: "Pause the banner" }).click();
    await page.mouse.move(5, 600);
    expect(await playState(page)).toBe("paused");
    await expectNoAxeViolations(page);
    await page.emulateMedia({ reducedMotion: "no-preference" });

    await region(page).getByRole("button", { name: "Play the banner" }).click();
    await page.mouse.move(5, 600);
    expect(await playState(page)).toBe("running");

    await region(page).hover();
    expect(await playState(page)).toBe("paused");
    await page.mouse.move(5, 600);
    expect(await playState(page)).toBe("running");

    // After the skip link comes the banner's button.
    await page.getByRole("link", { name: "Skip to content" }).focus();
    await page.keyboard.press("Tab");
    await expect(region(page).getByRole("button", { name: "Pause the banner" })).toBeFocused();
    expect(await playState(page)).toBe("paused");
    await page.keyboard.press("Tab");
    expect(await playState(page)).toBe("running");
  });

  test("stands still with reduced motion, and offers no button then", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await gotoAndWaitForHydration(page, "/");
    const name = await region(page)
      .locator(".marquee")
      .evaluate((element) => getComputedStyle(element).animationName);
    expect(name).toBe("none");
    await expect(region(page).getByRole("button")).toBeHidden();
  });
});
