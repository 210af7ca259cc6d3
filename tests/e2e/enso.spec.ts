import { expect, hydrated, seriousViolations, test } from "./fixtures";

/**
 * The ENSO page without observations (the test server has SERIES_DB=none): it says plainly that composites
 * need observed data and how to load them, shows no composite of model years, and keeps the table of
 * seasons by NOAA's episode rule as reference.
 */

const PAGE = "/analytics/climate-crop/enso-crops?geo=IND";

test("without observations: the plain statement, no model composite, the phase table, nothing requested, no serious axe violation", async ({ page }) => {
  const api: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/api/")) api.push(r.url());
  });
  await page.goto(PAGE);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 2, name: "Season climate by ENSO phase, India" })).toBeVisible();
  await expect(page.getByText("Composites need observed data")).toBeVisible();
  await expect(page.getByText("npm run ingest -- --observed chirps FILES")).toBeVisible();
  // no composite of any kind: no composite table, no chart, no CSV of model composites
  await expect(page.getByRole("table", { name: /Composite anomalies/i })).toHaveCount(0);
  await expect(page.locator(".sacap-chart")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /as CSV/ })).toHaveCount(0);
  const phases = page.getByRole("table", { name: /ENSO phase of each crop season by NOAA's episode rule/ });
  await expect(phases.getByRole("row", { name: /^El Nino/ })).toContainText("1997");
  await expect(phases.getByRole("row", { name: /^El Nino/ })).toContainText("2015");
  await expect(phases.getByRole("row", { name: /^La Nina/ })).toContainText("2010");
  await expect(page.getByRole("region", { name: "Method" })).toContainText("five or more consecutive overlapping three-month seasons");
  await expect(page.getByRole("region", { name: "Method" })).toContainText("Funk et al. (2015)");
  // no series is asked: there are none to composite
  expect(api).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
});

test("by keyboard to another place: the URL follows and the statement names it", async ({ page, pageErrors }) => {
  await page.goto("/analytics/climate-crop/enso-crops?geo=AFG");
  await hydrated(page);
  await page.getByLabel("Place", { exact: true }).focus();
  await page.keyboard.press("ArrowDown");
  await expect(page).not.toHaveURL(/geo=AFG/);
  await expect(page.getByRole("heading", { level: 2, name: /^Season climate by ENSO phase, / })).not.toHaveText(/Afghanistan/);
  await expect(page.getByText("Composites need observed data")).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the statement and the phase table render on the server", async ({ page }) => {
    await page.goto("/analytics/climate-crop/enso-crops?geo=BGD");
    await expect(page.getByText("Composites need observed data")).toBeVisible();
    await expect(page.getByText(/No observations are loaded for Bangladesh/)).toBeVisible();
    await expect(page.getByRole("table", { name: /NOAA's episode rule/ })).toContainText("El Nino");
    await expect(page.getByRole("table", { name: /Composite anomalies/i })).toHaveCount(0);
  });
});
