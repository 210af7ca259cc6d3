import { brotliCompressSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { DRAWING_SIZE, drawingPixel, moveView, project, unproject } from "~/components/map/viewport";
import { BASEMAP_COLORS } from "~/components/map/style";
import { scaleColor } from "./colorScale";
import { COUNTRY_LABELS } from "./labels";
import { drawMapSvg, type MapDrawingInput } from "./mapSvg.server";
import geos from "../../../seeds/geos.json";

/** The codes of the states and provinces. */
const STATE_CODES = geos.filter((g) => g.field_geotype === "State").map((g) => g.field_value);

/** Temperatures of the eight countries, coloured as the viewer colours them (default range, temperature ramp). */
const VALUES: Record<string, number | null> = { AFG: 13.2, BGD: 25.8, BTN: 8.1, IND: 24.6, LKA: 27.1, MDV: 28.0, NPL: 9.4, PAK: 20.3 };
const colors = Object.fromEntries(Object.entries(VALUES).map(([code, v]) => [code, scaleColor(v, -50, 55, "temperature")]));

const view = (over: Partial<MapDrawingInput> = {}): MapDrawingInput => ({
  center: [78, 23],
  zoom: 3.4,
  idPrefix: "m1",
  title: "Map of Annual average temperature, 1995-2014, by country",
  desc: "Countries of South Asia coloured by annual average temperature: 8 of 8 have a value.",
  labels: COUNTRY_LABELS,
  fill: { geotype: "Country", colors },
  ...over,
});

const REGIONS = "sacap-mapsvg__regions";

/** The group of a class in the drawing (the regions' of a geotype) as markup, or "". */
function group(svg: string, groupClass: string, geotype = "Country"): string {
  const start = svg.indexOf(`<g class="${groupClass}"${groupClass === REGIONS ? ` data-geotype="${geotype}"` : ""}`);
  if (start < 0) return "";
  const rest = svg.slice(start);
  return rest.slice(0, rest.indexOf("</g>"));
}

/** The element of a region of a geotype in the regions' group of the drawing (its tag), or "". */
const regionTag = (svg: string, groupClass: string, code: string, geotype = "Country"): string =>
  new RegExp(`<use [^>]*data-code="${code}"[^>]*/>`).exec(group(svg, groupClass, geotype))?.[0] ?? "";

/** The outlines a group of the drawing copies (hatch, selected), by href. */
const copies = (svg: string, groupClass: string) => [...group(svg, groupClass).matchAll(/<use href="([^"]+)"\/>/g)].map((m) => m[1]);

/** The absolute points of a `<path id=...>` written as `M x y l dx dy ... z` rings. */
function pathPoints(svg: string, href: string): [number, number][] {
  const d = new RegExp(`<path id="${href.slice(1)}" d="([^"]+)"`).exec(svg)?.[1] ?? "";
  const points: [number, number][] = [];
  for (const ring of d.split("z").filter(Boolean)) {
    const [start, rest = ""] = ring.slice(1).split("l");
    const numbers = (text: string) => (text.match(/-?(\d+\.?\d*|\.\d+)/g) ?? []).map(Number);
    let [x, y] = numbers(start);
    points.push([x, y]);
    const deltas = numbers(rest);
    for (let i = 0; i < deltas.length; i += 2) {
      x += deltas[i];
      y += deltas[i + 1];
      points.push([x, y]);
    }
  }
  return points;
}

const hrefOf = (tag: string) => /href="([^"]+)"/.exec(tag)?.[1] ?? "";

