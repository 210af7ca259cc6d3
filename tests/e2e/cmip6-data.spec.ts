import { readFile } from "node:fs/promises";
import { expect, hydrated, test } from "./fixtures";
import { parseCsv } from "../../app/lib/csv";
import { displayDecimalsOf } from "../../app/features/cmip6/indicatorRules";

const SHARED = "/cmip6-data?indicator=pr&geo=NPL&scenario=ssp245,ssp585&baseline=1991-2020";

test("a selection made with the keyboard alone lives in the URL; reload keeps it and Back returns", async ({ page }) => {
  await page.goto("/cmip6-data");
  await hydrated(page);
  await expect(page.locator(".sacap-chart svg").first()).toBeVisible();

  const place = page.getByLabel("Place", { exact: true });
  await place.focus();
  await page.keyboard.press("ArrowDown");
  await expect(page).toHaveURL(/geo=LKA/);
  await expect(page.getByRole("heading", { level: 2, name: /Sri Lanka/ })).toBeVisible();

  // Tab to the first scenario and leave the historical run out
  await page.keyboard.press("Tab");
  await expect(page.getByRole("checkbox", { name: /Historical/ })).toBeFocused();
  await page.keyboard.press("Space");
  await expect(page).toHaveURL(/geo=LKA&scenario=ssp245,ssp585/);
  await expect(page.getByRole("checkbox", { name: /Historical/ })).not.toBeChecked();

  await page.reload();
  await hydrated(page);
  await expect(page.getByLabel("Place", { exact: true })).toHaveValue("LKA");
  await expect(page.getByRole("checkbox", { name: /Historical/ })).not.toBeChecked();
  await expect(page.getByRole("checkbox", { name: /SSP5-8.5/ })).toBeChecked();

  await page.goBack();
  await expect(page).toHaveURL(/geo=LKA$/);
  await expect(page.getByRole("checkbox", { name: /Historical/ })).toBeChecked();
  await page.goBack();
  await expect(page.getByLabel("Place", { exact: true })).toHaveValue("IND");
});

test("the CSV download holds the header block and the rows of the table", async ({ page }) => {
  await page.goto(SHARED);
  await hydrated(page);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download the shown series as CSV" }).click(),
  ]);
  const csv = await readFile((await download.path())!, "utf8");
  const lines = csv.trim().split("\r\n");
  expect(lines.slice(0, 3)).toEqual(["# indicator: pr (Precipitation (annual average))", "# units: mm/day", "# geo: NPL (Nepal)"]);
  expect(csv).toContain("# sample data: true");
  expect(csv).toContain("# scenarios: ssp245 ssp585");
  const exported = parseCsv(lines.filter((l) => !l.startsWith("#")).join("\r\n"));
  const columns = exported.header;
  expect(columns.slice(0, 5)).toEqual(["scenario", "year", "median", "p10", "p90"]);
  expect(columns).toHaveLength(5 + 35);
  const first = exported.rows[0];

  const table = page.getByRole("grid", { name: /Values by year and model/ });
  // as a reader would: the table is laid out once it comes near the screen (content-visibility)
  await table.scrollIntoViewIfNeeded();
  const row = table.locator("tbody tr").first();
  // the first cell holds the row's checkbox; the table shows the indicator's display decimals, the CSV full precision
  // (its text is rendered in the frame after the table comes near the screen)
  const shown = (value: string) => Number(value).toFixed(displayDecimalsOf("pr"));
  expect(first.slice(2, 5).some((v) => v.split(".")[1]?.length > displayDecimalsOf("pr"))).toBe(true);
  await expect.poll(async () => (await row.locator("td").allInnerTexts()).slice(1, 6)).toEqual([first[0], first[1], ...first.slice(2, 5).map(shown)]);
});

test("each chart downloads as PNG and SVG", async ({ page }) => {
  await page.goto(SHARED);
  await hydrated(page);
  for (const type of ["PNG", "SVG"]) {
    const button = page.getByRole("button", { name: `Download Time series as ${type}` });
    await expect(button).toBeEnabled();
    const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
    expect(download.suggestedFilename()).toBe(`sacap-pr-NPL-series.${type.toLowerCase()}`);
  }
});

test("individual models and the change view are one choice away", async ({ page }) => {
  await page.goto(SHARED);
  await hydrated(page);
  await page.getByLabel("Chart", { exact: true }).selectOption("change");
  await expect(page).toHaveURL(/view=change/);
  await expect(page.locator(".sacap-chart svg").first()).toBeVisible();
  await expect(page.locator(".sacap-chart")).toContainText("Change");
  await page.getByRole("checkbox", { name: "Show individual models" }).focus();
  await page.keyboard.press("Space");
  await expect(page).toHaveURL(/members=1/);
  await expect(page.locator(".sacap-chart svg").first()).toBeVisible();
});

