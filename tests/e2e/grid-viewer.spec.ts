import { GRID_API, gridParams, type GridPointResponse } from "../../app/features/grids/grid";
import { displayDecimalsOf } from "../../app/features/cmip6/indicatorRules";
import { formatNumber } from "../../app/lib/format";
import { expect, hydrated, seriousViolations, test } from "./fixtures";

/**
 * The CMIP6 map viewer's Grid: the painted field in the server's drawing with its legend before any
 * script, the same picture on the map, and the point query by keyboard (cell cursor, Enter) whose
 * numbers are the point API's.
 */

const QUERY = { indicator: "tas", scenario: "ssp245", season: "annual", window: "2040-2059" } as const;
const FIELD = `/cmip6-viewer?geotype=Grid&${gridParams(QUERY)}`;

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the field's picture is in the server's map drawing, with its legend and downloads", async ({ page }) => {
    await page.goto(FIELD);
    const image = page.locator('[data-testid="map-slot"] svg .sacap-mapsvg__images image');
    await expect(image).toHaveCount(1);
    await expect(image).toHaveAttribute("href", `${GRID_API.image}?${gridParams(QUERY)}`);
    // at the grid's bounds: a box over South Asia, taller than a degree of longitude per degree of latitude
    const box = await image.boundingBox();
    expect(box!.width).toBeGreaterThan(200);
    expect(box!.height).toBeGreaterThan(box!.width * 0.8);
    // the picture loads (the painted field of the sample store)
    const loaded = await image.evaluate((el) => fetch((el as SVGImageElement).href.baseVal).then((r) => [r.status, r.headers.get("content-type")]));
    expect(loaded).toEqual([200, "image/png"]);

    const legend = page.getByTestId("grid-legend");
    await expect(legend).toBeVisible();
    await expect(legend).toContainText("Change (ensemble median)");
    await expect(legend).toContainText("2040-2059");
    await expect(legend).toContainText("SSP2-4.5");
    await expect(legend).toContainText("annual");
    await expect(legend).toContainText("°C");
    await expect(legend.getByTestId("grid-models")).toContainText(/\d+ models/);
    await expect(legend).toContainText("fewer than 80 % of models agree on the sign");
    await expect(legend).toContainText("IPCC AR6");
    await expect(legend).toContainText("Sample values");
    for (const [name, path] of [
      ["NetCDF", GRID_API.netcdf],
      ["GeoTIFF", GRID_API.geotiff],
      ["PNG", GRID_API.image],
    ] as const) {
      await expect(legend.getByRole("link", { name, exact: true })).toHaveAttribute("href", new RegExp(`^${path.replace(/\./g, "\\.")}\\?${gridParams(QUERY).toString()}`));
    }
  });

  test("the agreement's legend shows the image's five classes, with a step at 0.8 where a change becomes robust", async ({ page }) => {
    await page.goto(`/cmip6-viewer?geotype=Grid&${gridParams(QUERY, { statistic: "agreement" })}`);
    const legend = page.getByTestId("grid-legend");
    await expect(legend.locator(".sacap-legend__tick")).toHaveText(["0.0", "0.2", "0.4", "0.6", "0.8", "1.0"]);
    // hard steps: the colour below 80 % and the one above it are two stops at 80 %
    const background = await legend.locator(".sacap-legend__ramp").evaluate((el) => (el as HTMLElement).style.background);
    const at80 = [...background.matchAll(/(rgb\([^)]*\)|#[0-9a-f]{6}) 80%/gi)].map((m) => m[1]);
    expect(at80).toHaveLength(2);
    expect(at80[0]).not.toBe(at80[1]);
  });

  test("the viewer's skip links are fragment links to the map, the legend and the layer list", async ({ page }) => {
    const regions = [
      ["Skip to the map", "viewer-map", page.getByTestId("map-slot")],
      ["Skip to the legend", "viewer-legend", page.getByTestId("grid-legend")],
      ["Skip to the layer list", "viewer-layers", page.getByRole("heading", { name: "Layers" })],
    ] as const;
    for (const [i, [name, id, region]] of regions.entries()) {
      await page.goto(FIELD);
      const link = page.getByRole("link", { name, exact: true });
      // off the screen until focused, the Tab stops right after "Skip to content"
      await expect(link).toBeAttached();
      expect((await link.boundingBox())!.y).toBeLessThan(0);
      for (let presses = 0; presses < i + 2; presses++) await page.keyboard.press("Tab");
      await expect(link).toBeFocused();
      await expect(link).toBeInViewport();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      await expect(page.locator(`#${id}`)).toBeFocused();
      await expect(region).toBeInViewport();
    }
  });

  test("the controls are a form that reloads the page with the new field", async ({ page }) => {
    await page.goto(FIELD);
    await page.getByLabel("Statistic").selectOption("p90");
    await page.getByLabel("Window").selectOption("2080-2099");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/geotype=Grid/);
    await expect(page).toHaveURL(/statistic=p90/);
    await expect(page.locator(".sacap-mapsvg__images image")).toHaveAttribute("href", /window=2080-2099&statistic=p90/);
    await expect(page.getByTestId("grid-legend")).toContainText("Change, 90th percentile");
  });
});