describe("the map's projection (Web Mercator, 512 px tiles)", () => {
  it("puts a place on the pixel MapLibre puts it", () => {
    // New Delhi at zoom 5: a world 16384 px wide
    const [x, y] = project([77.209, 28.6139], 5);
    expect(x).toBeCloseTo(11705.87, 1);
    expect(y).toBeCloseTo(6831.98, 1);
    expect(project([0, 0], 0)).toEqual([256, 256]);
    expect(unproject(project([84.1, 28.3], 7), 7).map((v) => Number(v.toFixed(9)))).toEqual([84.1, 28.3]);
  });

  it("centres the drawing on the view's centre", () => {
    expect(drawingPixel([78, 23], [78, 23], 3.4)).toEqual([DRAWING_SIZE.width / 2, DRAWING_SIZE.height / 2]);
    // Sri Lanka's label south and a little east of the default centre
    const [x, y] = drawingPixel([80.7, 7.7], [78, 23], 3.4);
    expect(x - 800).toBeCloseTo(3913.907 - 3873.371, 2);
    expect(y - 600).toBeCloseTo(2586.402 - 2347.386, 2);
  });

  it("moves a view as dragging, the wheel and the keys do", () => {
    // + zooms by one level about the centre
    expect(moveView([78, 23], 3.4, { dz: 1 })).toEqual({ center: [78, 23], zoom: 4.4 });
    // dragging 100 px to the right shows what lies west
    const dragged = moveView([78, 23], 3.4, { to: [100, 0] });
    expect(dragged.center[0]).toBeCloseTo(78 - (100 / (512 * 2 ** 3.4)) * 360, 6);
    // zooming about a point keeps the place under it
    const at: [number, number] = [200, -120];
    const placeAt = (center: readonly number[], zoom: number) => {
      const [x, y] = project(center, zoom);
      return unproject([x + at[0], y + at[1]], zoom);
    };
    const zoomed = moveView([78, 23], 3.4, { from: at, to: at, dz: 0.5 });
    expect(zoomed.zoom).toBe(3.9);
    const [before, after] = [placeAt([78, 23], 3.4), placeAt(zoomed.center, zoomed.zoom)];
    expect(after[0]).toBeCloseTo(before[0], 6);
    expect(after[1]).toBeCloseTo(before[1], 6);
    // zoom stays within the map's bounds
    expect(moveView([78, 23], 17.8, { dz: 1 }).zoom).toBe(18);
  });
});

