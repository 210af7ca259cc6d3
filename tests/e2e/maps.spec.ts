import { test as base, type Page } from "@playwright/test";
import { displayDecimalsOf } from "../../app/features/cmip6/indicatorRules";
import { choroplethRange } from "../../app/features/maps/choropleth";
import { scaleColor } from "../../app/features/maps/colorScale";
import { formatNumber } from "../../app/lib/format";
import { startPortal } from "../support/portal";
import { expect, hydrated, test } from "./fixtures";

const VIEWERS = ["/cmip6-viewer", "/glofas", "/isimip", "/lhasa", "/second-page", "/tools/gee", "/catalog/explorer"];

/** Share of the map canvas's pixels that differ from its first pixel (the canvas keeps its buffer). */
async function drawnShare(page: Page): Promise<number> {
  return page.evaluate(() => {
    const source = document.querySelector<HTMLCanvasElement>(".maplibregl-canvas");
    if (!source || !source.width) return 0;
    const copy = document.createElement("canvas");
    copy.width = 200;
    copy.height = 200;
    const ctx = copy.getContext("2d")!;
    ctx.drawImage(source, 0, 0, 200, 200);
    const { data } = ctx.getImageData(0, 0, 200, 200);
    let differing = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (Math.abs(data[i] - data[0]) + Math.abs(data[i + 1] - data[1]) + Math.abs(data[i + 2] - data[2]) > 30) differing++;
    }
    return differing / (data.length / 4);
  });
}

