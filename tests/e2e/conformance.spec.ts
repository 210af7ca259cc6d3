import type { Page } from "@playwright/test";
import { displayDecimalsOf } from "../../app/features/cmip6/indicatorRules";
import { expect, hydrated, test } from "./fixtures";

/** The fixed-height viewer pages of the specification (section 2). */
const FIXED_HEIGHT = ["/cmip6-viewer", "/catalog/explorer", "/glofas", "/isimip", "/lhasa", "/second-page", "/tools/gee", "/pyaez"];

/** How far the page itself can scroll (0 when only its panes scroll). */
const pageScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);

/** Where an element's top is, in px below the top of the pane it scrolls in. */
const topInPane = (page: Page, id: string) =>
  page.evaluate((target) => {
    const el = document.getElementById(target)!;
    const pane = el.closest(".aez-browser__content")!;
    return el.getBoundingClientRect().top - pane.getBoundingClientRect().top;
  }, id);
/** How many px the element is from where hash links land (60 px below the pane's top). */
const offBy = async (page: Page, id: string) => Math.abs((await topInPane(page, id)) - 60);

for (const height of [800, 1080]) {
  test.describe(`fixed-height pages at ${height} px`, () => {
    test.use({ viewport: { width: 1366, height } });

    test("nothing scrolls but the panes, footer included", async ({ page }) => {
      // eight pages with maps and tables in one test
      test.slow();
      for (const path of FIXED_HEIGHT) {
        await page.goto(path);
        await expect(page.locator(".sacap-footer"), path).toBeVisible();
        expect(await pageScroll(page), path).toBeLessThanOrEqual(0);
      }
    });

    test("/pyaez deep links land 60 px below the top of the modules' pane, the second 3.2 too", async ({ page, pageErrors }) => {
      await page.goto("/pyaez#module-3.2-2");
      await hydrated(page);
      await expect.poll(() => offBy(page, "module-3.2-2")).toBeLessThanOrEqual(2);
      await expect(page.locator('[id="module-3.2-2"]')).toHaveClass(/aez-target/);
      await expect(page.getByRole("navigation", { name: "Modules and maps" }).locator('[aria-current="location"]')).toHaveText(/3\.2\s+Yield Class Irrigated/);
      expect(await pageScroll(page)).toBeLessThanOrEqual(0);
      // a link in the navigator scrolls the pane, not the page
      await page.getByRole("navigation", { name: "Modules and maps" }).getByRole("treeitem", { name: "5.1 Fournier Index" }).click();
      await expect(page).toHaveURL(/#module-5\.1$/);
      await expect.poll(() => offBy(page, "module-5.1")).toBeLessThanOrEqual(2);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(pageErrors).toEqual([]);
    });
  });
}

test.describe("/pyaez without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1366, height: 800 } });
  test("a deep link lands in the pane with the offset", async ({ page }) => {
    await page.goto("/pyaez#module-4.1");
    await expect.poll(() => offBy(page, "module-4.1")).toBeLessThanOrEqual(2);
    expect(await pageScroll(page)).toBeLessThanOrEqual(0);
  });
});

test.describe("a sector's charts are reachable", () => {
  test("from the data index and the sector page", async ({ page }) => {
    await page.goto("/data");
    await page.getByRole("link", { name: "Agriculture: charts" }).click();
    await expect(page).toHaveURL("/data-chart/section/agriculture");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Agriculture: charts");

    await page.goto("/data/sector/agriculture");
    await page.getByRole("link", { name: "Charts of the Agriculture sector" }).click();
    await expect(page).toHaveURL("/data-chart/section/agriculture");
  });

  test("from the catalogue's sector filter", async ({ page }) => {
    await page.goto("/data/catalog");
    await hydrated(page);
    await page.getByRole("button", { name: "Sector", exact: true }).click();
    await page.getByRole("group", { name: "Sector filter" }).getByRole("link", { name: "Water Resources: charts" }).click();
    await expect(page).toHaveURL("/data-chart/section/water-resources");
  });

  test("from the search", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.keyboard.press("/");
    await page.keyboard.type("Agriculture: charts");
    await expect(page.getByRole("option").first()).toContainText("Agriculture: charts");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/data-chart/section/agriculture");
  });
});

test("numbers of one quantity keep one count of decimals: the explorer's window table", async ({ page }) => {
  await page.goto("/cmip6-data?indicator=tas&geo=NPL&scenario=ssp245");
  const table = page.getByRole("table", { name: /20-year means/ });
  const cells = (await table.locator("tbody td.sacap-num").allInnerTexts()).filter((t) => !/^\d+$/.test(t.trim()));
  const numbers = cells.flatMap((text) => text.match(/[+-]?\d+\.\d+/g) ?? []);
  expect(numbers.length).toBeGreaterThan(6);
  // the indicator's display decimals (a tenth of a degree) for every statistic and change alike
  const decimals = displayDecimalsOf("tas");
  for (const n of numbers) expect(n, n).toMatch(new RegExp(`^[+-]?\\d+\\.\\d{${decimals}}$`));
});

test("a click anywhere in a sortable header sorts, and aria-sort follows", async ({ page }) => {
  await page.goto("/data/catalog");
  await hydrated(page);
  const header = page.getByRole("columnheader", { name: /^Source/ });
  await expect(header).toHaveAttribute("aria-sort", "none");
  const box = (await header.boundingBox())!;
  // the right part of the cell, away from the label (left of the resize handle)
  await page.mouse.click(box.x + box.width - 14, box.y + box.height / 2);
  await expect(header).toHaveAttribute("aria-sort", "ascending");
  await page.mouse.click(box.x + box.width - 14, box.y + box.height / 2);
  await expect(header).toHaveAttribute("aria-sort", "descending");
});

test("the map viewer's controls are Blueprint's, and its legend folds away by keyboard", async ({ page }) => {
  await page.goto("/cmip6-viewer");
  await hydrated(page);
  const panel = page.getByRole("group", { name: "Choropleth" });
  const selects = panel.locator("select");
  expect(await selects.count()).toBeGreaterThan(3);
  expect(await panel.locator(".bp6-html-select select").count()).toBe(await selects.count());
  const legend = page.locator("details.sacap-viewer__legend");
  await expect(legend).toHaveAttribute("open", "");
  await legend.locator("summary").focus();
  await page.keyboard.press("Enter");
  await expect(legend).not.toHaveAttribute("open", "");
  await expect(legend.locator(".sacap-scale-legend")).toBeHidden();
  await page.keyboard.press("Enter");
  await expect(legend.locator(".sacap-scale-legend")).toBeVisible();
});