describe("drawMapSvg", () => {
  it("is an accessible image of the view at the map's scale", () => {
    const svg = drawMapSvg(view());
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 1600 1200" width="1600" height="1200" preserveAspectRatio="xMidYMid slice" /);
    expect(svg).toContain('role="img" aria-labelledby="m1-title m1-desc" class="sacap-mapsvg"');
    expect(svg).toContain('<title id="m1-title">Map of Annual average temperature, 1995-2014, by country</title>');
    expect(svg).toContain('<desc id="m1-desc">Countries of South Asia coloured by annual average temperature: 8 of 8 have a value.</desc>');
    expect(svg.endsWith("</svg>")).toBe(true);
    // water, land of the focus countries, the labels where the map puts them
    expect(svg).toContain(`fill="${BASEMAP_COLORS.water}"`);
    expect(svg).toContain(`class="sacap-mapsvg__focus" fill="${BASEMAP_COLORS.focusLand}"`);
    const [lx, ly] = drawingPixel([78.5, 21.5], [78, 23], 3.4).map((v) => Math.round(v * 10) / 10);
    expect(svg).toContain(`<text x="${lx}" y="${ly}">India</text>`);
  });

  it("draws each region in the colour of the colour scale, at 0.85 opacity as the map does", () => {
    const svg = drawMapSvg(view());
    expect(svg).toMatch(/<g class="sacap-mapsvg__regions" data-geotype="Country" fill-opacity="0.85"/);
    for (const [code, value] of Object.entries(VALUES)) {
      expect(regionTag(svg, REGIONS, code), code).toContain(`fill="${scaleColor(value, -50, 55, "temperature")}"`);
    }
    // the warmest and the coldest differ
    expect(colors.LKA).not.toBe(colors.BTN);
  });

  it("puts India's outline where the projection puts India", () => {
    const svg = drawMapSvg(view());
    const points = pathPoints(svg, hrefOf(regionTag(svg, "sacap-mapsvg__regions", "IND")));
    expect(points.length).toBeGreaterThan(100);
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    // India spans about 68-97.4° E and 6.7-35.5° N (the mainland; islands reach a little further)
    const [west, north] = drawingPixel([68.2, 35.5], [78, 23], 3.4);
    const [east, south] = drawingPixel([97.4, 6.7], [78, 23], 3.4);
    expect(Math.min(...xs)).toBeCloseTo(west, -1);
    expect(Math.max(...xs)).toBeGreaterThan(east - 10);
    expect(Math.min(...ys)).toBeCloseTo(north, -1);
    expect(Math.max(...ys)).toBeGreaterThan(south - 10);
  });

  it("hatches the regions of low model agreement and outlines the selected region, and no other", () => {
    const svg = drawMapSvg(view({ fill: { geotype: "Country", colors, hatched: ["NPL", "BTN"] }, selected: "PAK" }));
    expect(svg).toMatch(/<g class="sacap-mapsvg__hatch" fill="url\(#m1-hatch\)"/);
    expect(svg).toContain('<pattern id="m1-hatch" width="8" height="8" patternUnits="userSpaceOnUse">');
    // each a copy of the region's own outline
    expect(copies(svg, "sacap-mapsvg__hatch")).toEqual([hrefOf(regionTag(svg, REGIONS, "NPL")), hrefOf(regionTag(svg, REGIONS, "BTN"))]);
    expect(svg).toMatch(new RegExp(`<g class="sacap-mapsvg__selected" fill="none" stroke="${BASEMAP_COLORS.selected}" stroke-width="3"`));
    expect(copies(svg, "sacap-mapsvg__selected")).toEqual([hrefOf(regionTag(svg, REGIONS, "PAK"))]);
  });

  it("draws basins as regions when the choropleth is by basin", () => {
    const svg = drawMapSvg(view({ fill: { geotype: "Basin", colors: { indus: "#f46d43" }, hatched: ["indus"] }, selected: "ganges", labels: [] }));
    expect(svg).toMatch(/<g class="sacap-mapsvg__regions" data-geotype="Country"[^>]* display="none"/);
    expect(svg).toMatch(/<g class="sacap-mapsvg__basins">/);
    expect(regionTag(svg, "sacap-mapsvg__regions", "indus", "Basin")).toContain('fill="#f46d43"');
    expect(regionTag(svg, "sacap-mapsvg__regions", "ganges", "Basin")).toContain('fill="none"');
    expect(copies(svg, "sacap-mapsvg__hatch")).toEqual([hrefOf(regionTag(svg, REGIONS, "indus", "Basin"))]);
    expect(copies(svg, "sacap-mapsvg__selected")).toEqual([hrefOf(regionTag(svg, REGIONS, "ganges", "Basin"))]);
    expect(svg).toContain(`stroke="${BASEMAP_COLORS.basin}" stroke-dasharray="3 1"`);
    expect(svg).not.toContain("<text");
  });

  it("draws the states and provinces, each in its colour with its outline, when the choropleth is by state", () => {
    const states = { "IN-UP": "#d73027", "PK-PB": "#fdae61", "NP-BA": "#4575b4" };
    const svg = drawMapSvg(view({ fill: { geotype: "State", colors: states, hatched: ["PK-PB"] }, selected: "IN-UP" }));
    expect(svg).toMatch(new RegExp(`<g class="sacap-mapsvg__regions" data-geotype="State" fill-opacity="0.85" stroke="${BASEMAP_COLORS.border}" stroke-width=".35"`));
    const drawn = [...svg.matchAll(/<g class="sacap-mapsvg__regions" data-geotype="State"[^>]*>(.*?)<\/g>/g)][0][1];
    // every unit of the eight countries, the Maldives' atolls too (their islands kept however small)
    expect(drawn.match(/<use /g)).toHaveLength(148);
    for (const [code, color] of Object.entries(states)) expect(regionTag(svg, REGIONS, code, "State")).toContain(`fill="${color}"`);
    expect(regionTag(svg, REGIONS, "MV-02", "State")).toContain('fill="none"');
    expect(copies(svg, "sacap-mapsvg__hatch")).toEqual([hrefOf(regionTag(svg, REGIONS, "PK-PB", "State"))]);
    expect(copies(svg, "sacap-mapsvg__selected")).toEqual([hrefOf(regionTag(svg, REGIONS, "IN-UP", "State"))]);
    // Uttar Pradesh where the projection puts it (about 77.1-84.6° E, 23.9-30.4° N), to within a few pixels
    const points = pathPoints(svg, hrefOf(regionTag(svg, REGIONS, "IN-UP", "State")));
    const [west, north] = drawingPixel([77.1, 30.4], [78, 23], 3.4);
    const [east, south] = drawingPixel([84.6, 23.9], [78, 23], 3.4);
    expect(Math.min(...points.map((p) => p[0]))).toBeCloseTo(west, -1);
    expect(Math.max(...points.map((p) => p[0]))).toBeCloseTo(east, -1);
    expect(Math.min(...points.map((p) => p[1]))).toBeCloseTo(north, -1);
    expect(Math.max(...points.map((p) => p[1]))).toBeCloseTo(south, -1);
    // the countries' names stay; the countries' and basins' fills are not drawn (a switch loads the map)
    expect(svg).toContain(">India</text>");
    expect(svg).not.toContain('data-geotype="Country"');
    expect(svg).not.toContain("sacap-mapsvg__basins");
  });

  it("keeps a drawing of the states and provinces within the page's budget: to 2 px, at whole pixels, specks left out", () => {
    const colours = Object.fromEntries(STATE_CODES.map((code, i) => [code, scaleColor(i % 40, 0, 40, "temperature")]));
    // the heaviest: every unit hatched
    const svg = drawMapSvg(view({ fill: { geotype: "State", colors: colours, hatched: STATE_CODES }, selected: "IN-UP" }));
    expect(svg.length).toBeLessThan(38_000);
    expect(gzipSync(svg).length).toBeLessThan(12_000);
    const outlines = [...svg.matchAll(/<path id="[^"]+" d="([^"]+)"/g)].map((m) => m[1]);
    expect(outlines.join("").length).toBeLessThan(18_000);
    // whole pixels: tenths only on islands smaller than a pixel, kept as every drawing keeps them
    const states = [...svg.matchAll(/<path id="m1-s\d+" d="([^"]+)"/g)].map((m) => m[1]);
    expect(states.filter((d) => !/\d\.\d/.test(d)).length).toBeGreaterThan(120);
    for (const d of outlines) expect(d).not.toMatch(/\d\.\d\d/);
  });

  it("draws only the basemap on a page without a choropleth", () => {
    const svg = drawMapSvg(view({ fill: undefined }));
    expect(svg).not.toContain("data-code");
    expect(svg).not.toContain("sacap-mapsvg__basins");
    expect(svg).toContain("sacap-mapsvg__borders");
  });

  it("draws only what the view shows, zoomed in", () => {
    const svg = drawMapSvg(view({ center: [84.1, 28.3], zoom: 7 }));
    // Nepal and its neighbours; Sri Lanka and the Maldives are far outside
    expect(regionTag(svg, "sacap-mapsvg__regions", "NPL")).not.toBe("");
    expect(regionTag(svg, "sacap-mapsvg__regions", "LKA")).toBe("");
    expect(regionTag(svg, "sacap-mapsvg__regions", "MDV")).toBe("");
  });

  it("stays small: simplified to half a pixel, coordinates to 0.1 px, relative", () => {
    const svg = drawMapSvg(view({ fill: { geotype: "Country", colors, hatched: ["NPL"] }, selected: "IND" }));
    expect(svg.length).toBeLessThan(45_000);
    expect(gzipSync(svg).length).toBeLessThan(14_000);
    expect(brotliCompressSync(svg).length).toBeLessThan(12_000);
    for (const [, d] of svg.matchAll(/ d="([^"]+)"/g)) expect(d).not.toMatch(/\d\.\d\d/);
  });

  it("escapes text", () => {
    const svg = drawMapSvg(view({ title: "A & B <c>", labels: [{ code: "X", name: "Q&A", at: [78, 23] }] }));
    expect(svg).toContain("A &amp; B &lt;c&gt;");
    expect(svg).toContain(">Q&amp;A</text>");
  });
});
