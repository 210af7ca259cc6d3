import { readFile } from "node:fs/promises";
import { expect, hydrated, seriousViolations, test } from "./fixtures";

const ANALYSES = [
  { url: "/analytics/climate-crop?geo=NPL", table: /Kharif and rabi seasons/, charts: 3 },
  { url: "/analytics/climate-crop/climate-variability?geo=AFG", table: /Variability per 20-year window/, charts: 3 },
  { url: "/analytics/climate-livestock?geo=PAK", table: /THI by month/, charts: 1 },
  { url: "/analytics/climate-water?geo=BGD", table: /Annual totals/, charts: 3 },
];

for (const { url, table, charts } of ANALYSES) {
  test(`${url} draws its charts from primed series and names its method`, async ({ page }) => {
    const api: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname.startsWith("/api/")) api.push(r.url());
    });
    await page.goto(url);
    await hydrated(page);
    await expect(page.getByRole("table", { name: table })).toBeVisible();
    await expect(page.locator(".sacap-chart svg.marks")).toHaveCount(charts);
    await expect(page.getByRole("heading", { name: "Method" })).toBeVisible();
    await expect(page.getByText("Sample data", { exact: true }).first()).toBeVisible();
    expect(api).toEqual([]);
  });
}

test("the livestock CSV has the header block and one row per month", async ({ page }) => {
  await page.goto("/analytics/climate-livestock?geo=PAK&scenario=ssp585&window=2040-2059");
  await hydrated(page);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: /as CSV/ }).click()]);
  const lines = (await readFile((await download.path())!, "utf8")).trim().split("\r\n");
  expect(lines).toContain("# sample data: true");
  expect(lines).toContain("# sources: Sample data: generated for illustration, not model output.");
  expect(lines.filter((l) => !l.startsWith("#"))).toHaveLength(13);
  await expect(page.getByRole("table", { name: /THI by month/ })).toContainText("2040-2059 (ssp585)");
});

test("the crop analysis at a warming level from the URL: each model's window, the count and the method note, nothing requested", async ({ page, pageErrors }) => {
  // a second level's six monthly series are computed on request: room for a busy machine
  test.slow();
  const api: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/api/")) api.push(r.url());
  });
  await page.goto("/analytics/climate-crop?geo=NPL&window=gwl:2.0");
  await hydrated(page);
  await expect(page.getByLabel("Future window")).toHaveValue("gwl:2.0");
  await expect(page.getByLabel("Baseline")).toBeDisabled();
  const table = page.getByRole("table", { name: /Kharif and rabi seasons/ });
  await expect(table).toContainText("+2 °C");
  await expect(table.getByRole("columnheader", { name: "+2 °C" })).toBeVisible();
  await expect(table.getByRole("row", { name: /Temperature/ }).first()).toContainText(/(robust|not robust): \d+ of \d+ models agree on the sign/);
  const note = page.getByRole("region", { name: "Warming level" });
  await expect(note).toContainText("Temperature: +2 °C: 32 of 35 models under SSP2-4.5");
  await expect(note).toContainText("Not in the warming-level table: CMCC-ESM2, GFDL-CM4_gr2 and HadGEM3-GC31-MM.");
  await expect(note).toContainText("CESM2 (r1i1p1f1; NEX-GDDP-CMIP6 r4i1p1f1)");
  expect(api).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
  // by keyboard to another level: the URL follows and the count changes
  await page.getByLabel("Future window").focus();
  await page.keyboard.press("ArrowDown");
  await expect(page).toHaveURL(/window=gwl%3A3\.0|window=gwl:3\.0/);
  await expect(note).toContainText("Temperature: +3 °C: 15 of 35 models under SSP2-4.5", { timeout: 20_000 });
  expect(pageErrors).toEqual([]);
});

test("livestock heat stress at a warming level joins the historical run for early windows", async ({ page }) => {
  await page.goto("/analytics/climate-livestock?geo=PAK&window=gwl:1.5");
  await hydrated(page);
  await expect(page.getByRole("table", { name: /THI by month/ })).toContainText("+1.5 °C (ssp245)");
  await expect(page.getByRole("region", { name: "Warming level" })).toContainText(/THI \(tasmax and hurs\): \+1\.5 °C: \d+ of \d+ models under SSP2-4\.5/);
  // each month's change carries the models' sign agreement
  await expect(page.getByRole("table", { name: /THI by month/ }).getByRole("row", { name: /^Jul/ })).toContainText(/(robust|not robust): \d+ of \d+ models agree on the sign/);
});

test("the variability table has a row per warming level, with the models in", async ({ page }) => {
  await page.goto("/analytics/climate-crop/climate-variability?geo=AFG&scenario=ssp585");
  await hydrated(page);
  const table = page.getByRole("table", { name: /Variability per 20-year window and global warming level/ });
  await expect(table.getByRole("row", { name: /^\+4 °C/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Warming level" })).toContainText("Rainfall: +4 °C: 20 of 35 models under SSP5-8.5");
  // raw beside detrended, for rainfall CV and temperature SD
  await expect(table.getByRole("columnheader", { name: "detrended" })).toHaveCount(2);
  await expect(table.getByRole("columnheader", { name: "raw" })).toHaveCount(2);
  await expect(page.getByRole("region", { name: "Method" })).toContainText("linear (least-squares) fit over each 20-year window");
});

test("the crop trends give Sen's slope across models and the share of models significant at 5 %", async ({ page }) => {
  await page.goto("/analytics/climate-crop?geo=NPL");
  await hydrated(page);
  const table = page.getByRole("table", { name: /Kharif and rabi seasons/ });
  await expect(table.getByRole("columnheader", { name: "Trend per decade, ssp245 (p10 to p90)" })).toBeVisible();
  await expect(table.getByRole("row", { name: /Temperature/ }).first()).toContainText(/\d+ of \d+ models significant at 5 %/);
  await expect(page.getByRole("region", { name: "Method" })).toContainText("Sen 1968");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: /as CSV/ }).click()]);
  const text = await readFile((await download.path())!, "utf8");
  expect(text).toMatch(/^# method: Trends are Sen's slope/m);
  expect(text).toContain("trend historical models significant at 5 %");
});

test("changing the place navigates and redraws", async ({ page }) => {
  await page.goto("/analytics/climate-water?geo=BGD");
  await hydrated(page);
  await page.getByLabel("Place", { exact: true }).selectOption("LKA");
  await expect(page).toHaveURL(/geo=LKA/);
  // the new place's series are computed on request (35 models, monthly): room for a busy machine
  await expect(page.getByRole("heading", { level: 2, name: /Sri Lanka/ })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator(".sacap-chart svg.marks")).toHaveCount(3, { timeout: 20_000 });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("an analysis renders its table on the server", async ({ page }) => {
    await page.goto("/analytics/climate-crop?geo=BGD");
    await expect(page.getByRole("table", { name: /Kharif and rabi seasons/ })).toContainText("Temperature");
  });
});
