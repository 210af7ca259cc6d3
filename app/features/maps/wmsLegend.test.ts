import { describe, expect, it } from "vitest";
import type { Tile } from "~/features/viewer/schema";
import { legendUrl } from "./wms";

const tile: Tile = {
  url: "/wms/grids/tas_ssp245_annual?map=ignored&request=GetMap",
  visible: false,
  format: "image/png",
  layers: "tas_ssp245_annual_change_2040-2059",
  styles: "",
  transparent: true,
  colorscalerange: "-3.5,3.5",
  attribution: "SACAP",
  name: "Mean temperature, change",
  tms: false,
};

describe("a layer's legend from its map server", () => {
  it("is a WMS 1.3.0 GetLegendGraphic of the layer on the configured server, keeping other parameters", () => {
    const url = legendUrl(tile, { baseUrl: "https://maps.example.org/", externalHosts: [] });
    expect(url.ok).toBe(true);
    const parsed = new URL(url.ok ? url.url : "");
    expect(parsed.origin + parsed.pathname).toBe("https://maps.example.org/wms/grids/tas_ssp245_annual");
    expect(Object.fromEntries(parsed.searchParams)).toEqual({
      map: "ignored",
      SERVICE: "WMS",
      VERSION: "1.3.0",
      REQUEST: "GetLegendGraphic",
      LAYER: "tas_ssp245_annual_change_2040-2059",
      STYLE: "",
      FORMAT: "image/png",
      SLD_VERSION: "1.1.0",
      COLORSCALERANGE: "-3.5,3.5",
    });
  });

  it("is unavailable without a map server, and for a tile template", () => {
    expect(legendUrl(tile, { baseUrl: undefined, externalHosts: [] })).toMatchObject({ ok: false, reason: expect.stringMatching(/WMS_BASE_URL/) });
    expect(legendUrl({ ...tile, tms: true }, { baseUrl: "https://maps.example.org", externalHosts: [] })).toMatchObject({ ok: false });
  });
});
