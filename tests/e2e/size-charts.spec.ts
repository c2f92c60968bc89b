import { expect, test, type Locator, type Page } from "@playwright/test";
import { STAFF, expectNoAxeViolations, gotoAndWaitForHydration, lookAt, signIn } from "./support";

/** What shows: the table holds both units, and CSS hides the one not chosen. */
const INNER = { useInnerText: true };
const shownTexts = (locator: Locator) => expect.poll(() => locator.allInnerTexts());

/** The first product of a category, from the catalog API. */
async function productOf(page: Page, categoryId: number): Promise<number> {
  const answer = await page.request.get(`/api/products/get-products?categoryId=${categoryId}&limit=1`);
  return (await answer.json()).data[0]._id as number;
}

async function openSizeGuide(page: Page, productId: number) {
  await gotoAndWaitForHydration(page, `/products/${productId}`);
  await page.getByRole("button", { name: "Size Guide" }).click();
  return page.getByRole("dialog", { name: "Size Guide" });
}

test("the Size Guide shows the category's chart, in inches or centimetres, with a header for each size", async ({
  page,
}) => {
  const guide = await openSizeGuide(page, await productOf(page, 1));
  const table = guide.getByRole("table", { name: "Body measurements for each size" });
  await shownTexts(table.getByRole("columnheader")).toEqual([
    "Size",
    "Bust (in)",
    "Waist (in)",
    "Hip (in)",
    "Shoulder (in)",
  ]);
  await expect(table.getByRole("row", { name: /^M / })).toHaveText(/M\s*36\s*30\s*38\s*14\.5/, INNER);
  await expect(table.getByRole("rowheader", { name: "XXXL" })).toBeVisible();
  await expectNoAxeViolations(page);

  await guide.getByRole("radio", { name: "Centimetres" }).check();
  await shownTexts(table.getByRole("columnheader")).toEqual([
    "Size",
    "Bust (cm)",
    "Waist (cm)",
    "Hip (cm)",
    "Shoulder (cm)",
  ]);
  await expect(table.getByRole("row", { name: /^M / })).toHaveText(/M\s*91\s*76\s*97\s*37/, INNER);
  await lookAt(page, "size-guide");

  const kids = await openSizeGuide(page, await productOf(page, 5));
  const kidsTable = kids.getByRole("table");
  await shownTexts(kidsTable.getByRole("columnheader")).toEqual([
    "Size",
    "Chest (in)",
    "Waist (in)",
    "Height (cm)",
  ]);
  await expect(kidsTable.getByRole("row", { name: /^2-3 / })).toHaveText(/2-3\s*22\s*20\s*92-98/, INNER);
});

test(
  "on a phone the Size Guide's table says it scrolls sideways, and scrolls; on a desktop it fits",
  { tag: "@both" },
  async ({ page, isMobile }) => {
    const guide = await openSizeGuide(page, await productOf(page, 1));
    const region = guide.getByRole("region", { name: "Size chart" });
    const hint = guide.getByText("Swipe the table sideways to see every measurement");
    const scrollable = () => region.evaluate((box) => box.scrollWidth > box.clientWidth);
    if (!isMobile) {
      await expect(hint).toHaveCount(0);
      expect(await scrollable()).toBe(false);
      return;
    }
    await expect(hint).toBeVisible();
    expect(await scrollable()).toBe(true);
    await expect(region).toHaveAccessibleDescription(/Swipe the table sideways/);
    await region.evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
    await expect(guide.getByRole("columnheader", { name: "Shoulder (in)" })).toBeInViewport();
    await lookAt(page, "size-guide-phone");
  },
);

test(
  "staff change a category's chart and its products' Size Guide shows it",
  { tag: "@desktop" },
  async ({ page }, testInfo) => {
    // A long journey (sign in, two saves, the shop's page, axe twice): more than the default minute under load.
    test.slow();
    const categoryId = testInfo.project.name === "phone" ? 3 : 4;
    const category = categoryId === 3 ? "Half Saree" : "Ethnic Wear";
    await signIn(page, STAFF.email, STAFF.password);
    await gotoAndWaitForHydration(page, "/admin-dashboard");
    await page.getByRole("link", { name: /Size charts/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Size charts" })).toBeVisible();
    await expectNoAxeViolations(page);

    const section = page.getByRole("region", { name: new RegExp(`^${category}`) });
    await section.getByLabel(`Bust of size M, ${category}`).fill("37");
    await section.getByLabel(`Size in row 8 of ${category}`).fill("4XL");
    await section.getByLabel(`Bust in row 8, ${category}`).fill("46");
    await section.getByLabel(`Waist in row 8, ${category}`).fill("40");
    await section.getByLabel(`Hip in row 8, ${category}`).fill("48");
    await section.getByLabel(`Shoulder in row 8, ${category}`).fill("17");
    await section.getByRole("button", { name: `Save ${category} chart` }).click();
    await expect(section.getByRole("status")).toHaveText("Size chart saved.");
    await expect(page.getByRole("heading", { name: category, exact: true })).toBeVisible();
    await lookAt(page, "size-charts-staff", { fullPage: true });

    const guide = await openSizeGuide(page, await productOf(page, categoryId));
    await expect(guide.getByRole("row", { name: /^M / })).toHaveText(/M\s*37\s*30\s*38\s*14\.5/, INNER);
    await expect(guide.getByRole("row", { name: /^4XL / })).toHaveText(/4XL\s*46\s*40\s*48\s*17/, INNER);

    // A chart that does not hold together is refused: each bad cell marked with its own message, at once.
    await gotoAndWaitForHydration(page, "/admin/size-charts");
    const bust = section.getByLabel(`Bust of size M, ${category}`);
    await bust.fill("tall");
    const size = section.getByLabel(`Size in row 4 of ${category}`);
    await size.fill("xs");
    await section.getByRole("button", { name: `Save ${category} chart` }).click();
    await expect(section.getByRole("alert")).toHaveText("2 cells need fixing: each is marked above.");
    await expect(bust).toHaveAttribute("aria-invalid", "true");
    await expect(bust).toHaveAccessibleDescription("Use a number or a range such as 92-98.");
    await expect(size).toHaveAttribute("aria-invalid", "true");
    await expect(size).toHaveAccessibleDescription("Each size appears once.");
    await expect(section.getByLabel(`Waist of size M, ${category}`)).not.toHaveAttribute("aria-invalid");
    await expectNoAxeViolations(page);
    await lookAt(section, "size-chart-cells");
  },
);
