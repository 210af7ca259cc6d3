import { readFile } from "node:fs/promises";
import { expect, hydrated, seriousViolations, test } from "./fixtures";

const ANALYSES = [
  { url: "/analytics/climate-crop?geo=NPL", table: /Kharif and rabi seasons/, charts: 3 },
  { url: "/analytics/climate-crop/climate-variability?geo=AFG", table: /Variability per 20-year window/, charts: 3 },
  { url: "/analytics/climate-livestock?geo=PAK", table: /Heat-stress days per month, season and year/, charts: 1 },
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
    await expect(page.locator(".sacap-chart svg.marks:visible")).toHaveCount(charts);
    await expect(page.getByRole("heading", { name: "Method" })).toBeVisible();
    await expect(page.getByText("Sample data", { exact: true }).first()).toBeVisible();
    expect(api).toEqual([]);
  });
}

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
  await expect(note).toContainText("Temperature: +2 °C: 33 of 35 models under SSP2-4.5");
  await expect(note).toContainText("Not in the warming-level table: GFDL-CM4_gr2 and HadGEM3-GC31-MM.");
  await expect(note).toContainText("CESM2 (r1i1p1f1; NEX-GDDP-CMIP6 r4i1p1f1)");
  expect(api).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
  // by keyboard to another level: the URL follows and the count changes
  await page.getByLabel("Future window").focus();
  await page.keyboard.press("ArrowDown");
  await expect(page).toHaveURL(/window=gwl%3A3\.0|window=gwl:3\.0/);
  await expect(note).toContainText("Temperature: +3 °C: 16 of 35 models under SSP2-4.5", { timeout: 20_000 });
  expect(pageErrors).toEqual([]);
});

test("the variability table has a row per warming level, with the models in", async ({ page }) => {
  await page.goto("/analytics/climate-crop/climate-variability?geo=AFG&scenario=ssp585");
  await hydrated(page);
  const table = page.getByRole("table", { name: /Variability per 20-year window and global warming level/ });
  await expect(table.getByRole("row", { name: /^\+4 °C/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Warming level" })).toContainText("Rainfall: +4 °C: 21 of 35 models under SSP5-8.5");
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

test("the water page takes PET from the pet series and names the method per model, on screen and in its CSV, by keyboard", async ({ page }) => {
  const api: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/api/")) api.push(r.url());
  });
  await page.goto("/analytics/climate-water?geo=BGD&scenario=ssp585&window=2040-2059");
  await hydrated(page);
  await expect(page.locator("p", { hasText: "PET method:" })).toHaveText(
    "PET method: FAO-56 Penman-Monteith for 30 models, Hargreaves-Samani for 2 (no hurs: BCC-CSM2-MR, NESM3).",
  );
  const method = page.getByRole("region", { name: "Method" });
  await expect(method).toContainText("FAO-56 Penman-Monteith reference evapotranspiration (Allen et al. 1998, eq. 6)");
  await expect(method).toContainText("Hargreaves-Samani (1985; FAO-56 eq. 52)");
  await expect(page.getByRole("table", { name: /Annual totals/ })).toContainText("2040-2059 (ssp585)");
  expect(await seriousViolations(page)).toEqual([]);
  expect(api).toEqual([]);
  // the download by keyboard
  await page.getByRole("button", { name: /as CSV/ }).focus();
  const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
  const text = await readFile((await download.path())!, "utf8");
  expect(text).toMatch(/^# method: Potential evapotranspiration \(PET\) is each model's monthly pet series: FAO-56 Penman-Monteith/m);
  expect(text).toContain("PET by model: FAO-56 Penman-Monteith for 30 models, Hargreaves-Samani for 2 (no hurs: BCC-CSM2-MR, NESM3).");
  expect(text).toMatch(/^# period: .*\(historical\), 2040-2059 \(ssp585\)/m);
  expect(text).toContain("# sample data: true");
  expect(text.trim().split("\r\n").filter((l) => !l.startsWith("#"))).toHaveLength(25);
});

test("changing the place navigates and redraws from the new place's view, asking for nothing else", async ({ page }) => {
  await page.goto("/analytics/climate-water?geo=BGD");
  await hydrated(page);
  const api: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith("/api/")) api.push(`${url.pathname}${url.search}`);
  });
  await page.getByLabel("Place", { exact: true }).selectOption("LKA");
  await expect(page).toHaveURL(/geo=LKA/);
  // the new place's series are computed on request (35 models, monthly): room for a busy machine
  await expect(page.getByRole("heading", { level: 2, name: /Sri Lanka/ })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator(".sacap-chart svg.marks:visible")).toHaveCount(3, { timeout: 20_000 });
  await expect(page.getByRole("table", { name: /Annual totals/ })).toContainText("Projected change");
  await expect(page.locator("p", { hasText: "PET method:" })).toContainText("FAO-56 Penman-Monteith for 30 models");
  // one request: the new place's view (every field of the selection written out)
  expect(api).toHaveLength(1);
  expect(api[0]).toMatch(/^\/api\/views\/analytics\/climate-water\?geo=LKA&scenario=\w+&baseline=[\d-]+&window=[\w:.-]+$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the water page renders its totals and PET method on the server", async ({ page }) => {
    await page.goto("/analytics/climate-water?geo=NPL");
    await expect(page.getByRole("table", { name: /Annual totals/ })).toContainText("Projected change");
    await expect(page.locator("p", { hasText: "PET method:" })).toContainText("FAO-56 Penman-Monteith for 30 models");
  });

  test("an analysis renders its table on the server", async ({ page }) => {
    await page.goto("/analytics/climate-crop?geo=BGD");
    await expect(page.getByRole("table", { name: /Kharif and rabi seasons/ })).toContainText("Temperature");
  });
});
