import type { Locator, Page } from "@playwright/test";
import { displayDecimalsOf } from "../../app/features/cmip6/indicatorRules";
import { isNumericAxis, tickProblems } from "../support/ticks";
import { expect, hydrated, test } from "./fixtures";

/**
 * Readable precision, as a reader sees it: on the profile, the explorer and the comparison every numeric
 * chart axis reads round ticks with no more decimals than their step needs (the server's drawings, vega's
 * own in the page and the comparison's plain SVG alike), and the tables give precipitation and temperature
 * at their display decimals (a tenth of a millimetre a day, a tenth of a degree), not the answers' three
 * or four.
 */

// each parallel test is a client of its own (the server trusts the loopback proxy's X-Forwarded-For), so
// that the pages of one do not wait in the other's line
test.beforeEach(async ({ page }, info) => page.setExtraHTTPHeaders({ "X-Forwarded-For": `198.51.100.${10 + info.parallelIndex}` }));

/**
 * Opens a page as a patient reader does: while the portal answers 503 ("busy", when the machine's share of
 * page renders is taken, as on a loaded test machine) the page is asked again after a moment; once it has
 * been prepared, the browser opens it.
 */
async function open(page: Page, url: string) {
  await expect.poll(async () => (await page.request.get(url)).status(), { timeout: 45_000, intervals: [2_000, 3_000, 5_000] }).toBe(200);
  expect((await page.goto(url))?.status()).toBe(200);
}

/** The labels of every Vega axis inside `scope` (server-drawn or drawn by vega in the page), axis by axis. */
const vegaAxes = (scope: Locator) =>
  scope.locator("svg g.role-axis-label").evaluateAll((groups) => groups.map((g) => [...g.querySelectorAll("text")].map((t) => t.textContent ?? "")));

/** The tick labels of the comparison's line chart: its value axis and its years. */
async function lineChartAxes(page: Page): Promise<string[][]> {
  const chart = page.locator(".sacap-line-chart svg");
  return [await chart.locator(".sacap-line-chart__grid text").allTextContents(), await chart.locator("text.sacap-line-chart__tick").allTextContents()];
}

/** The numeric axes among `axes`, which must have no tick problems; how many there were. */
function expectReadableTicks(axes: string[][]): number {
  const numeric = axes.filter(isNumericAxis);
  expect(numeric.flatMap(tickProblems)).toEqual([]);
  return numeric.length;
}

/** Every decimal number in the texts ("+0.8", "5.3 to 6.1"), without counts such as "24 of 35". */
const decimalNumbers = (texts: readonly string[]) => texts.flatMap((t) => t.match(/[+\-−]?\d+\.\d+/g) ?? []);

/** Each number must carry exactly `decimals` decimals; there must be at least `least` of them. */
function expectDecimals(numbers: readonly string[], decimals: number, least: number) {
  expect(numbers.length).toBeGreaterThanOrEqual(least);
  expect(numbers.filter((n) => n.split(".")[1].length !== decimals)).toEqual([]);
}

test("a profile: chart ticks as their steps need, precipitation and temperature to a tenth in its tables", async ({ page }) => {
  await open(page, "/profiles/nepal");
  // the monthly climate (two value axes) and the change charts of precipitation and temperature
  expect(expectReadableTicks(await vegaAxes(page.locator("main")))).toBeGreaterThanOrEqual(4);

  const cycle = page.getByRole("table", { name: /each month's ensemble median/ });
  await expect(cycle.locator("tbody tr")).toHaveCount(12);
  expectDecimals(decimalNumbers(await cycle.locator("tbody td").allInnerTexts()), displayDecimalsOf("pr"), 12 * 2 * 3);

  // the change tables' rows of precipitation and mean temperature: baseline, changes and their ranges
  for (const name of ["Precipitation", "Mean temperature"]) {
    const rows = page.locator("table.sacap-profile__table tbody tr").filter({ has: page.getByRole("rowheader", { name: new RegExp(`^${name} \\(`) }) });
    await expect(rows.first()).toBeVisible();
    const code = name === "Precipitation" ? "pr" : "tas";
    expectDecimals(decimalNumbers(await rows.locator("td").allInnerTexts()), displayDecimalsOf(code), 2 * (1 + 3 * 4));
  }
  // the sentences say the same numbers as the tables
  const signals = await page.locator("main li").filter({ hasText: /^Under SSP/ }).allInnerTexts();
  expect(signals.length).toBeGreaterThan(0);
  expectDecimals(decimalNumbers(signals), displayDecimalsOf("tas"), 3);
});

for (const [url, code] of [
  ["/cmip6-data?indicator=pr&geo=PAK&scenario=ssp585", "pr"],
  ["/cmip6-data?indicator=tas&geo=NPL&scenario=ssp245&view=change", "tas"],
] as const) {
  test(`the explorer (${url}): chart ticks as their steps need, drawn by the server and by vega; its tables at the display decimals`, async ({ page }) => {
    // a page, its hydration and vega drawn in the browser: room for a busy machine
    test.slow();
    await open(page, url);
    const figure = page.locator("figure.sacap-chart").first();
    expect(expectReadableTicks(await vegaAxes(figure))).toBeGreaterThanOrEqual(2);

    const windows = page.getByRole("table", { name: /20-year means/ });
    const cells = await windows.locator("tbody td.sacap-num").allInnerTexts();
    expectDecimals(decimalNumbers(cells), displayDecimalsOf(code), 4 * 6);

    // the dense table's first page: median, p10, p90 and the models
    await hydrated(page);
    const dense = page.getByRole("grid", { name: /Values by year and model/ });
    await dense.scrollIntoViewIfNeeded();
    await expect.poll(async () => decimalNumbers(await dense.locator("tbody td").allInnerTexts()).length).toBeGreaterThanOrEqual(25 * 3);
    expectDecimals(decimalNumbers(await dense.locator("tbody td").allInnerTexts()), displayDecimalsOf(code), 25 * 3);

    // the same specification drawn by vega in the page
    await figure.hover();
    await expect(figure.locator(".sacap-chart__canvas svg g.role-axis-label").first()).toBeAttached();
    expect(expectReadableTicks(await vegaAxes(figure.locator(".sacap-chart__canvas")))).toBeGreaterThanOrEqual(2);
  });
}

test("the comparison: the line chart's ticks as their steps need, the window means at the display decimals", async ({ page }) => {
  // two pages: room for a busy machine
  test.slow();
  for (const [url, code] of [
    ["/care-comp?indicator=pr&compare=scenarios&geo=PAK", "pr"],
    ["/care-comp?indicator=tas&compare=places&geo=NPL&geo=BGD&scenario=ssp585", "tas"],
  ] as const) {
    await open(page, url);
    expect(expectReadableTicks(await lineChartAxes(page))).toBe(2);
    const table = page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: "1995-2014" }) });
    const rows = await table.locator("tbody tr").count();
    // each row's baseline, and a value and its change for each of the four windows (the historical row has none)
    expectDecimals(decimalNumbers(await table.locator("tbody td").allInnerTexts()), displayDecimalsOf(code), rows + 2 * 4);
  }
});
