import { describe, expect, it } from "vitest";
import type { SeriesResponse } from "./series";
import { coverageText, mergeSources, sourceSummary } from "./sources";

const sample = { source: "sample generator", method: "Generated", version: "1", sample: true };
const ingested = (model: string) => ({ source: `Ingested NetCDF, ${model} ssp245 (tas; 1 file: tas_day_${model}_ssp245_r1i1p1f1_gn_2015.nc)`, method: "area means", version: "1", sample: false });
const block = (scenario: "historical" | "ssp245" | "ssp585", sources: Record<string, string>): SeriesResponse["series"][number] => ({
  scenario, years: [2015], values: {}, stats: { median: [], p10: [], p90: [], mean: [], count: [] }, sources,
});

describe("sourceSummary", () => {
  it("says sample data when every model run is generated", () => {
    const s = sourceSummary({ series: [block("ssp245", { A: "sample", B: "sample" })], provenance: { sample } });
    expect(s.kind).toBe("sample");
    expect(s.text).toMatch(/^Sample data/);
  });

  it("names the ingested files when every run is ingested", () => {
    const s = sourceSummary({ series: [block("ssp245", { A: "ingested:A:ssp245" })], provenance: { "ingested:A:ssp245": ingested("A") } });
    expect(s.kind).toBe("ingested");
    expect(s.text).toBe(`Ingested data: ${ingested("A").source}.`);
  });

  it("says which runs are ingested and how many are generated in a mixed answer", () => {
    const s = sourceSummary({
      series: [block("ssp245", { A: "ingested:A:ssp245", B: "sample" }), block("ssp585", { A: "sample", B: "sample" })],
      provenance: { "ingested:A:ssp245": ingested("A"), sample },
    });
    expect(s.kind).toBe("mixed");
    expect(s.ingestedRuns).toEqual(["A (ssp245)"]);
    expect(s.sampleRuns).toBe(3);
    expect(s.text).toContain("ingested data for 1 model run (A (ssp245)), generated sample data for the other 3 model runs");
  });

  it("labels an ingested projection with a generated baseline as mixed, naming the sample scenario", () => {
    const projection = { series: [block("ssp245", { A: "ingested:A:ssp245" })], provenance: { "ingested:A:ssp245": ingested("A") } };
    const baseline = { series: [block("historical", { A: "sample" })], provenance: { sample } };
    expect(sourceSummary(projection).kind).toBe("ingested");
    const s = sourceSummary(mergeSources([projection, baseline]));
    expect(s.kind).toBe("mixed");
    expect(s.text).toContain("generated sample data for the other 1 model run (1 historical)");
  });

  it("says how much of the place the ingested grids cover, rounded down so that it never claims more", () => {
    const withCoverage = (coverage: Record<string, number>) => ({
      series: [{ ...block("ssp245", { A: "ingested:A:ssp245", B: "ingested:B:ssp245", C: "sample" }), coverage }],
      provenance: { "ingested:A:ssp245": ingested("A"), "ingested:B:ssp245": ingested("B"), sample },
    });
    const s = sourceSummary(withCoverage({ A: 0.99969, B: 1 }));
    expect(s.coverage).toEqual({ min: 0.99969, max: 1 });
    expect(s.text).toContain("The ingested grids cover 99.9-100.0 % of the place's area");
    expect(sourceSummary(withCoverage({ A: 0.9951, B: 0.9959 })).text).toContain("cover 99.5 % of the place's area");
    expect(coverageText({ min: 0.99, max: 0.999 })).toMatch(/^The ingested grids cover 99\.0-99\.9 % /);
    // sample runs have no coverage, and sample answers say nothing of it
    expect(sourceSummary({ series: [block("ssp245", { A: "sample" })], provenance: { sample } }).coverage).toBeUndefined();
  });
});
