import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { expect, hydrated, seriousViolations, test } from "./fixtures";
import { parseCsv } from "../../app/lib/csv";
import { displayDecimalsOf } from "../../app/features/cmip6/indicatorRules";
import { formatNumber } from "../../app/lib/format";

/** Presses Tab (Shift+Tab with `back`) until `target` has the focus (keyboard only), at most `limit` times. */
async function tabTo(page: Page, target: Locator, back = false, limit = 80) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  await expect(target).toBeFocused();
}

test("by keyboard: pick the warm-dry models at +2 °C, use them as a subset, and find the table's median in the CSV", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto("/cmip6-data?indicator=tas&geo=NPL");
  await hydrated(page);

  await tabTo(page, page.getByLabel("Chart", { exact: true }));
  await page.keyboard.press("m"); // "Model selection"
  await expect(page).toHaveURL(/view=spread/);
  await expect(page.getByRole("heading", { level: 2, name: "Model selection, Nepal" })).toBeVisible();
  // the view opens at +2 °C
  await expect(page.getByLabel("Window or warming level")).toHaveValue("gwl:2.0");
  const table = page.getByRole("table", { name: /Models by change from 1995-2014/ });
  await expect(table).toContainText("+2 °C");
  await expect(page.locator(".sacap-chart svg").first()).toBeVisible();

  await tabTo(page, page.getByRole("button", { name: "Warm-dry" }));
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Subset name")).toHaveValue("warm-dry");
  const checked = table.getByRole("checkbox", { checked: true });
  await expect(checked.first()).toBeVisible();
  const picked = await checked.count();
  expect(picked).toBeGreaterThan(0);
  expect(picked).toBeLessThanOrEqual(5);

  // Tab into the table, arrow down a row, Space toggles the model on and off again
  const first = table.getByRole("checkbox").first();
  await tabTo(page, first);
  await page.keyboard.press("ArrowDown");
  const second = table.getByRole("checkbox").nth(1);
  await expect(second).toBeFocused();
  const before = await second.isChecked();
  await page.keyboard.press("Space");
  await expect(second).toBeChecked({ checked: !before });
  await page.keyboard.press("Space");
  await expect(second).toBeChecked({ checked: before });
  await expect(table.getByRole("checkbox", { checked: true })).toHaveCount(picked);

  const map = page.getByRole("link", { name: "Open on the map" });
  await expect(map).toHaveAttribute("href", /^\/cmip6-viewer\?indicator=tas&scen=ssp245&years=gwl%3A2\.0&mod=[^&]+&subset=warm-dry$/);
  // the subset's own index, on demand over the same place, scenario and window
  const own = page.getByRole("link", { name: "Compute an index of your own" });
  await expect(own).toHaveAttribute("href", /^\/analytics\/my-index\?scenario=ssp245&window=gwl%3A2\.0&geo=NPL&model=[^&]+&subset=warm-dry$/);

  await tabTo(page, page.getByRole("button", { name: "Use this subset" }), true);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/subset=warm-dry/);
  await expect(page).not.toHaveURL(/view=/);
  const models = new URL(page.url()).searchParams.get("model")!.split(",");
  expect(models).toHaveLength(picked);
  await expect(page.locator("#explorer-results")).toContainText(`warm-dry subset: ${picked} model`);

  const windows = page.getByRole("table", { name: /20-year means/ });
  const row = windows.locator('tr[data-window="gwl:2.0"]').first();
  await expect(row).toContainText("SSP2-4.5");
  await expect(row.locator("td").nth(1)).toContainText(`of ${picked}`);
  const shown = (await row.locator("td").nth(2).innerText()).trim();
  expect(Number.isFinite(Number(shown))).toBe(true);

  await tabTo(page, page.getByRole("button", { name: "Download the window table as CSV" }));
  const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
  const csv = await readFile((await download.path())!, "utf8");
  expect(csv).toContain(`# model subset: warm-dry subset: ${picked} model`);
  expect(csv).toContain("# warming levels: M. Hauser, F. Engelbrecht, E. Fischer");
  expect(csv).toContain("Version 2025-11-07 (executed 2025-11-07; mathause/cmip_warming_levels commit 9340654). Licence: CC BY-SA 4.0");
  expect(csv).toContain("# agreement: Model agreement (IPCC AR6 WGI Atlas, simple approach");
  expect(csv).toContain("# sample data: true");
  const lines = csv.trim().split("\r\n");
  const exported = parseCsv(lines.filter((l) => !l.startsWith("#")).join("\r\n"));
  const at = (name: string) => exported.header.indexOf(name);
  const level = exported.rows.find((r) => r[at("scenario")] === "ssp245" && r[at("window code")] === "gwl:2.0")!;
  // a text cell starting with "+" is quoted against spreadsheet formulas
  expect(level[at("window label")]).toBe("'+2 °C");
  // the CSV at the period statistics' precision, the table at the page's decimals
  expect(formatNumber(Number(level[at("median")]), displayDecimalsOf("tas"))).toBe(shown);
  expect(Number(level[at("of")])).toBe(picked);
});

test("the model-selection view and the window table have no serious accessibility violations", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/cmip6-data?indicator=pr&geo=BGD&view=spread&ssp=ssp585&window=gwl:3.0&season=DJF");
  await hydrated(page);
  await expect(page.locator(".sacap-chart svg").first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto("/cmip6-data?indicator=pr&geo=BGD&scenario=ssp585&window=gwl:3.0");
  await hydrated(page);
  await expect(page.getByRole("table", { name: /20-year means/ })).toContainText("+3 °C");
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the model-selection table renders from the server with the subset's models ticked", async ({ page }) => {
    await page.goto("/cmip6-data?indicator=tas&geo=BTN&view=spread&window=2040-2059&season=JJAS&model=CanESM5,MIROC6&subset=my-pick");
    const table = page.getByRole("table", { name: /Models by change from 1995-2014/ });
    await expect(table).toContainText("Kharif");
    await expect(table.locator("tbody tr")).toHaveCount(35);
    await expect(table.getByRole("checkbox", { checked: true })).toHaveCount(2);
    await expect(page.getByLabel("Subset name")).toHaveValue("my-pick");
    await expect(page.getByRole("img", { name: /Model selection scatter.*Model selection of Bhutan: 35 models/ }).first()).toBeVisible();
  });
});
