import type { Page } from "@playwright/test";
import { choroplethRange } from "../../app/features/maps/choropleth";
import { scaleColor } from "../../app/features/maps/colorScale";
import { expect, hydrated, test } from "./fixtures";

/**
 * The viewers' map is drawn by the server (an SVG in the map's projection and colours) and stands in for
 * the interactive map until the reader asks for it: no map library before that, with or without JavaScript.
 */

interface Answer {
  values: { geo: string; value: number | null; change?: number | null; agreement?: { robust: boolean } | null }[];
}

const choropleth = (query: string) => `/api/viewer/choropleth?indicator=tas&geotype=Country&scenario=ssp245&model=ensemble&${query}`;

/** The drawn fill of every region of the countries' choropleth, by code. */
const drawnFills = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('[data-testid="map-slot"] .sacap-mapsvg__regions[data-geotype="Country"] [data-code]')].map((e) => [e.getAttribute("data-code"), e.getAttribute("fill")]),
    ),
  );
/** The codes of the countries drawn hatched (or outlined as selected): the regions whose outlines the group copies. */
const shown = (page: Page, group: "hatch" | "selected") =>
  page.evaluate((g) => {
    const slot = document.querySelector('[data-testid="map-slot"]')!;
    const codes = new Map([...slot.querySelectorAll('.sacap-mapsvg__regions[data-geotype="Country"] [data-code]')].map((e) => [e.getAttribute("href"), e.getAttribute("data-code")]));
    return [...slot.querySelectorAll(`.sacap-mapsvg__${g} use`)].map((e) => codes.get(e.getAttribute("href"))).sort();
  }, group);

/** Requests of the map library: its code (the canvas chunk), stylesheet and worker. */
function watchMapLibrary(page: Page): string[] {
  const requested: string[] = [];
  page.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    if (/maplibre|mapbox|MaplibreCanvas|MapboxCanvas/i.test(path) || path.startsWith("/api/geo/")) requested.push(path);
  });
  return requested;
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("/cmip6-viewer shows the drawn map in the colours of the scale, its legend and the regions with their values", async ({ page, request }, testInfo) => {
    await page.goto("/cmip6-viewer");
    const slot = page.getByTestId("map-slot");
    const map = slot.getByRole("img", { name: "Map of Mean temperature (annual average), 2040-2059, SSP2-4.5, by country" });
    await expect(map).toBeVisible();
    // the drawing fills the slot
    const [box, drawn] = [await slot.boundingBox(), await map.boundingBox()];
    expect(drawn!.width).toBeGreaterThanOrEqual(box!.width);
    expect(drawn!.height).toBeGreaterThanOrEqual(box!.height);
    await expect(slot).not.toContainText("Loading map");

    // every country in the colour of its value on the scale fitted to the values (2nd to 98th percentile)
    const answer: Answer = await (await request.get(choropleth("window=2040-2059"))).json();
    const [min, max] = choroplethRange(answer.values.map((v) => v.value), false)!;
    const fills = await drawnFills(page);
    expect(Object.keys(fills).sort()).toEqual(["AFG", "BGD", "BTN", "IND", "LKA", "MDV", "NPL", "PAK"]);
    for (const v of answer.values) expect(fills[v.geo], v.geo).toBe(scaleColor(v.value, min, max, "temperature"));
    expect(new Set(Object.values(fills)).size).toBeGreaterThan(3);
    // the coldest country is drawn at the blue end of the ramp and the warmest at its red end
    const sorted = answer.values.filter((v) => v.value !== null).sort((a, b) => a.value! - b.value!);
    const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    const [coldR, , coldB] = rgb(fills[sorted[0].geo]!);
    const [warmR, , warmB] = rgb(fills[sorted[sorted.length - 1].geo]!);
    expect(coldB - coldR, `${sorted[0].geo} ${fills[sorted[0].geo]}`).toBeGreaterThan(60);
    expect(warmR - warmB, `${sorted[sorted.length - 1].geo} ${fills[sorted[sorted.length - 1].geo]}`).toBeGreaterThan(60);
    await expect(page.getByLabel("Colour scale minimum")).toHaveValue(String(min));
    await expect(page.getByLabel("Colour scale maximum")).toHaveValue(String(max));

    // the legend and the region list with the values
    await expect(page.locator(".sacap-viewer__legend")).toContainText("Mean temperature (annual average), 2040-2059, SSP2-4.5");
    const list = page.getByRole("listbox", { name: "Regions" });
    await expect(list.getByRole("option")).toHaveCount(8);
    await expect(list.getByRole("option", { name: /India/ })).toContainText(/\d+\.\d+ °C/);

    await testInfo.attach("cmip6-viewer without JavaScript", { body: await page.screenshot(), contentType: "image/png" });
  });

  test("/glofas shows the drawn basemap", async ({ page }) => {
    await page.goto("/glofas");
    const map = page.getByTestId("map-slot").getByRole("img", { name: "Map of South Asia" });
    await expect(map).toBeVisible();
    await expect(map.locator("text", { hasText: "Bangladesh" })).toHaveCount(1);
    await expect(page.getByTestId("map-slot")).not.toContainText("Loading map");
  });
});

