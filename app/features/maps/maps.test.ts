import { describe, expect, it } from "vitest";
import layers from "../../../seeds/viewer-layers.json";
import type { ViewerLayer } from "~/features/viewer/schema";
import { hatchImage } from "~/components/map/canvas-core";
import { CHOROPLETH_PERIODS, choroplethPeriod, choroplethQueryOf, choroplethQueryString, choroplethRange, readChoropleth, writeChoropleth } from "./choropleth";
import { gradientLegend, rampFor, scaleColor } from "./colorScale";
import { agreementMark, regionValueText } from "./RegionList";
import { facetCounts, filterLayers, readSelection, writeSelection } from "./filters";
import { decodeMapState, defaultMapState, drawOrder, encodeMapState } from "./mapState";
import { getMapUrl, resolveTileEndpoint, tileTemplate } from "./wms";

const all = layers as ViewerLayer[];
const tile = all[0].tiles[0];

describe("GetMap URL builder", () => {
  it("writes a WMS 1.3.0 GetMap template with the bbox placeholder left literal", () => {
    const url = getMapUrl("https://maps.example.org/thredds/wms/x.nc", tile);
    expect(url.startsWith("https://maps.example.org/thredds/wms/x.nc?")).toBe(true);
    expect(url.endsWith("&BBOX={bbox-epsg-3857}")).toBe(true);
    const params = new URL(url.replace("{bbox-epsg-3857}", "0,0,1,1")).searchParams;
    expect(params.get("SERVICE")).toBe("WMS");
    expect(params.get("REQUEST")).toBe("GetMap");
    expect(params.get("VERSION")).toBe("1.3.0");
    expect(params.get("CRS")).toBe("EPSG:3857");
    expect(params.get("LAYERS")).toBe("tas");
    expect(params.get("STYLES")).toBe("default-scalar/div-RdYlBu-inv");
    expect(params.get("FORMAT")).toBe("image/png");
    expect(params.get("TRANSPARENT")).toBe("TRUE");
    expect(params.get("COLORSCALERANGE")).toBe("-50,55");
    expect(params.get("WIDTH")).toBe("256");
  });

  it("keeps the endpoint's own parameters and replaces WMS ones in any spelling", () => {
    const url = getMapUrl("https://h/wms?map=a&layers=old", tile);
    const params = new URL(url.replace("{bbox-epsg-3857}", "0")).searchParams;
    expect(params.get("map")).toBe("a");
    expect(params.get("layers")).toBeNull();
    expect(params.get("LAYERS")).toBe("tas");
  });

  it("treats seed paths as unavailable without a configured map server", () => {
    expect(resolveTileEndpoint(tile.url, { externalHosts: [] }).ok).toBe(false);
    const base = { baseUrl: "https://maps.example.org/", externalHosts: [] };
    expect(resolveTileEndpoint(tile.url, base)).toEqual({ ok: true, url: `https://maps.example.org${tile.url}` });
    expect(resolveTileEndpoint("https://other.example.com/wms", base).ok).toBe(false);
    expect(resolveTileEndpoint("https://other.example.com/wms", { externalHosts: ["other.example.com"] }).ok).toBe(true);
    const t = tileTemplate(tile, { baseUrl: "http://localhost:9", externalHosts: [] });
    expect(t.ok && t.url.startsWith("http://localhost:9/thredds/")).toBe(true);
  });
});