test.describe("map viewers", () => {
  // WebGL runs in software here: drawing maps on a busy machine takes longer than a page
  test.describe.configure({ timeout: 60_000 });
  for (const url of VIEWERS) {
    test(`${url} draws the basemap with nothing from other hosts`, async ({ page, pageErrors }) => {
      await page.goto(url);
      await hydrated(page);
      // the server's drawing, until the reader asks for the interactive map
      const slot = page.getByTestId("map-slot");
      await expect(slot.getByRole("img", { name: /^Map of/ })).toBeVisible();
      await expect(slot.locator("canvas")).toHaveCount(0);
      await slot.getByRole("button", { name: "Interactive map" }).click();
      await expect(page.locator(".maplibregl-canvas")).toBeVisible({ timeout: 15_000 });
      await expect.poll(() => drawnShare(page), { timeout: 15_000 }).toBeGreaterThan(0.05);
      // the layer list is there, with the unavailable state when no map server is configured
      await expect(page.locator("[data-layer-state]").first()).toBeVisible();
      expect(pageErrors).toEqual([]);
    });
  }

  test("the frame and the drawn map are in the server HTML before the map loads", async ({ request }) => {
    const html = await (await request.get("/cmip6-viewer")).text();
    expect(html).toContain('data-testid="map-slot"');
    expect(html).toMatch(/<svg [^>]*class="sacap-mapsvg"/);
    expect(html).not.toContain("Loading map");
    // the map library's stylesheet comes with the library, not with the page
    expect(html).not.toMatch(/maplibre-gl[^"]*\.css/);
    expect(html).toContain("Filter layers");
    expect(html).toContain("Afghanistan");
    expect(html).toContain("No map server is configured");
    // the region values of the selection come with the page
    expect(html).toMatch(/>Afghanistan<span>-?\d+\.\d+ °C<\/span><\/li>/);
  });

  test("the first load requests no region values, reference lists or outlines", async ({ page }) => {
    const api: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname.startsWith("/api/")) api.push(r.url());
    });
    await page.goto("/cmip6-viewer");
    await hydrated(page);
    expect(api).toEqual([]);
  });

  test("basemap outlines are served with long cache lifetimes and an ETag", async ({ request }) => {
    for (const name of ["countries", "basins"]) {
      const response = await request.get(`/api/geo/${name}`);
      expect(response.status()).toBe(200);
      expect(response.headers()["cache-control"]).toBe("public, max-age=86400");
      const etag = response.headers()["etag"];
      expect(etag).toBeTruthy();
      const again = await request.get(`/api/geo/${name}`, { headers: { "If-None-Match": etag } });
      expect(again.status()).toBe(304);
    }
    const countries = await (await request.get("/api/geo/countries")).json();
    expect(countries.features.map((f: { properties: { iso3: string } }) => f.properties.iso3)).toEqual(
      expect.arrayContaining(["AFG", "BGD", "BTN", "IND", "LKA", "MDV", "NPL", "PAK"]),
    );
    const basins = await (await request.get("/api/geo/basins")).json();
    expect(basins.features).toHaveLength(16);
    expect(basins.features.every((f: { properties: { approximate: boolean } }) => f.properties.approximate)).toBe(true);
  });

  for (const [width, height] of [[412, 823], [360, 640]]) {
    test(`on a ${width}x${height} phone the viewer scrolls as a page: filters, map and regions each get room, and the load moves nothing`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await page.addInitScript(() => {
        const shifts: number[] = [];
        (window as unknown as { shifts: number[] }).shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) shifts.push(entry.value);
        }).observe({ type: "layout-shift", buffered: true });
      });
      await page.goto("/cmip6-viewer");
      await hydrated(page);
      const box = async (selector: string) => (await page.locator(selector).boundingBox())!;
      const side = await box(".sacap-viewer__side");
      const map = await box(".sacap-map");
      const regions = await box(".sacap-viewer__regions");
      // the filters and layers: a pane of its own (it scrolls inside), above the map
      expect(side.height).toBeGreaterThan(height * 0.3);
      expect(side.height).toBeLessThanOrEqual(height * 0.4 + 1);
      expect(map.height).toBeGreaterThanOrEqual(320);
      expect(map.y).toBeGreaterThanOrEqual(side.y + side.height);
      expect(regions.height).toBeGreaterThan(100);
      await page.getByRole("listbox", { name: "Regions" }).getByRole("option", { name: /Bangladesh/ }).scrollIntoViewIfNeeded();
      await expect(page.getByRole("listbox", { name: "Regions" }).getByRole("option", { name: /Bangladesh/ })).toBeInViewport();
      const shifted = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0));
      expect(shifted).toBeLessThanOrEqual(0.02);
    });
  }

  test("selecting a region from the keyboard opens its panel; Escape closes it", async ({ page }) => {
    await page.goto("/cmip6-viewer");
    await hydrated(page);
    const list = page.getByRole("listbox", { name: "Regions" });
    await expect(list.getByRole("option", { name: /Bangladesh.*°C/ })).toBeVisible();
    await list.focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    const panel = page.getByTestId("region-panel");
    await expect(panel.getByRole("heading", { name: "Bangladesh" })).toBeVisible();
    await expect(panel.getByRole("img", { name: /Annual average temperature/ })).toBeVisible();
    await expect(panel.getByRole("link", { name: /CMIP6 data/ })).toHaveAttribute("href", /\/cmip6-data\?indicator=tas&geo=BGD/);
    await expect.poll(() => new URL(page.url()).searchParams.get("r")).toBe("BGD");
    await page.keyboard.press("Escape");
    await expect(panel).toHaveCount(0);
  });

  test("by keyboard: +2 °C and the change view, the region list saying India's change and agreement as the API does", async ({ page, request }) => {
    await page.goto("/cmip6-viewer");
    await hydrated(page);
    const period = page.getByRole("group", { name: "Choropleth" }).getByRole("combobox", { name: /^Period/ });
    await period.focus();
    // the warming levels come last: +4, +3, +2 °C
    await page.keyboard.press("End");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await expect(period).toHaveValue("gwl:2.0");
    await page.keyboard.press("Tab"); // scenario
    await page.keyboard.press("Tab"); // show: values
    await expect(page.getByRole("radio", { name: "Values" })).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("radio", { name: "Change from 1995-2014" })).toBeChecked();
    await expect.poll(() => new URL(page.url()).searchParams.get("years")).toBe("gwl:2.0");
    await expect.poll(() => new URL(page.url()).searchParams.get("show")).toBe("change");

    const answer = await (await request.get("/api/viewer/choropleth?indicator=tas&geotype=Country&scenario=ssp245&model=ensemble&window=gwl:2.0")).json();
    const india = answer.values.find((v: { geo: string }) => v.geo === "IND");
    const change = `${formatNumber(india.change, displayDecimalsOf("tas"), { signed: true })} °C`;
    const mark = `${india.agreement.robust ? "robust" : "not robust"} (${india.agreement.agree}/${india.agreement.count})`;
    const list = page.getByRole("listbox", { name: "Regions" });
    await expect(list.getByRole("option", { name: /India/ })).toContainText(`${change} · ${mark}`);
    // what the numbers are: the level's models and method, and the hatching rule in the legend
    await expect(page.getByTestId("choropleth-notes")).toContainText(answer.window.text);
    await expect(page.getByTestId("choropleth-notes")).toContainText("Hauser et al.");
    await expect(page.locator(".sacap-viewer__legend")).toContainText(
      `Hatched: fewer than 80 % of the ${india.agreement.count} models agree on the sign of the change (IPCC AR6 simple approach)`,
    );
    // the view is in the URL: a reload (and the server HTML) shows the same
    const html = (await (await request.get(page.url())).text()).replace(/\u00a0|&nbsp;|&#160;/g, " ");
    expect(html).toContain(`${change} · ${mark}`);
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole("radio", { name: "Change from 1995-2014" })).toBeChecked();
    await expect(list.getByRole("option", { name: /India/ })).toContainText(`${change} · ${mark}`);
  });

  test("a model subset in the URL draws the choropleth over its models", async ({ page }) => {
    await page.goto("/cmip6-viewer?years=2080-2099&scen=ssp585&mod=CanESM5,MIROC6&subset=warm-dry&show=change");
    await hydrated(page);
    await expect(page.getByTestId("choropleth-notes")).toContainText("warm-dry subset: 2 models (CanESM5, MIROC6)");
    await expect(page.getByRole("listbox", { name: "Regions" }).getByRole("option", { name: /India/ })).toContainText(/\((\d)\/2\)/);
    const models = page.getByRole("group", { name: "Choropleth" }).getByRole("combobox", { name: /^Models/ });
    await expect(models).toHaveValue("subset:warm-dry");
    // one model by keyboard: the subset leaves the URL
    await models.focus();
    await page.keyboard.press("End");
    await expect.poll(() => new URL(page.url()).searchParams.get("subset")).toBeNull();
    expect(new URL(page.url()).searchParams.get("mod")).not.toContain(",");
  });

  test("toggling a layer updates the URL and survives a reload", async ({ page }) => {
    await page.goto("/second-page");
    await hydrated(page);
    const first = page.locator("[data-layer-position]").first();
    const position = await first.getAttribute("data-layer-position");
    await first.getByRole("checkbox").check({ force: true });
    await expect.poll(() => new URL(page.url()).searchParams.get("l")).toBe(position);
    await page.reload();
    await hydrated(page);
    await expect(page.locator(`[data-layer-position="${position}"]`).getByRole("checkbox")).toBeChecked();
  });

  test("the colour range is fitted to the values, edited by keyboard, kept in the URL and drawn by the server, and fits the regions in view", async ({ page, request }) => {
    await page.goto("/cmip6-viewer?c=84.1,28.3&z=7");
    await hydrated(page);
    const answer: { values: { geo: string; value: number | null }[] } = await (
      await request.get("/api/viewer/choropleth?indicator=tas&geotype=Country&scenario=ssp245&model=ensemble&window=2040-2059")
    ).json();
    const fitted = choroplethRange(answer.values.map((v) => v.value), false)!;
    const min = page.getByLabel("Colour scale minimum");
    const max = page.getByLabel("Colour scale maximum");
    await expect(min).toHaveValue(String(fitted[0]));
    await expect(max).toHaveValue(String(fitted[1]));

    // by keyboard: a narrower range, typed digit by digit (the maximum's first digit is below the minimum)
    const values = answer.values.map((v) => v.value!).sort((a, b) => a - b);
    const [low, high] = [Math.ceil(values[2]), Math.floor(values[5])];
    await min.focus();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type(String(low));
    await page.keyboard.press("Tab");
    await expect(max).toBeFocused();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type(String(high));
    await expect.poll(() => new URL(page.url()).searchParams.get("smin")).toBe(String(low));
    await expect.poll(() => new URL(page.url()).searchParams.get("smax")).toBe(String(high));
    // the countries the drawing shows around Nepal (Nepal, India, Bhutan), each in the colour of its value on a range
    const drawn = () =>
      page.evaluate(() =>
        Object.fromEntries([...document.querySelectorAll('[data-testid="map-slot"] .sacap-mapsvg__regions[data-geotype="Country"] [data-code]')].map((e) => [e.getAttribute("data-code"), e.getAttribute("fill")])),
      );
    const value = (code: string) => answer.values.find((v) => v.geo === code)?.value;
    const offRange = (fills: Record<string, string | null>, lo: number, hi: number) => {
      expect(Object.keys(fills).length).toBeGreaterThanOrEqual(3);
      return Object.keys(fills).filter((code) => fills[code] !== scaleColor(value(code), lo, hi, "temperature"));
    };
    await expect.poll(async () => offRange(await drawn(), low, high)).toEqual([]);
    expect(offRange(await drawn(), ...fitted)).not.toEqual([]);
    // the server draws the page's URL in the same colours, before any script
    const html = await (await request.get(page.url())).text();
    const served = Object.fromEntries([...html.matchAll(/data-code="([A-Z]{3})" fill="(#[0-9a-f]{6})"/g)].map((m) => [m[1], m[2]]));
    expect(offRange(served, low, high)).toEqual([]);

    // Default: back to the fitted range, out of the URL
    await page.keyboard.press("Tab"); // Fit to view
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Default" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(min).toHaveValue(String(fitted[0]));
    await expect(max).toHaveValue(String(fitted[1]));
    await expect.poll(() => new URL(page.url()).searchParams.get("smin")).toBeNull();
    await expect.poll(async () => offRange(await drawn(), ...fitted)).toEqual([]);

    // the regions the drawn map shows in its slot: Nepal and its neighbours, a range no wider than the fit
    await page.getByRole("button", { name: "Fit to view" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("smin")).not.toBeNull();
    expect(Number(await max.inputValue()) - Number(await min.inputValue())).toBeLessThanOrEqual(fitted[1] - fitted[0]);
  });

  test("the map exports as a PNG", async ({ page }) => {
    await page.goto("/isimip");
    await hydrated(page);
    // the export loads the map and draws it
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export PNG" }).click()]);
    expect(download.suggestedFilename()).toBe("isimip.png");
    expect(download.url()).toMatch(/^data:image\/png;base64,/);
  });

  test("a layer without a map server shows as unavailable and the map keeps working", async ({ page }) => {
    await page.goto("/glofas");
    await hydrated(page);
    const layer = page.locator("[data-layer-position]").first();
    await layer.getByRole("checkbox").check({ force: true });
    await expect(layer).toHaveAttribute("data-layer-state", "unavailable");
    await expect(layer.getByText("Unavailable")).toBeVisible();
    // nothing the map library could draw: the drawn map stays
    const slot = page.getByTestId("map-slot");
    await expect(slot.getByRole("img", { name: "Map of South Asia" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expect(slot.locator("canvas")).toHaveCount(0);
  });
});

base("an unreachable map server puts its layer in the error state", async ({ page }) => {
  // a second portal and a map that must load before its tiles fail: room for a busy machine
  base.setTimeout(120_000);
  // a map server on loopback that refuses connections: requests stay on this machine
  const portal = await startPortal({ WMS_BASE_URL: "http://127.0.0.1:9" });
  const external: string[] = [];
  page.on("request", (r) => {
    if (!["localhost", "127.0.0.1"].includes(new URL(r.url()).hostname)) external.push(r.url());
  });
  try {
    await page.goto(`${portal.url}/second-page`);
    await hydrated(page);
    const layer = page.locator("[data-layer-position]").first();
    await layer.getByRole("checkbox").check({ force: true });
    await base.expect(layer).toHaveAttribute("data-layer-state", "error", { timeout: 60_000 });
    await base.expect(layer.getByText("The map server did not answer")).toBeVisible();
    await base.expect.poll(() => drawnShare(page), { timeout: 15_000 }).toBeGreaterThan(0.05);
    base.expect(external).toEqual([]);
  } finally {
    portal.process.kill();
  }
});