test("a warming level chosen for the chart is marked, and the window table downloads as JSON with its method", async ({ page }) => {
  await page.goto(`${SHARED}&window=gwl:3.0`);
  await hydrated(page);
  await expect(page.getByLabel("Warming level on the chart")).toHaveValue("gwl:3.0");
  await expect(page.locator(".sacap-chart svg").first()).toContainText("+3 °C SSP5-8.5");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download the window table as JSON" }).click()]);
  const json = JSON.parse(await readFile((await download.path())!, "utf8"));
  expect(json.columns.slice(0, 3)).toEqual(["scenario", "window code", "window label"]);
  expect(json.rows.map((r: string[]) => r[1])).toContain("gwl:3.0");
  expect(json.warmingLevels).toContain("Hauser");
  expect(json.agreement).toContain("80 %");
});

test("the annual cycle of a monthly indicator draws from the monthly series", async ({ page }) => {
  await page.goto("/cmip6-data?indicator=tas&geo=BTN&view=cycle");
  await hydrated(page);
  await expect(page.locator(".sacap-chart svg").first()).toBeVisible();
  await expect(page.locator(".sacap-chart")).toContainText("2080-2099");
});

test("the indicators' definitions show from the page's store at once, and their URL opens with them", async ({ page }) => {
  const requests: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/")) requests.push(request.url());
  });
  await page.goto("/cmip6-data?geo=NPL");
  await hydrated(page);
  await expect(page.getByRole("table", { name: /Climate extreme indices/ })).toHaveCount(0);
  await page.getByRole("link", { name: "Show every indicator with its code, unit and definition" }).click();
  await expect(page).toHaveURL(/geo=NPL&indicators=all#reference-indicators$/);
  await expect(page.getByRole("table", { name: /CMIP6 variables \(\d+\)/ })).toContainText("mm/day");
  await expect(page.getByRole("table", { name: /Climate extreme indices \(\d+\)/ })).toContainText("rx5day");
  // the selection's view stays, and the lists were in the page
  expect(requests).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the indicators' definitions and the dense table's further pages are links away", async ({ page }) => {
    await page.goto("/cmip6-data?geo=NPL");
    const dense = page.getByRole("grid", { name: /Values by year and model/ });
    await expect(dense.locator("tbody tr")).toHaveCount(25);
    await expect(dense.locator("tbody tr").first()).toContainText("1950");
    await page.getByRole("link", { name: "Show every indicator with its code, unit and definition" }).click();
    await expect(page).toHaveURL(/indicators=all/);
    await expect(page.getByRole("table", { name: /Climate extreme indices \(\d+\)/ })).toContainText("rx5day");
    await page.goto("/cmip6-data?geo=NPL&t.page=2");
    await expect(dense.locator("tbody tr").first()).toContainText("1975");
  });

  test("a shared URL shows the selection, the chart drawn and described, and the 20-year table", async ({ page }) => {
    await page.goto(SHARED);
    await expect(page.getByLabel("Indicator", { exact: true })).toHaveValue("pr");
    await expect(page.getByLabel("Place", { exact: true })).toHaveValue("NPL");
    await expect(page.getByRole("img", { name: /Time series of .* in Nepal/ }).first()).toBeVisible();
    const windows = page.getByRole("table", { name: /20-year means/ });
    await expect(windows).toContainText("Change from 1991-2020");
    // four 20-year windows and four warming levels per scenario
    await expect(windows.locator("tbody tr")).toHaveCount(16);
    const level = windows.locator('tr[data-window="gwl:2.0"]').first();
    await expect(level).toContainText("+2 °C");
    await expect(level).toContainText(/\d+ of 35/);
    await expect(level).toContainText(/robust|not robust/);
    await expect(page.getByText(/\+2 °C: \d+ of 35 models under SSP2-4.5/).first()).toBeVisible();
    await expect(page.getByText("Sample data", { exact: true }).first()).toBeVisible();
  });

  test("the form changes the selection with a plain GET", async ({ page }) => {
    await page.goto(SHARED);
    await page.getByLabel("Place", { exact: true }).selectOption("BGD");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/geo=BGD/);
    await expect(page.getByRole("heading", { level: 2, name: /Bangladesh/ })).toBeVisible();
  });
});
