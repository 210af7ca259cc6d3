import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { displayDecimalsOf } from "../../app/features/cmip6/indicatorRules";
import { scaleColor } from "../../app/features/maps/colorScale";
import { choroplethRange, type ChoroplethResponse } from "../../app/features/maps/choropleth";
import { BOUNDARY_DISCLAIMER } from "../../app/features/places/disclaimer";
import { formatNumber } from "../../app/lib/format";
import { expect, hydrated, test } from "./fixtures";

/** The places as the portal ships them (`seeds/geos.json`). */
const geos = JSON.parse(readFileSync("seeds/geos.json", "utf8")) as { field_value: string; name: string; field_geotype: string; field_country?: string }[];

/**
 * The map viewer's states and provinces (`geotype=State`): the server draws and lists every unit, without
 * JavaScript too; every viewer's map carries the disclaimer on boundaries and names.
 */

const VIEWERS = ["/cmip6-viewer", "/cmip6-viewer?geotype=State", "/cmip6-viewer?geotype=Grid", "/glofas", "/isimip", "/lhasa", "/second-page", "/tools/gee", "/catalog/explorer"];
const STATES = geos.filter((g) => g.field_geotype === "State");
const countryOf = (code: string) => geos.find((g) => g.field_value === STATES.find((s) => s.field_value === code)?.field_country)!.name;
const ANSWER = "/api/viewer/choropleth?indicator=tas&geotype=State&scenario=ssp245&model=ensemble&window=2040-2059";

/** The drawn fill of every state and province, by code. */
const drawnFills = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('[data-testid="map-slot"] .sacap-mapsvg__regions[data-geotype="State"] [data-code]')].map((e) => [e.getAttribute("data-code"), e.getAttribute("fill")]),
    ),
  );

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the states and provinces: the drawn map colours every unit, and the region list gives every unit's value, named with its country", async ({ page, request }) => {
    await page.goto("/cmip6-viewer?geotype=State");
    const answer: ChoroplethResponse = await (await request.get(ANSWER)).json();
    expect(answer.values).toHaveLength(STATES.length);

    const slot = page.getByTestId("map-slot");
    await expect(slot.getByRole("img", { name: "Map of Mean temperature (annual average), 2040-2059, SSP2-4.5, by state or province" })).toBeVisible();
    await expect(page.getByRole("combobox", { name: /^Regions/ })).toHaveValue("State");
    // every unit in the colour of its value on the scale fitted to the units' values
    const [min, max] = choroplethRange(answer.values.map((v) => v.value), false)!;
    const fills = await drawnFills(page);
    expect(Object.keys(fills).sort()).toEqual(STATES.map((s) => s.field_value).sort());
    for (const v of answer.values) expect(fills[v.geo], v.geo).toBe(v.value === null ? "none" : scaleColor(v.value, min, max, "temperature"));
    // the fit tells the units apart: a cold unit and a hot one are not one colour
    expect(new Set(Object.values(fills)).size).toBeGreaterThan(10);

    // the region list: every unit with its value, as the answer has it, after its country's name
    await expect(page.getByRole("heading", { name: "States and provinces" })).toBeVisible();
    const options = page.getByRole("listbox", { name: "Regions" }).getByRole("option");
    await expect(options).toHaveCount(STATES.length);
    const value = (v: ChoroplethResponse["values"][number]) => (v.value === null ? (v.incomplete ?? "no data") : `${formatNumber(v.value, displayDecimalsOf("tas"))} °C`);
    expect(await options.allTextContents()).toEqual(answer.values.map((v) => `${v.name} (${countryOf(v.geo)})${value(v)}`));
    await expect(options.filter({ hasText: "Uttar Pradesh (India)" })).toContainText(/\d+\.\d °C$/);

    // under the map: the outlines' source and licence, the countries whose units are not today's, the disclaimer
    const notes = page.getByTestId("map-notes");
    await expect(notes).toContainText("Outlines of the states and provinces: Natural Earth 1:10m Admin 1");
    await expect(notes).toContainText("public domain");
    await expect(notes).toContainText("Nepal shown with its 14 zones");
    await expect(notes).toContainText("Mymensingh");
    await expect(notes).toContainText(BOUNDARY_DISCLAIMER);
  });

  for (const url of VIEWERS) {
    test(`${url} says the disclaimer on boundaries and names under its map`, async ({ page }) => {
      await page.goto(url);
      await expect(page.getByTestId("map-slot")).toBeVisible();
      const notes = page.getByTestId("map-notes");
      await expect(notes).toBeVisible();
      await expect(notes).toContainText(BOUNDARY_DISCLAIMER);
      // the outlines' sources only where the states and provinces are shown
      if (url.endsWith("geotype=State")) await expect(notes).toContainText("Natural Earth");
      else await expect(notes).not.toContainText("Natural Earth");
    });
  }
});

test("by keyboard: the Regions select shows the states and provinces, the map loads to draw them, and a unit's panel names it with its country", async ({ page, request, pageErrors }) => {
  // WebGL runs in software here: room for a busy machine
  test.setTimeout(90_000);
  const outlines: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/api/geo/")) outlines.push(new URL(r.url()).pathname);
  });
  await page.goto("/cmip6-viewer");
  await hydrated(page);
  const slot = page.getByTestId("map-slot");
  await expect(slot).toHaveAttribute("data-map", "drawing");
  const regions = page.getByRole("group", { name: "Choropleth" }).getByRole("combobox", { name: /^Regions/ });
  await regions.focus();
  await page.keyboard.press("ArrowDown"); // river basins
  await page.keyboard.press("ArrowDown"); // states and provinces
  await expect(regions).toHaveValue("State");
  await expect.poll(() => new URL(page.url()).searchParams.get("geotype")).toBe("State");

  const list = page.getByRole("listbox", { name: "Regions" });
  await expect(list.getByRole("option")).toHaveCount(STATES.length);
  await expect(list.getByRole("option", { name: /^Uttar Pradesh \(India\) \d+\.\d °C$/ })).toBeVisible();
  await expect(page.getByTestId("map-notes")).toContainText("Natural Earth 1:10m Admin 1");
  // the page was drawn with the countries: the map library draws the units, from their own outlines
  await expect(slot).toHaveAttribute("data-map", "interactive", { timeout: 30_000 });
  await expect.poll(() => outlines).toContain("/api/geo/states");

  // the last unit of the list, by keyboard
  await list.focus();
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  const last = STATES[STATES.length - 1];
  const name = `${last.name} (${countryOf(last.field_value)})`;
  const panel = page.getByTestId("region-panel");
  await expect(panel.getByRole("heading", { name })).toBeVisible();
  await expect.poll(() => new URL(page.url()).searchParams.get("r")).toBe(last.field_value);
  // its profile, by its code: the profile route sends it on to the unit's own page
  const profile = panel.getByRole("link", { name: `${name} climate profile` });
  const answer = await request.get((await profile.getAttribute("href"))!);
  expect(answer.status()).toBe(200);
  expect(await answer.text()).toContain(`${last.name} climate profile`);
  expect(pageErrors).toEqual([]);
});
