import { describe, expect, it } from "vitest";
import { colorScaleRangeSchema, viewerLayerSchema } from "./schema";

const layer = {
  id: "wb-cru-1991-2020",
  tiles: [
    {
      url: "/thredds/wms/sacap/wb/cru-ts/tas_climatology_annual_1991-2020.nc",
      visible: true,
      format: "image/png",
      layers: "tas",
      styles: "default-scalar/div-RdYlBu-inv",
      transparent: true,
      colorscalerange: "-50,55",
      attribution: "CRU TS",
      name: "Mean temperature, 1991-2020",
      tms: false,
    },
  ],
  filter: {
    source: "wb",
    category: "temperature",
    collection: "cru-ts",
    type: "climatology",
    variable: "tas",
    model: null,
    scenario: null,
    sector: "climate",
    period: "1991-2020",
    aggregation: "annual",
  },
};

describe("viewerLayerSchema", () => {
  it("accepts a WMS layer with its filter", () => {
    expect(viewerLayerSchema.safeParse(layer).success).toBe(true);
  });

  it("checks sources, periods and URLs", () => {
    expect(viewerLayerSchema.safeParse({ ...layer, filter: { ...layer.filter, source: "gpcc" } }).success).toBe(false);
    expect(viewerLayerSchema.safeParse({ ...layer, filter: { ...layer.filter, period: "2000-09" } }).success).toBe(true);
    expect(viewerLayerSchema.safeParse({ ...layer, filter: { ...layer.filter, period: "2000s" } }).success).toBe(false);
    expect(viewerLayerSchema.safeParse({ ...layer, tiles: [{ ...layer.tiles[0], url: "http://example.org/wms" }] }).success).toBe(false);
    expect(viewerLayerSchema.safeParse({ ...layer, tiles: [] }).success).toBe(false);
  });
});

describe("colorScaleRangeSchema", () => {
  it("takes min,max with min below max", () => {
    expect(colorScaleRangeSchema.safeParse("-50,55").success).toBe(true);
    expect(colorScaleRangeSchema.safeParse("0,6080").success).toBe(true);
    expect(colorScaleRangeSchema.safeParse("55,-50").success).toBe(false);
    expect(colorScaleRangeSchema.safeParse("0-5000").success).toBe(false);
  });
});