describe("colour scale", () => {
  it("maps values onto the ramp and clamps", () => {
    expect(scaleColor(-50, -50, 55, "temperature")).toBe("#313695");
    expect(scaleColor(100, -50, 55, "temperature")).toBe("#a50026");
    expect(scaleColor(-80, -50, 55, "temperature")).toBe("#313695");
    expect(scaleColor(null, 0, 1, "temperature")).toBe("#cccccc");
  });
  it("fits values from their 2nd to 98th percentile (type 7), rounded outward to a readable step", () => {
    // eight country means: p2 = 12.4 + 0.14 * 0.7 = 12.498, p98 = 27.3 + 0.86 * 1.3 = 28.418; a step of
    // 2.5 (15.92 / 6 classes = 2.65) puts them within 10 to 30
    expect(choroplethRange([12.4, 13.1, 20.2, 24.6, 25.1, 26, 27.3, 28.6, null], false)).toEqual([10, 30]);
    // an outlying region: p2 = -30 + 0.2 * 40 = -22, p98 = 18 + 0.8 * 1 = 18.8, step 5 (40.8 / 6 = 6.8);
    // the minimum and maximum would give -30 to 20
    expect(choroplethRange([-30, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19], false)).toEqual([-25, 20]);
    // equal values: one unit either side
    expect(choroplethRange([5, 5], false)).toEqual([4, 6]);
    expect(choroplethRange([null, undefined], false)).toBeUndefined();
  });
  it("builds a gradient legend with units", () => {
    const legend = gradientLegend("Mean temperature", "°C", 0, 30, "temperature");
    expect(legend.labels).toEqual(["0.0", "15.0", "30.0"]);
    expect(legend.style).toMatch(/^linear-gradient\(to right, #313695 0%/);
  });
});

describe("filter logic", () => {
  it("keeps every layer without a selection, including those with reused ids", () => {
    expect(filterLayers(all, {})).toHaveLength(all.length);
    expect(filterLayers(all, { source: ["wb"], period: ["1901-1930"] })).toEqual([0, 1]);
  });
  it("matches observations as none", () => {
    const obs = filterLayers(all, { model: ["none"] });
    expect(obs.every((i) => all[i].filter.model === null)).toBe(true);
  });
  it("counts each value against the other keys only", () => {
    const counts = facetCounts(all, { source: ["wb"], category: ["temperature"] }, "source");
    const wb = counts.find((c) => c.value === "wb");
    expect(wb?.count).toBe(all.filter((l) => l.filter.source === "wb" && l.filter.category === "temperature").length);
    expect(counts.find((c) => c.value === "rimes")?.count).toBe(0);
  });
  it("reads and writes the selection in the URL", () => {
    const params = new URLSearchParams("source=wb,mswep&period=1990-99&x=1");
    const selection = readSelection(params);
    expect(selection).toEqual({ source: ["wb", "mswep"], period: ["1990-99"] });
    writeSelection(params, { category: ["precipitation"] });
    expect(params.toString()).toBe("x=1&category=precipitation");
  });
});

describe("map state codec", () => {
  it("round-trips", () => {
    const state = { center: [80.5, 20.25] as [number, number], zoom: 5, layers: [3, 1], opacity: { 3: 0.5 }, order: [], region: "NPL" };
    const params = encodeMapState(new URLSearchParams("indicator=tas"), state);
    expect(params.toString()).toBe("indicator=tas&c=80.5%2C20.25&z=5&l=3%2C1&o=3%3A0.5&r=NPL");
    expect(decodeMapState(params, 10)).toEqual(state);
  });
  it("leaves defaults out and drops bad values", () => {
    expect(encodeMapState(new URLSearchParams(), defaultMapState()).toString()).toBe("");
    const state = decodeMapState(new URLSearchParams("c=a,b&z=99&l=1,1,50,-1,x&o=1:3&ord=1,0&r=<x>"), 3);
    expect(state).toEqual({ ...defaultMapState(), zoom: 18, layers: [1], opacity: { 1: 1 } });
    expect(drawOrder(state, 3)).toEqual([0, 1, 2]);
    expect(decodeMapState(new URLSearchParams("ord=2,0,1"), 3).order).toEqual([2, 0, 1]);
  });
});

describe("choropleth selection in the URL", () => {
  const known = ["ACCESS-CM2", "CanESM5", "MIROC6", "NorESM2-LM"];

  it("round-trips a warming level with the change view", () => {
    const params = new URLSearchParams("indicator=pr&scen=ssp585&years=gwl:2.0&show=change&geotype=Basin&mod=ensemble");
    const selection = readChoropleth(params, known);
    expect(selection).toMatchObject({ indicator: "pr", scenario: "ssp585", period: "gwl:2.0", show: "change", geotype: "Basin", model: "ensemble" });
    expect(selection.subset).toBeUndefined();
    expect(choroplethPeriod(selection.period)?.label).toBe("+2 °C");
    const written = new URLSearchParams();
    writeChoropleth(written, selection);
    expect(written.get("years")).toBe("gwl:2.0");
    expect(written.get("show")).toBe("change");
    expect(readChoropleth(written, known)).toEqual(selection);
    expect(choroplethQueryOf(selection)).toEqual({ indicator: "pr", geotype: "Basin", scenario: "ssp585", model: "ensemble", window: "gwl:2.0" });
    expect(choroplethQueryString(choroplethQueryOf(selection))).toBe("indicator=pr&geotype=Basin&scenario=ssp585&model=ensemble&window=gwl%3A2.0");
  });

  it("reads the states and provinces as a kind of region; anything else is the countries", () => {
    const selection = readChoropleth(new URLSearchParams("geotype=State&years=1995-2014"), known);
    expect(selection.geotype).toBe("State");
    expect(choroplethQueryString(choroplethQueryOf(selection))).toBe("indicator=tas&geotype=State&scenario=historical&model=ensemble&window=1995-2014");
    const written = new URLSearchParams();
    writeChoropleth(written, selection);
    expect(written.get("geotype")).toBe("State");
    for (const other of ["state", "Province", "", "Grid"]) expect(readChoropleth(new URLSearchParams(`geotype=${other}`), known).geotype).toBe("Country");
  });

  it("offers the four warming levels after the 20-year windows", () => {
    const projections = CHOROPLETH_PERIODS.filter((p) => p.scenario === "projection").map((p) => p.code);
    expect(projections).toEqual(["2020-2039", "2040-2059", "2060-2079", "2080-2099", "gwl:1.5", "gwl:2.0", "gwl:3.0", "gwl:4.0"]);
  });

  it("keeps values by default, and for historical periods whatever the URL says", () => {
    expect(readChoropleth(new URLSearchParams("years=gwl:3.0"), known).show).toBe("values");
    const historical = readChoropleth(new URLSearchParams("years=1995-2014&show=change&scen=ssp585"), known);
    expect(historical).toMatchObject({ show: "values", scenario: "historical" });
    const written = new URLSearchParams("show=change");
    writeChoropleth(written, historical);
    expect(written.has("show")).toBe(false);
    // an unknown level or period falls back to 2040-2059
    expect(readChoropleth(new URLSearchParams("years=gwl:2.5"), known).period).toBe("2040-2059");
  });

  it("round-trips a model subset and asks the API for its models", () => {
    const params = new URLSearchParams("years=2080-2099&mod=MIROC6,ACCESS-CM2,Unknown&subset=warm-dry");
    const selection = readChoropleth(params, known);
    expect(selection.subset).toEqual({ name: "warm-dry", models: ["ACCESS-CM2", "MIROC6"] });
    expect(selection.model).toBe("ensemble");
    const written = new URLSearchParams();
    writeChoropleth(written, selection);
    expect(written.get("mod")).toBe("ACCESS-CM2,MIROC6");
    expect(written.get("subset")).toBe("warm-dry");
    expect(readChoropleth(written, known)).toEqual(selection);
    expect(choroplethQueryOf(selection).model).toBe("ACCESS-CM2,MIROC6");
    // leaving the subset for one model removes it from the URL
    writeChoropleth(written, { ...selection, subset: undefined, model: "CanESM5" });
    expect(written.get("mod")).toBe("CanESM5");
    expect(written.has("subset")).toBe(false);
  });

  it("keeps one model, and falls back to the ensemble for an unknown one", () => {
    expect(readChoropleth(new URLSearchParams("mod=CanESM5"), known).model).toBe("CanESM5");
    expect(readChoropleth(new URLSearchParams("mod=Nope"), known).model).toBe("ensemble");
    expect(readChoropleth(new URLSearchParams("mod=CanESM5,MIROC6"), known).model).toBe("ensemble");
  });
});

describe("the change view", () => {
  it("writes the change with its sign and the agreement mark", () => {
    const agreement = { sign: 1 as const, agree: 31, count: 32, robust: true };
    expect(regionValueText({ code: "IND", name: "India", value: 1.934, agreement }, "°C", 2, true)).toBe("+1.93\u00a0°C\u00a0· robust\u00a0(31/32)");
    const low = { sign: -1 as const, agree: 20, count: 32, robust: false };
    expect(regionValueText({ code: "AFG", name: "Afghanistan", value: -0.07, agreement: low }, "mm/day", 4, true).replace(/\u00a0/g, " ")).toBe("-0.0700 mm/day · not robust (20/32)");
    expect(agreementMark(low)).toBe("not robust (20/32)");
    expect(regionValueText({ code: "IND", name: "India", value: 27.449 }, "°C", 3)).toBe("27.449 °C");
    expect(regionValueText({ code: "IND", name: "India", value: null, incomplete: "incomplete: 1 of 20 years" }, "°C", 3, true)).toBe("incomplete: 1 of 20 years");
  });

  it("colours changes on a range symmetric about zero, precipitation on brown to blue-green", () => {
    // p2 = -0.31 + 0.04 * 0.81 = -0.2776, p98 = 0.5 + 0.96 * 0.74 = 1.2104: symmetric to 1.2104, step 0.25
    expect(choroplethRange([-0.31, 1.24, 0.5, null], true)).toEqual([-1.25, 1.25]);
    expect(choroplethRange([null], true)).toBeUndefined();
    expect(rampFor("pr", "mm/day", true)).toBe("precipitationChange");
    expect(rampFor("tas", "°C", true)).toBe("temperature");
    expect(scaleColor(0, -1, 1, "precipitationChange")).toBe("#f5f5f5");
  });

  it("draws the hatch as diagonal lines on transparency", () => {
    const image = hatchImage(8);
    expect(image.data).toHaveLength(8 * 8 * 4);
    const opaque = (x: number, y: number) => image.data[(y * 8 + x) * 4 + 3] > 0;
    // every row has the same number of line pixels, shifted by one per row: a diagonal
    for (let y = 0; y < 8; y++) expect([...Array(8).keys()].filter((x) => opaque(x, y))).toHaveLength(2);
    expect(opaque(7, 0)).toBe(true);
    expect(opaque(6, 1)).toBe(true);
    // two pixels wide, continuing across the pattern's edges
    expect(opaque(0, 0)).toBe(true);
    expect(opaque(0, 7)).toBe(true);
    expect(opaque(3, 0)).toBe(false);
    expect(opaque(3, 3)).toBe(false);
  });
});