test("the drawn map answers hover and click, and the map library loads only when asked, at the same view", async ({ page, pageErrors }) => {
  const library = watchMapLibrary(page);
  await page.goto("/cmip6-viewer?c=80,22&z=4");
  await hydrated(page);
  const slot = page.getByTestId("map-slot");
  await expect(slot.getByRole("img", { name: /^Map of Mean temperature/ })).toBeVisible();
  await expect(slot.locator("canvas")).toHaveCount(0);
  expect(library).toEqual([]);

  // pointing at India says its value; clicking it opens its panel, with no map library
  const india = slot.locator('.sacap-mapsvg__regions [data-code="IND"]');
  const box = (await india.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.45, box.y + box.height * 0.5);
  await expect(page.locator(".sacap-viewer__hover")).toContainText(/^India: \d+\.\d+ °C/);
  await page.mouse.click(box.x + box.width * 0.45, box.y + box.height * 0.5);
  await expect(page.getByTestId("region-panel").getByRole("heading", { name: "India" })).toBeVisible();
  await expect.poll(() => new URL(page.url()).searchParams.get("r")).toBe("IND");
  expect(await shown(page, "selected")).toEqual(["IND"]);
  await page.waitForLoadState("networkidle");
  expect(library).toEqual([]);
  const before = new URL(page.url()).searchParams;

  await slot.getByRole("button", { name: "Interactive map" }).click();
  await expect(slot.locator(".maplibregl-canvas")).toBeVisible({ timeout: 15_000 });
  await expect(slot).toHaveAttribute("data-map", "interactive", { timeout: 15_000 });
  await expect(slot.locator("svg.sacap-mapsvg")).toHaveCount(0);
  expect(library.some((p) => /maplibre/i.test(p))).toBe(true);
  // the same view and selection
  const after = new URL(page.url()).searchParams;
  for (const key of ["c", "z", "r", "indicator", "years", "scen"]) expect(after.get(key), key).toBe(before.get(key));
  expect(after.get("c")).toBe("80,22");
  expect(pageErrors).toEqual([]);
});

test("the slot keeps its size while the map replaces the drawing, and nothing moves", async ({ page }) => {
  await page.goto("/cmip6-viewer");
  await hydrated(page);
  const slot = page.getByTestId("map-slot");
  const before = await slot.boundingBox();
  // layout shifts from here on (the page's own loading is done)
  await page.evaluate(() => {
    const w = window as unknown as { shifts: string[] };
    w.shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources?: { node?: Node }[] })[]) {
        w.shifts.push(`${entry.value.toFixed(4)} ${(entry.sources ?? []).map((s) => (s.node instanceof Element ? s.node.className : s.node?.nodeName)).join(", ")}`);
      }
    }).observe({ type: "layout-shift" });
  });
  await slot.getByRole("button", { name: "Interactive map" }).click();
  await expect(slot).toHaveAttribute("data-map", "interactive", { timeout: 15_000 });
  await page.waitForTimeout(300);
  expect(await slot.boundingBox()).toEqual(before);
  expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)).toEqual([]);
});

