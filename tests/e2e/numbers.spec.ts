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
  const cells = await windowRow.getByRole("cell").allInnerTexts();
  const median = cells[3].trim();
  const change = cells[5].trim();
  expect(median).toMatch(/^\d+\.\d+$/);
  expect(change).toMatch(/^[+-]\d+\.\d+$/);

  // the comparison of scenarios (value, change in brackets, then the models' sign agreement)
  await page.goto("/care-comp?indicator=pr&compare=scenarios&geo=PAK");
  const compareRow = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "SSP5-8.5" }) });
  const escaped = `${median} (${change})`.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  await expect(compareRow.getByRole("cell").nth(4)).toHaveText(new RegExp(`^${escaped} \\S*(robust|not robust): \\d+ of \\d+ models agree on the sign$`));

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
