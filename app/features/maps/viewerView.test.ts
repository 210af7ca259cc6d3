import { describe, expect, it } from "vitest";
import geos from "../../../seeds/geos.json";
import indicators from "../../../seeds/indicators.json";
import layers from "../../../seeds/viewer-layers.json";
import models from "../../../seeds/cmip6-models.json";
import type { Cmip6Model, Geo, Indicator } from "~/features/cmip6/schema";
import { servesFrequency } from "~/features/cmip6/seriesQuery";
import type { ViewerLayer } from "~/features/viewer/schema";
import { buildCmip6ViewerView } from "./viewerView";

const inputs = {
  layers: layers as ViewerLayer[],
  indicators: indicators as Indicator[],
  models: models as Cmip6Model[],
  geos: geos as Geo[],
  sample: true,
};

describe("the view of /cmip6-viewer", () => {
  const view = buildCmip6ViewerView(inputs);

  it("has every layer of the list, as the layer list and its filters read them", () => {
    expect(view.layers).toEqual(inputs.layers);
    expect(view.sample).toBe(true);
  });

  it("offers each indicator with annual values once, under its first name, and nothing else", () => {
    const annual = inputs.indicators.filter((i) => servesFrequency(i, "annual"));
    expect(view.indicators.map((i) => i.code)).toEqual([...new Set(annual.map((i) => i.field_value))]);
    for (const choice of view.indicators) expect(choice.name).toBe(annual.find((i) => i.field_value === choice.code)!.name);
    expect(view.indicators).toContainEqual({ code: "tas", name: expect.any(String) });
    // an index without annual values is not offered
    const annualCodes = new Set(annual.map((i) => i.field_value));
    for (const other of inputs.indicators.filter((i) => !annualCodes.has(i.field_value))) expect(view.indicators.map((i) => i.code)).not.toContain(other.field_value);
    expect(Object.keys(view.indicators[0])).toEqual(["code", "name"]);
  });

  it("names the models and the regions of each kind by their codes, the states and provinces by country", () => {
    expect(view.models).toEqual(inputs.models.map((m) => ({ code: m.field_value, name: m.name })));
    const codes = (kind: string) => inputs.geos.filter((g) => g.field_geotype === kind).map((g) => g.field_value);
    expect(view.regions.Country.map((r) => r.code)).toEqual(codes("Country"));
    expect(view.regions.Basin.map((r) => r.code)).toEqual(codes("Basin"));
    expect(Object.values(view.regions.State).flat().map((r) => r.code)).toEqual(codes("State"));
    expect(Object.keys(view.regions.State)).toEqual(["AFG", "BGD", "BTN", "IND", "LKA", "MDV", "NPL", "PAK"]);
    for (const [country, states] of Object.entries(view.regions.State)) {
      for (const s of states) expect(inputs.geos.find((g) => g.field_value === s.code)?.field_country).toBe(country);
    }
    expect([view.regions.Country.length, view.regions.Basin.length, Object.values(view.regions.State).flat().length]).toEqual([8, 16, 148]);
    expect(view.regions.Country.find((r) => r.code === "NPL")).toEqual({ code: "NPL", name: "Nepal" });
    expect(view.regions.State.IND.find((r) => r.code === "IN-UP")).toEqual({ code: "IN-UP", name: "Uttar Pradesh" });
  });

  it("is much smaller than the lists it is built from", () => {
    const lists = JSON.stringify([inputs.indicators, inputs.models, inputs.geos]).length;
    const choices = JSON.stringify([view.indicators, view.models, view.regions]).length;
    // the 172 places' names are most of it: each with its code, and a state's with its country
    expect(choices).toBeLessThan(lists / 3);
  });
});