test("+ on the focused drawing zooms: the map loads at the new zoom and keeps the focus", async ({ page }) => {
  const library = watchMapLibrary(page);
  await page.goto("/lhasa");
  await hydrated(page);
  expect(library).toEqual([]);
  const drawing = page.locator(".sacap-map__drawing");
  await drawing.focus();
  await page.keyboard.press("+");
  await expect.poll(() => Number(new URL(page.url()).searchParams.get("z"))).toBe(4.4);
  const canvas = page.locator(".maplibregl-canvas");
  await expect(canvas).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("map-slot")).toHaveAttribute("data-map", "interactive", { timeout: 15_000 });
  await expect(canvas).toBeFocused();
  // the map's own keys from here
  await page.keyboard.press("-");
  await expect.poll(() => Number(new URL(page.url()).searchParams.get("z")), { timeout: 5000 }).toBeLessThan(4.4);
});

test("dragging the drawing pans it and loads the map there", async ({ page }) => {
  await page.goto("/isimip");
  await hydrated(page);
  const box = (await page.locator(".sacap-map__drawing").boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 60, y, { steps: 4 });
  await page.mouse.move(x + 120, y, { steps: 4 });
  await page.mouse.up();
  // 120 px to the right at zoom 3.4: the centre is 120 / (512 * 2^3.4) * 360 degrees further west
  await expect.poll(() => Number(new URL(page.url()).searchParams.get("c")?.split(",")[0])).toBeCloseTo(78 - (120 / (512 * 2 ** 3.4)) * 360, 2);
  await expect(page.getByTestId("map-slot")).toHaveAttribute("data-map", "interactive", { timeout: 15_000 });
});

test("the wheel over the drawing zooms about the pointer and loads the map there", async ({ page }) => {
  await page.goto("/second-page");
  await hydrated(page);
  const box = (await page.locator(".sacap-map__drawing").boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -225);
  // half a level in (a mouse wheel's 450 px per level), about the centre: the centre stays
  await expect.poll(() => Number(new URL(page.url()).searchParams.get("z"))).toBe(3.9);
  const [lon, lat] = (new URL(page.url()).searchParams.get("c") ?? "78,23").split(",").map(Number);
  expect(lon).toBeCloseTo(78, 1);
  expect(lat).toBeCloseTo(23, 1);
  await expect(page.getByTestId("map-slot")).toHaveAttribute("data-map", "interactive", { timeout: 15_000 });
});

test("a new period and the change view recolour the drawing, with no map library", async ({ page, request }) => {
  const library = watchMapLibrary(page);
  await page.goto("/cmip6-viewer");
  await hydrated(page);
  const panel = page.getByRole("group", { name: "Choropleth" });

  await panel.getByRole("combobox", { name: /^Period/ }).selectOption("2080-2099");
  const later: Answer = await (await request.get(choropleth("window=2080-2099"))).json();
  const fitted = choroplethRange(later.values.map((v) => v.value), false)!;
  const expected = Object.fromEntries(later.values.map((v) => [v.geo, scaleColor(v.value, fitted[0], fitted[1], "temperature")]));
  await expect.poll(() => drawnFills(page)).toEqual(expected);
  await expect(page.getByTestId("map-slot").getByRole("img")).toHaveAccessibleName(/^Map of Mean temperature \(annual average\), 2080-2099, SSP2-4.5, by country/);

  // the change from 1995-2014: a scale symmetric about zero, hatched where the models disagree
  await panel.getByRole("radio", { name: "Change from 1995-2014" }).check({ force: true });
  const range = choroplethRange(later.values.map((v) => v.change), true)!;
  const changes = Object.fromEntries(later.values.map((v) => [v.geo, scaleColor(v.change, range[0], range[1], "temperature")]));
  await expect.poll(() => drawnFills(page)).toEqual(changes);
  const hatched = later.values.filter((v) => v.agreement?.robust === false).map((v) => v.geo).sort();
  expect(await shown(page, "hatch")).toEqual(hatched);
  await expect(page.getByTestId("map-slot").getByRole("img")).toHaveAccessibleName(/change from 1995-2014, 2080-2099.*8 of 8 have a value/);

  await page.waitForLoadState("networkidle");
  await expect(page.getByTestId("map-slot").locator("canvas")).toHaveCount(0);
  expect(library).toEqual([]);
});
