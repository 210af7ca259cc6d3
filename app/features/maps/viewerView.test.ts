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

  it("names the models and the regions of both geotypes by their codes", () => {
    expect(view.models).toEqual(inputs.models.map((m) => ({ code: m.field_value, name: m.name })));
    expect(view.regions).toHaveLength(inputs.geos.filter((g) => g.field_geotype !== "State").length);
    expect(view.regions.find((r) => r.code === "NPL")).toEqual({ code: "NPL", name: "Nepal", geotype: "Country" });
    expect(new Set(view.regions.map((r) => r.geotype))).toEqual(new Set(["Country", "Basin"]));
  });

  it("is much smaller than the lists it is built from", () => {
    const lists = JSON.stringify([inputs.indicators, inputs.models, inputs.geos]).length;
    const choices = JSON.stringify([view.indicators, view.models, view.regions]).length;
    expect(choices).toBeLessThan(lists / 4);
  });
});
