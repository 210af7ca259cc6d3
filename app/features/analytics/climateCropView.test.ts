import { beforeAll, describe, expect, it } from "vitest";
import { bandPoints } from "../cmip6/charts/specs";
import type { SeriesResponse } from "../cmip6/series";
import { bandDigits, unpackBand } from "./chartView";
import { buildClimateCropView, seasonSummary, type ClimateCropView } from "./climateCropView";
import { cropQueries } from "./queries";
import { sampleAnswers } from "../../../tests/support/analysis-answers";

const sample = sampleAnswers();

describe("the climate and crops view", () => {
  let answers: SeriesResponse[];
  let view: ClimateCropView;
  const selection = sample.selection("geo=NPL&window=gwl:2.0");
  beforeAll(async () => {
    answers = await sample.answers(cropQueries(selection));
    view = buildClimateCropView(answers, selection, sample.levels, "Nepal");
  });

  it("has a row per variable and season with the season's summary", () => {
    expect(view.rows.map((r) => `${r.variable} ${r.season}`)).toEqual([
      "Rainfall (mm/day) Kharif (JJAS)",
      "Rainfall (mm/day) Rabi (NDJFM)",
      "Temperature (°C) Kharif (JJAS)",
      "Temperature (°C) Rabi (NDJFM)",
      "Warm days (TX90p) (%) Kharif (JJAS)",
      "Warm days (TX90p) (%) Rabi (NDJFM)",
    ]);
    const summary = seasonSummary(answers[3], "Rabi (NDJFM)", selection, sample.levels);
    expect(view.rows[3]).toMatchObject({ baseline: summary.baseline, future: summary.future, change: summary.change, agreement: summary.agreement });
    expect(view.rows[3].trendScenario).toMatchObject({ median: summary.trendScenario!.median, p10: summary.trendScenario!.p10 });
    expect(view.rows[3].trendHistorical?.significance).toMatch(/^\d+ of \d+ models significant at 5 %/);
  });

  it("draws each season's line over the historical run and the scenario", () => {
    expect(view.charts.map((c) => c.label)).toEqual(["Season rainfall", "Season temperature", "Season warm days (TX90p)"]);
    // a rabi season is labelled with the year it ends in: a run's first is the year after its start
    expect(view.charts[1].options.band.map((b) => [b.scenario, b.start, b.median.length])).toEqual([
      ["Kharif (JJAS)", 1950, 151],
      ["Rabi (NDJFM)", 1951, 64],
      ["Rabi (NDJFM)", 2016, 85],
    ]);
    const blocks = answers.filter((a) => a.indicator.code === "pr").flatMap((a) => a.series.map((b) => ({ ...b, scenario: (a.season?.code === "JJAS" ? "Kharif (JJAS)" : "Rabi (NDJFM)") as never })));
    // the unrounded statistics, rounded once as the view keeps them
    const digits = bandDigits(view.charts[0].options);
    const kept = (v: number | null) => (v === null ? null : Number(v.toFixed(digits)));
    expect(unpackBand(view.charts[0].options.band)).toEqual(bandPoints(blocks).map((p) => ({ ...p, median: kept(p.median), p10: kept(p.p10), p90: kept(p.p90) })));
  });

  it("at a warming level counts the models in per variable and says so in the CSV", () => {
    expect(view.level.items).toEqual(["Rainfall: +2 °C: 33 of 35 models under SSP2-4.5", "Temperature: +2 °C: 33 of 35 models under SSP2-4.5", "Warm days (TX90p): +2 °C: 30 of 32 models under SSP2-4.5"]);
    expect(view.csv.header.period).toBe("1950-2100; future window: +2 °C, each model's own 20-year window (Rainfall: 33 of 35 models, Temperature: 33 of 35 models, Warm days (TX90p): 30 of 32 models)");
    expect(view.csv.rows).toHaveLength(6);
    expect(view.csv.columns).toContain("trend historical models significant at 5 %");
    expect(JSON.parse(JSON.stringify(view))).toEqual(view);
  });

  it("has no level note for a 20-year window", async () => {
    const years = sample.selection("geo=NPL&window=2040-2059");
    expect(buildClimateCropView(answers, years, sample.levels, "Nepal").level).toEqual({ items: [], notes: [] });
  });
});