test("Grid by keyboard only: the cell cursor and Enter read the cell the point API answers for", async ({ page }) => {
  test.slow();
  await page.goto("/cmip6-viewer");
  await hydrated(page);

  // Tab to the Regions select and choose Grid with the keys
  const regions = page.getByRole("combobox", { name: "Regions" });
  for (let i = 0; i < 60 && !(await regions.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(regions).toBeFocused();
  await page.keyboard.press("End");
  await expect(regions).toHaveValue("Grid");
  await expect(page).toHaveURL(/geotype=Grid/);
  await expect(page.getByTestId("grid-legend")).toContainText(/\d+ models/);

  // on to the map, then the cursor: it starts at the map's centre
  const slot = page.getByTestId("map-slot");
  for (let i = 0; i < 60 && !(await slot.evaluate((el) => el.contains(document.activeElement))); i++) await page.keyboard.press("Tab");
  const cursor = page.getByTestId("grid-cursor");
  await expect(cursor).toBeVisible();
  const centre = () => new URL(page.url()).searchParams.get("c");
  const before = centre();
  const start = { row: Number(await cursor.getAttribute("data-row")), column: Number(await cursor.getAttribute("data-column")) };
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowUp");
  await expect(cursor).toHaveAttribute("data-row", String(start.row + 1));
  await expect(cursor).toHaveAttribute("data-column", String(start.column + 2));
  // the arrows moved the cursor, not the map
  expect(centre()).toBe(before);
  const lat = await cursor.getAttribute("data-lat");
  const lon = await cursor.getAttribute("data-lon");

  await page.keyboard.press("Enter");
  const panel = page.getByTestId("grid-point");
  await expect(panel).toBeVisible();
  const params = gridParams(QUERY);
  params.set("lat", lat!);
  params.set("lon", lon!);
  const answer = (await (await page.request.get(`${GRID_API.point}?${params}`)).json()) as GridPointResponse;
  const d = displayDecimalsOf(answer.indicator.code);
  const text = (v: number | null, signed = false) => (v === null ? "no value" : `${formatNumber(v, d, { signed })} ${answer.units}`);
  await expect(panel.getByTestId("grid-point-bounds")).toContainText(`${formatNumber(answer.cell.bounds.south, 3)}° to ${formatNumber(answer.cell.bounds.north, 3)}° N`);
  await expect(panel.getByTestId("grid-point-baseline")).toHaveText(text(answer.values.baseline));
  await expect(panel.getByTestId("grid-point-change")).toHaveText(text(answer.values.change, true));
  await expect(panel.getByTestId("grid-point-spread")).toHaveText(`${text(answer.values.p10, true)} to ${text(answer.values.p90, true)}`);
  const a = answer.values.agreement;
  if (a) await expect(panel.getByTestId("grid-point-agreement")).toContainText(`${a.agree} of ${a.count} models`);
  await expect(panel.getByTestId("grid-point-models")).toContainText(`of ${answer.models.length}`);

  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
});

test.describe("the map within a few keys of a fresh load", () => {
  /** The point panel's baseline reads a value (a number and the unit), not "no value". */
  async function readsACell(page: import("@playwright/test").Page) {
    const cursor = page.getByTestId("grid-cursor");
    await expect(cursor).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("grid-point-baseline")).toHaveText(/^-?\d+(\.\d+)? °C$/);
  }
  /** The focus is in the map itself (the drawing, or the map library's canvas), which takes the arrows and Enter. */
  const mapFocused = (page: import("@playwright/test").Page) =>
    page.getByTestId("map-slot").evaluate((slot) => slot !== document.activeElement && slot.contains(document.activeElement));

  test("Tab, Tab and Enter follow \u201cSkip to the map\u201d; Enter then reads a cell", async ({ page, pageErrors }) => {
    await page.goto(FIELD);
    await hydrated(page);
    const presses = ["Tab", "Tab", "Enter"];
    for (const key of presses) await page.keyboard.press(key);
    expect(await mapFocused(page)).toBe(true);
    expect(presses.length).toBeLessThanOrEqual(5);
    await readsACell(page);
    expect(pageErrors).toEqual([]);
  });

  test("the key m focuses the map, listed among the shortcuts by ?", async ({ page, pageErrors }) => {
    await page.goto(FIELD);
    await hydrated(page);
    await page.keyboard.press("m");
    expect(await mapFocused(page)).toBe(true);
    await readsACell(page);
    await page.keyboard.press("Escape");
    // not in a select, where a letter picks an option
    const regions = page.getByRole("combobox", { name: "Regions" });
    await regions.focus();
    await page.keyboard.press("m");
    await expect(regions).toBeFocused();
    await regions.blur();
    await page.keyboard.press("Shift+Slash");
    await expect(page.getByRole("dialog")).toContainText("Focus the mapM");
    expect(pageErrors).toEqual([]);
  });
});

test("the interactive map loads the same picture (an image layer at the grid's bounds)", async ({ page }) => {
  await page.goto(FIELD);
  await hydrated(page);
  const images: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes(GRID_API.image)) images.push(r.url());
  });
  await page.getByRole("button", { name: "Interactive map" }).click();
  await expect(page.getByTestId("map-slot")).toHaveAttribute("data-map", "interactive");
  await expect.poll(() => images.some((u) => u.endsWith(`${GRID_API.image}?${gridParams(QUERY)}`))).toBe(true);
});
