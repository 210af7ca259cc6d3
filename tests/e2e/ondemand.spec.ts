import { readFileSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { expect, hydrated, seriousViolations, test } from "./fixtures";

/**
 * The on-demand index page: a question asked from the keyboard alone and its results downloaded as CSV; a
 * polygon typed as its vertices from the keyboard alone; a region uploaded as GeoJSON and as a zipped
 * shapefile, and drawn on the map that loads only then; the
 * server's polygon rules named beside the field; the client's jobs with their progress and a dismissal;
 * the same question without JavaScript (the form posts, the job's page loads itself again until the
 * results are there). Each test is its own client (the address a trusted proxy names), as the portal
 * counts a client's jobs; a threshold of its own keeps each question from being answered from another's
 * kept results.
 */
const PAGE = "/analytics/my-index";
const SHAPEFILE = path.resolve("tests/fixtures/ondemand/region-shapefile.zip");
/** The label of the field a polygon's vertices are typed into. */
const VERTICES = 'Vertices: one "longitude, latitude" pair per line, in degrees';
const square = (x: number, y: number, d: number, closed = true) => {
  const ring = [[x, y], [x + d, y], [x + d, y + d], [x, y + d]];
  return { type: "Feature", properties: {}, geometry: { type: "Polygon", coordinates: [closed ? [...ring, [x, y]] : ring] } };
};

async function asClient(page: Page, address: string) {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": address });
}

/** Presses Tab until `target` has the focus: a keyboard's way through the page. */
async function tabTo(page: Page, target: Locator, limit = 150) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

/** The form's models: the first three of the catalogue (the page's choice when "The models I pick" is chosen). */
async function pickThreeModels(page: Page) {
  await page.getByText("The models I pick").click();
  await expect(page.getByRole("radio", { name: "The models I pick" })).toBeChecked();
}

test("a question asked from the keyboard alone: the job runs, its results take the focus, and their CSV downloads", async ({ page, pageErrors }) => {
  test.slow();
  await asClient(page, "198.51.100.61");
  await page.goto(PAGE);
  await hydrated(page);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await page.keyboard.press("Enter");

  await tabTo(page, page.getByLabel("Threshold (°C)"));
  await page.keyboard.press("Control+A");
  await page.keyboard.type("31");
  // the season: a preset, then one month less
  await tabTo(page, page.getByRole("button", { name: "JJAS" }));
  await page.keyboard.press("Enter");
  await tabTo(page, page.getByRole("checkbox", { name: "September" }));
  await page.keyboard.press("Space");
  await expect(page.getByRole("checkbox", { name: "June" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "September" })).not.toBeChecked();
  // the models: the radio group's arrow keys
  await tabTo(page, page.getByRole("radio", { name: /^All \d+ models$/ }));
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("radio", { name: "The models I pick" })).toBeChecked();
  // the region: one grid cell
  await tabTo(page, page.getByRole("radio", { name: "A place" }));
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("radio", { name: "One grid cell (0.25°)" })).toBeChecked();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Latitude, longitude")).toBeFocused();
  await page.keyboard.type("27.7, 85.3");
  await tabTo(page, page.getByRole("button", { name: "Compute" }));
  await page.keyboard.press("Enter");

  // the question and its job in the address
  await expect(page).toHaveURL(/threshold=31&months=6%2C7%2C8&.*cell=27\.7%2C85\.3&job=[0-9a-f-]{36}$/);
  const heading = page.getByRole("heading", { name: /^Days above a temperature \(days\), the cell at 27\.625 N, 85\.375 E/ });
  await expect(heading).toBeFocused({ timeout: 30_000 });
  await expect(page.getByText("Sample data", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("table")).toContainText("Ensemble median");
  await expect(page.getByRole("table")).toContainText("ACCESS-CM2");
  await expect(page.getByText(/ETCCDI SU/).last()).toBeVisible();
  await expect(page.getByText(/June, July, August/)).toBeVisible();

  await page.keyboard.press("Tab");
  const csv = page.getByRole("link", { name: "CSV" });
  await expect(csv).toBeFocused();
  const downloading = page.waitForEvent("download");
  await page.keyboard.press("Enter");
  const download = await downloading;
  const text = readFileSync((await download.path())!, "utf8");
  expect(download.suggestedFilename()).toMatch(/^days-above-[0-9a-f]{12}\.csv$/);
  expect(text).toMatch(/^# Days above a temperature \(days-above\), days; inputs .*"threshold":31/);
  expect(text).toContain("# sample: true.");
  expect(text).toMatch(/\nmodel,baseline,window,change,1995,/);
  expect(text).toMatch(/\nACCESS-CM2,[-\d.]+,[-\d.]+,[-\d.]+,/);
  expect(text).toMatch(/\nensemble median,/);
  // the NetCDF beside it: a classic file (its contents: server/ondemand/netcdf.test.ts)
  const netcdf = page.getByRole("link", { name: "NetCDF" });
  await expect(netcdf).toHaveAttribute("href", /\/api\/jobs\/[0-9a-f-]{36}\/results\?f=netcdf$/);
  const file = await page.request.get((await netcdf.getAttribute("href"))!);
  expect(file.headers()["content-type"]).toBe("application/x-netcdf");
  expect((await file.body()).subarray(0, 4).toString("latin1")).toBe("CDF\x01");

  // the page of the results, loaded again, shows them as the server renders them
  await page.reload();
  await expect(page.getByRole("heading", { name: /^Days above a temperature \(days\), the cell at/ })).toBeVisible();
  await expect(page.getByLabel("Threshold (°C)")).toHaveValue("31");
  expect(await seriousViolations(page)).toEqual([]);
  expect(pageErrors).toEqual([]);
});

test("a polygon typed as its vertices from the keyboard alone: a wrong line is named, and the ring, closed, is computed", async ({ page, pageErrors }) => {
  test.slow();
  await asClient(page, "198.51.100.71");
  await page.goto(PAGE);
  await hydrated(page);
  await tabTo(page, page.getByLabel("Threshold (°C)"));
  await page.keyboard.press("Control+A");
  await page.keyboard.type("29.5");
  await tabTo(page, page.getByRole("radio", { name: /^All \d+ models$/ }));
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("radio", { name: "The models I pick" })).toBeChecked();

  const vertices = page.getByLabel(VERTICES);
  await tabTo(page, vertices);
  await page.keyboard.type("85.1, 27.4\n85.7, 27.4\n85.7, 95");
  await page.keyboard.press("Tab");
  const wrong = page.getByText("Line 3: latitude 95 is outside -90..90 (rule: vertices)");
  await expect(wrong).toBeVisible();
  await expect(vertices).toHaveAttribute("aria-invalid", "true");
  await expect(vertices).toHaveAccessibleDescription("Line 3: latitude 95 is outside -90..90 (rule: vertices)");
  expect(await seriousViolations(page)).toEqual([]);
  // mended, with a fourth corner and the first not typed again
  await page.keyboard.press("Shift+Tab");
  await expect(vertices).toBeFocused();
  await page.keyboard.press("Control+A");
  await page.keyboard.type("85.1, 27.4\n85.7, 27.4\n85.7, 28\n85.1, 28");
  await expect(wrong).toBeHidden();
  await page.keyboard.press("Tab");
  await expect(page.getByText("Your polygon: 1 polygon, 5 positions, 85.10 to 85.70 °E, 27.40 to 28.00 °N.")).toBeVisible();
  await expect(page.getByRole("radio", { name: "Your own polygon" })).toBeChecked();
  await tabTo(page, page.getByRole("button", { name: "Compute" }));
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/threshold=29\.5&.*&polygon=[A-Za-z0-9_-]+&job=[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: /^Days above a temperature \(days\), the polygon given/ })).toBeFocused({ timeout: 30_000 });
  await expect(page.getByRole("img", { name: /the change in each of the region's cells, ensemble median/ })).toBeVisible();
  // the job's polygon: the GeoJSON Polygon a file of the same corners is, its ring closed
  const job = new URL(page.url()).searchParams.get("job")!;
  const status = await (await page.request.get(`/api/jobs/${job}`)).json();
  expect(status.inputs.polygon).toEqual({ type: "Polygon", coordinates: [[[85.1, 27.4], [85.7, 27.4], [85.7, 28], [85.1, 28], [85.1, 27.4]]] });
  // the address carries it: the page loaded again shows its vertices
  await page.reload();
  await expect(page.getByLabel(VERTICES)).toHaveValue("85.1, 27.4\n85.7, 27.4\n85.7, 28\n85.1, 28");
  expect(pageErrors).toEqual([]);
});

test("a GeoJSON file as the region: the polygon is read in the browser, kept in the address, and its cells mapped", async ({ page, pageErrors }) => {
  test.slow();
  await asClient(page, "198.51.100.62");
  await page.goto(PAGE);
  await hydrated(page);
  await page.getByLabel("Threshold (°C)").fill("32");
  await pickThreeModels(page);
  await page.getByLabel("Polygon file").setInputFiles({ name: "valley.geojson", mimeType: "application/geo+json", buffer: Buffer.from(JSON.stringify({ type: "FeatureCollection", features: [square(85.1, 27.4, 0.6)] })) });
  await expect(page.getByText("Your polygon: 1 polygon, 5 positions, 85.10 to 85.70 °E, 27.40 to 28.00 °N.")).toBeVisible();
  await expect(page.getByRole("radio", { name: "Your own polygon" })).toBeChecked();
  await page.getByRole("button", { name: "Compute" }).click();
  await expect(page).toHaveURL(/&polygon=[A-Za-z0-9_-]+&job=/);
  await expect(page.getByRole("heading", { name: /^Days above a temperature \(days\), the polygon given/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("img", { name: /the change in each of the region's cells, ensemble median/ })).toBeVisible();
  await expect(page.getByText(/the mean over its \d+ grid cells of 0\.25°, each weighted by its area inside the outline/)).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test("a zipped shapefile as the region, read in the browser", async ({ page, pageErrors }) => {
  test.slow();
  await asClient(page, "198.51.100.63");
  await page.goto(PAGE);
  await hydrated(page);
  await page.getByLabel("Threshold (°C)").fill("33");
  await pickThreeModels(page);
  await page.getByLabel("Polygon file").setInputFiles(SHAPEFILE);
  await expect(page.getByText("Your polygon: 1 polygon, 5 positions, 85.20 to 85.60 °E, 27.50 to 27.90 °N.")).toBeVisible();
  await page.getByRole("button", { name: "Compute" }).click();
  await expect(page.getByRole("heading", { name: /^Days above a temperature \(days\), the polygon given/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/2041-2060 against 1995-2014; \d+ grid cells; 3 models/)).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test("the server's polygon rules are named beside the polygon field", async ({ page }) => {
  await asClient(page, "198.51.100.64");
  await page.goto(PAGE);
  await hydrated(page);
  await page.getByLabel("Polygon file").setInputFiles({ name: "open.geojson", mimeType: "application/geo+json", buffer: Buffer.from(JSON.stringify(square(85, 27, 0.5, false))) });
  await page.getByRole("button", { name: "Compute" }).click();
  await expect(page.getByText("Every ring must be closed: its last position the same as its first (rule: closed-rings)")).toBeVisible();
  await expect(page.getByLabel("Polygon file")).toHaveAttribute("aria-invalid", "true");
  // a file that is no GeoJSON is named at once
  await page.getByLabel("Polygon file").setInputFiles({ name: "notes.json", mimeType: "application/json", buffer: Buffer.from("not json") });
  await expect(page.getByText("The file notes.json is not GeoJSON: it does not read as JSON (rule: geojson)")).toBeVisible();
});

test("the map to draw on loads only when asked for, and a polygon drawn on it is the region", async ({ page, pageErrors }) => {
  test.slow();
  await asClient(page, "198.51.100.65");
  const requested: string[] = [];
  page.on("request", (r) => requested.push(new URL(r.url()).pathname));
  await page.goto(PAGE);
  await hydrated(page);
  expect(requested.filter((p) => /maplibre/i.test(p))).toEqual([]);
  await page.getByRole("button", { name: "Draw on a map" }).click();
  const map = page.getByRole("application", { name: "Map to draw your region on" });
  await expect(map).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
  await expect(page.getByText(/with the keyboard alone, type the region's vertices above, or upload it/)).toBeVisible();
  expect(requested.some((p) => /maplibre-gl-csp-worker/.test(p))).toBe(true);
  const box = (await map.boundingBox())!;
  const at = (fx: number, fy: number) => [box.x + box.width * fx, box.y + box.height * fy] as const;
  for (const [fx, fy] of [[0.45, 0.45], [0.55, 0.45], [0.55, 0.55], [0.45, 0.55], [0.45, 0.45]]) {
    await page.mouse.click(...at(fx, fy));
    await page.waitForTimeout(150);
  }
  await page.getByRole("button", { name: "Use this polygon" }).click();
  // a closed ring of the corners placed (a triangle at least: the first click may go to the map's focus),
  // shown as its vertices to be mended from the keyboard
  await expect(page.getByText(/^Your polygon: 1 polygon, [45] positions, \d+\.\d+ to \d+\.\d+ °E/)).toBeVisible();
  await expect(page.getByLabel(VERTICES)).toHaveValue(/^(-?\d+(\.\d+)?, -?\d+(\.\d+)?\n){2,3}-?\d+(\.\d+)?, -?\d+(\.\d+)?$/);
  await expect(page.getByRole("radio", { name: "Your own polygon" })).toBeChecked();
  await expect(page).toHaveURL(PAGE);
  expect(pageErrors).toEqual([]);
});

test("a job's progress bar is named and valued, and the job can be dismissed from the keyboard", async ({ page, pageErrors }) => {
  test.slow();
  await asClient(page, "198.51.100.66");
  // every model over Nepal: long enough to be seen running
  await page.goto(`${PAGE}?threshold=27.25`);
  await hydrated(page);
  await page.getByRole("button", { name: "Compute" }).click();
  const jobs = page.getByRole("region", { name: "Your jobs" });
  const bar = jobs.getByRole("progressbar", { name: /^Progress of Days above a temperature, Nepal, 2041-2060 ssp245$/ });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute("aria-valuenow", /^\d+$/);
  await expect(bar).toHaveAttribute("aria-valuetext", /^\d+ %: /);
  const dismiss = jobs.getByRole("button", { name: "Dismiss Days above a temperature, Nepal, 2041-2060 ssp245" });
  await tabTo(page, dismiss);
  await page.keyboard.press("Enter");
  await expect(jobs.getByText("Dismissed")).toBeVisible();
  await expect(page.getByRole("heading", { name: "The job was dismissed" })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test("a named subset of models from the explorer's model selection is one of the form's choices", async ({ page, pageErrors }) => {
  test.slow();
  await asClient(page, "198.51.100.69");
  await page.goto(`${PAGE}?threshold=35&months=6%2C7%2C8&scenario=ssp585&window=gwl%3A2.0&geo=NP-BA&model=MIROC6%2CCanESM5&subset=warm-dry`);
  await hydrated(page);
  await expect(page.getByRole("radio", { name: "The warm-dry subset: CanESM5, MIROC6" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Warming level (ssp245 or ssp585)" })).toBeChecked();
  await page.getByRole("button", { name: "Compute" }).click();
  await expect(page).toHaveURL(/&model=CanESM5%2CMIROC6&subset=warm-dry&geo=NP-BA&job=/);
  await expect(page.getByRole("heading", { name: /^Days above a temperature \(days\), Bagmati zone \(NP-BA\)/ })).toBeVisible({ timeout: 30_000 });
  const rows = page.getByRole("table").locator("tbody").first().getByRole("row");
  await expect(rows).toHaveCount(2);
  // at a warming level each model has its own window
  await expect(page.getByText(/ssp585, window gwl:2\.0 against 1995-2014/)).toBeVisible();
  await expect(page.getByText(/At \+2 °C of global warming each model's own 20-year window/)).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form posts, and the job's page loads itself again until its results are there", async ({ page, request }) => {
    test.slow();
    await asClient(page, "198.51.100.67");
    const loads: string[] = [];
    page.on("framenavigated", (frame) => frame === page.mainFrame() && loads.push(frame.url()));
    await page.goto(PAGE);
    await page.getByLabel("Threshold (°C)").fill("26.75");
    await page.getByLabel("Variable").selectOption("tas");
    await page.getByRole("button", { name: "Compute" }).click();
    await expect(page).toHaveURL(/threshold=26\.75.*&geo=NPL&job=[0-9a-f-]{36}$/);
    const jobPage = page.url();
    // while the job waits or runs, its page says so and loads itself again
    const first = await (await request.get(jobPage, { headers: { "X-Forwarded-For": "198.51.100.67" } })).text();
    const waited = !first.includes('id="od-result-title"');
    if (waited) expect(first).toMatch(/<noscript><meta http-equiv="refresh" content="2"\/><\/noscript>/);
    await expect(page.getByRole("heading", { name: /^Days above a temperature \(days\), Nepal \(NPL\)/ })).toBeVisible({ timeout: 90_000 });
    // loaded by the redirect, then again by the page itself until the results were there
    if (waited) expect(loads.filter((url) => url === jobPage).length).toBeGreaterThanOrEqual(2);
    await expect(page.getByRole("table")).toContainText("Ensemble median");
    await expect(page.getByText("Sample data", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("img", { name: /the change in each of the region's cells/ })).toBeVisible();
    const csv = page.getByRole("link", { name: "CSV" });
    await expect(csv).toHaveAttribute("href", /^\/api\/jobs\/[0-9a-f-]{36}\/results\?f=csv$/);
    const answer = await request.get((await csv.getAttribute("href"))!);
    expect(answer.headers()["content-type"]).toContain("text/csv");
    expect(await answer.text()).toContain('"variable":"tas"');
    await expect(page.getByRole("link", { name: "JSON" })).toHaveAttribute("href", /results\?f=json$/);
  });

  test("a GeoJSON file posts with the form; a broken one comes back with the rule named", async ({ page }) => {
    test.slow();
    await asClient(page, "198.51.100.68");
    await page.goto(PAGE);
    await page.getByText("Your own polygon", { exact: true }).click();
    await page.getByLabel("Polygon file").setInputFiles({ name: "open.geojson", mimeType: "application/geo+json", buffer: Buffer.from(JSON.stringify(square(85, 27, 0.5, false))) });
    await page.getByRole("button", { name: "Compute" }).click();
    await expect(page.getByText("Every ring must be closed: its last position the same as its first (rule: closed-rings)")).toBeVisible();
    // the form kept the question
    await expect(page.getByRole("radio", { name: "Your own polygon" })).toBeChecked();

    await page.getByLabel("Threshold (°C)").fill("34");
    await page.getByText("The models I pick").click();
    await page.getByLabel("Models to pick").selectOption(["CanESM5", "MIROC6"]);
    await page.getByLabel("Polygon file").setInputFiles({ name: "valley.geojson", mimeType: "application/geo+json", buffer: Buffer.from(JSON.stringify(square(85.1, 27.4, 0.6))) });
    await page.getByRole("button", { name: "Compute" }).click();
    await expect(page).toHaveURL(/&polygon=[A-Za-z0-9_-]+&job=/);
    await expect(page.getByRole("heading", { name: /^Days above a temperature \(days\), the polygon given/ })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText("Your polygon: 1 polygon, 5 positions, 85.10 to 85.70 °E, 27.40 to 28.00 °N.")).toBeVisible();
  });

  test("typed vertices post with the form: a wrong line comes back named beside them as typed, and the server's polygon rules apply", async ({ page }) => {
    test.slow();
    await asClient(page, "198.51.100.72");
    await page.goto(PAGE);
    await page.getByText("Your own polygon", { exact: true }).click();
    await page.getByLabel(VERTICES).fill("85.1, 27.4\n200, 27.4\n85.7, 28");
    await page.getByRole("button", { name: "Compute" }).click();
    await expect(page.getByText("Line 2: longitude 200 is outside -180..180 (rule: vertices)")).toBeVisible();
    await expect(page.getByLabel(VERTICES)).toHaveValue("85.1, 27.4\n200, 27.4\n85.7, 28");
    await expect(page.getByLabel(VERTICES)).toHaveAttribute("aria-invalid", "true");
    // a ring that is one, but no region of the grid: the server's rule, as for a file
    await page.getByLabel(VERTICES).fill("120, 27\n121, 27\n121, 28");
    await page.getByRole("button", { name: "Compute" }).click();
    await expect(page.getByText(/^Every position must be within the grid: .* \(rule: within-grid\)$/)).toBeVisible();

    await page.getByLabel("Threshold (°C)").fill("36");
    await page.getByText("The models I pick").click();
    await page.getByLabel("Models to pick").selectOption(["CanESM5", "MIROC6"]);
    await page.getByLabel(VERTICES).fill("85.1, 27.4\n85.7, 27.4\n85.7, 28\n85.1, 28");
    await page.getByRole("button", { name: "Compute" }).click();
    await expect(page).toHaveURL(/threshold=36&.*&polygon=[A-Za-z0-9_-]+&job=/);
    await expect(page.getByRole("heading", { name: /^Days above a temperature \(days\), the polygon given/ })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText("Your polygon: 1 polygon, 5 positions, 85.10 to 85.70 °E, 27.40 to 28.00 °N.")).toBeVisible();
  });
});
