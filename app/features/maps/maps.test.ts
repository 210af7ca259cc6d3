import { describe, expect, it } from "vitest";
import layers from "../../../seeds/viewer-layers.json";
import type { ViewerLayer } from "~/features/viewer/schema";
import { defaultRange, fitRange, gradientLegend, scaleColor } from "./colorScale";
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
  it("defaults to the spec's ranges", () => {
    expect(defaultRange("tas")).toEqual([-50, 55]);
    expect(defaultRange("pr")).toEqual([0, 5000]);
  });
  it("maps values onto the ramp and clamps", () => {
    expect(scaleColor(-50, -50, 55, "temperature")).toBe("#313695");
    expect(scaleColor(100, -50, 55, "temperature")).toBe("#a50026");
    expect(scaleColor(-80, -50, 55, "temperature")).toBe("#313695");
    expect(scaleColor(null, 0, 1, "temperature")).toBe("#cccccc");
  });
  it("fits the range to the values", () => {
    expect(fitRange([12.34, 27.81, null])).toEqual([12.3, 27.9]);
    expect(fitRange([5, 5])).toEqual([4, 6]);
    expect(fitRange([null])).toBeUndefined();
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
