import { readFile } from "node:fs/promises";
import { decimalsOf, displayDecimalsOf } from "../../app/features/cmip6/indicatorRules";
import { windowDecimals } from "../../app/features/cmip6/windows";
import { formatNumber } from "../../app/lib/format";
import { expect, hydrated, test } from "./fixtures";

/**
 * One ensemble method everywhere: for one place, indicator, scenario and 20-year window, the explorer's
 * window table, the map, the comparison, the catalogue's data page and the APIs behind them show the
 * same ensemble median (each model's climatology first, then the median across models) and the same
 * change from the baseline (the median of the models' own changes).
 */
test("Pakistan rainfall, SSP5-8.5, 2080-2099: the same median and change on every screen", async ({ page, request }) => {
  // the explorer's window table
  await page.goto("/cmip6-data?indicator=pr&geo=PAK&scenario=ssp585");
  const windowRow = page.getByRole("table", { name: /20-year means/ }).getByRole("row").filter({ hasText: "2080-2099" });
  // the window is the row's header; the cells are models, median, p10-p90, change, ...
  const cells = await windowRow.getByRole("cell").allInnerTexts();
  const median = cells[2].trim();
  const change = cells[4].trim();
  expect(median).toMatch(/^\d+\.\d+$/);
  expect(change).toMatch(/^[+-]\d+\.\d+$/);

  // the comparison of scenarios (value, change in brackets, then the models' sign agreement)
  await page.goto("/care-comp?indicator=pr&compare=scenarios&geo=PAK");
  const compareRow = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "SSP5-8.5" }) });
  const escaped = `${median} (${change})`.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  await expect(compareRow.getByRole("cell").nth(4)).toHaveText(new RegExp(`^${escaped} (\\S+ )?(robust|not robust): \\d+ of \\d+ models agree on the sign$`));

  // the map's region list (the accessible twin of the map)
  await page.goto("/cmip6-viewer?indicator=pr&scen=ssp585&years=2080-2099&geotype=Country&mod=ensemble");
  await hydrated(page);
  await expect(page.getByRole("option", { name: /Pakistan/ })).toContainText(`${median} mm/day`);

  // the map's API
  const map = await (await request.get("/api/viewer/choropleth?indicator=pr&geotype=Country&scenario=ssp585&model=ensemble&start=2080&end=2099")).json();
  const pak = map.values.find((v: { geo: string }) => v.geo === "PAK");
  expect(pak.value.toFixed(median.split(".")[1].length)).toBe(median);
  expect(pak.models).toBe(35);
});

/**
 * A warming level and a model subset travel together: India temperature at +2 °C under SSP2-4.5 over four
 * named models gives the same median, change and agreement in the explorer's window table, its CSV, the
 * map's region list and the series API (each model's own window from the warming-level table).
 */
test("India temperature, SSP2-4.5, +2 °C over a named subset: the same numbers in the table, its CSV, the map and the API", async ({ page, request }) => {
  test.slow();
  const subset = "ACCESS-CM2,CanESM5,MIROC6,NorESM2-LM";
  const api = await (await request.get(`/api/cmip6/annual?indicator=tas&geo=IND&scenario=ssp245&model=${subset}&start=2100&window=gwl:2.0`)).json();
  const level = api.windows[0];
  expect(level.text).toBe("+2 °C: 4 of 4 models under SSP2-4.5 (middle of the road)");
  // the screens show a tenth of a degree; the CSV keeps the period statistics' precision
  const median = formatNumber(level.median, displayDecimalsOf("tas"));
  const change = formatNumber(level.change.median, displayDecimalsOf("tas"), { signed: true });
  const full = windowDecimals(decimalsOf("tas"));

  // the explorer with the subset in its URL
  await page.goto(`/cmip6-data?indicator=tas&geo=IND&scenario=historical,ssp245&model=${subset}&subset=my-four`);
  await hydrated(page);
  const row = page.locator('tr[data-window="gwl:2.0"]').filter({ hasText: "SSP2-4.5" });
  const cells = (await row.getByRole("cell").allInnerTexts()).map((c) => c.trim());
  expect(cells[0]).toContain("SSP2-4.5");
  expect(cells[1]).toBe("4 of 4");
  expect(cells[2]).toBe(median);
  expect(cells[4]).toBe(change);
  expect(cells[6]).toContain(`${level.agreement.agree} of ${level.agreement.count} models agree on the sign`);
  await expect(page.getByText("my-four subset: 4 models").first()).toBeVisible();

  // the window table's CSV, downloaded by keyboard
  await page.getByRole("button", { name: "Download the window table as CSV" }).focus();
  const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
  const csv = await readFile((await download.path())!, "utf8");
  expect(csv).toContain("my-four subset: 4 models (ACCESS-CM2, CanESM5, MIROC6, NorESM2-LM)");
  // columns: scenario, window code, window label, models, of, median, p10, p90, change median, ...
  const values = csv
    .split("\n")
    .map((l) => l.split(",").map((v) => v.replace(/^"|"$/g, "")))
    .find((v) => v[0] === "ssp245" && v[1] === "gwl:2.0")!;
  expect(values).toBeDefined();
  expect(Number(values[5]).toFixed(full)).toBe(level.median.toFixed(full));
  expect(Number(values[8]).toFixed(full)).toBe(level.change.median.toFixed(full));

  // the map at +2 °C, change view, the same subset
  await page.goto(`/cmip6-viewer?indicator=tas&scen=ssp245&years=gwl:2.0&geotype=Country&mod=${subset}&subset=my-four&show=change`);
  await hydrated(page);
  const india = page.getByRole("option", { name: /India/ });
  await expect(india).toContainText(`${change} °C`);
  await expect(india).toContainText(`${level.agreement.robust ? "robust" : "not robust"} (${level.agreement.agree}/${level.agreement.count})`);
});
