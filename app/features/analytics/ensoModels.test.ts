import { expect, it } from "vitest";
import type { ScenarioSeries } from "../cmip6/series";
import { modelComposites } from "./ensoModels";

it("composites each model by phase and takes the median across models", () => {
  const oni = { 2000: [0, 0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0], 2001: [0, 0, 0, 0, 0, 0, -1, -1, -1, 0, 0, 0], 2002: new Array(12).fill(0) };
  const empty = [null, null, null];
  const block: ScenarioSeries = {
    scenario: "historical",
    years: [2000, 2001, 2002],
    values: { A: [12, 8, 10], B: [24, 16, 20] },
    stats: { median: empty, p10: empty, p90: empty, mean: empty, count: [2, 2, 2] },
    sources: {},
  };
  const pct = modelComposites(oni, "JJAS", block, true);
  expect(pct.map((c) => c.phase)).toEqual(["El Nino", "Neutral", "La Nina"]);
  expect(pct[0].median).toBeCloseTo(20, 10);
  expect(pct[2].median).toBeCloseTo(-20, 10);
  expect(pct[0].years).toEqual([2000]);
  const abs = modelComposites(oni, "JJAS", block, false);
  expect(abs[0].median).toBeCloseTo(3, 10);
});
