import { beforeAll, describe, expect, it } from "vitest";
import { bandPoints } from "../cmip6/charts/specs";
import { baselineMeans, changeFromBaseline } from "../cmip6/explorer/compute";
import { PROJECTION_WINDOWS } from "../cmip6/periods";
import { unpackBand } from "./chartView";
import { buildClimateVariabilityView, windowStatistic, type ClimateVariabilityView } from "./climateVariabilityView";
import { coefficientOfVariation, standardDeviation } from "./compute";
import { windowShares } from "./droughtShares";
import { variabilityQueries } from "./queries";
import { detrend } from "./trend";
import { sampleAnswers } from "../../../tests/support/analysis-answers";
import type { SeriesResponse } from "../cmip6/series";

const sample = sampleAnswers();
const selection = sample.selection("geo=NPL&scenario=ssp585&baseline=1961-1990");
let pr: SeriesResponse, tas: SeriesResponse, spi: SeriesResponse, spei: SeriesResponse;
let view: ClimateVariabilityView;
beforeAll(async () => {
  [pr, tas, spi, spei] = await sample.answers(variabilityQueries(selection));
  view = buildClimateVariabilityView({ pr, tas, spi, spei }, selection, sample.levels, "Nepal");
});

describe("the variability view", () => {
  it("has a row per window and warming level with the statistics of the series", () => {
    expect(view.rows.map((r) => r.label)).toEqual(["1961-1990", ...PROJECTION_WINDOWS.map((w) => w.label), "+1.5 °C", "+2 °C", "+3 °C", "+4 °C"]);
    const w = PROJECTION_WINDOWS[PROJECTION_WINDOWS.length - 1];
    const row = view.rows.find((r) => r.label === w.label)!;
    expect(row.values).toEqual([
      windowStatistic(pr, "ssp585", w, coefficientOfVariation),
      windowStatistic(pr, "ssp585", w, (v, years) => coefficientOfVariation(detrend(years, v))),
      windowStatistic(tas, "ssp585", w, standardDeviation),
      windowStatistic(tas, "ssp585", w, (v, years) => standardDeviation(detrend(years, v))),
    ]);
    const severe = windowShares(spei, "ssp585", w, -1.5);
    expect(row.drought[3]).toEqual([severe.median, severe.p10, severe.p90]);
    expect(row.values.every((v) => typeof v === "number")).toBe(true);
  });

  it("draws the anomalies of the series against the baseline and the months in drought per index and scenario", () => {
    const base = baselineMeans(tas, selection.baseline);
    const expected = bandPoints(tas.series.map((b) => changeFromBaseline(b, base[b.scenario] ?? {}, tas.indicator.decimals)));
    expect(unpackBand(view.anomalies[1].options.band)).toEqual(expected);
    expect(view.anomalies.map((c) => c.options.labels.title)).toEqual(["Rainfall anomaly, Nepal", "Temperature anomaly, Nepal"]);
    expect(view.drought.chart.options.band.map((b) => [b.scenario, b.start])).toEqual([
      ["SPI-3 historical", 1950],
      ["SPI-3 ssp585", 2015],
      ["SPEI-3 historical", 1950],
      ["SPEI-3 ssp585", 2015],
    ]);
    expect(view.drought.statement).toMatch(/^SPI-3 and SPEI-3 \(3-month accumulation\) fitted per calendar month over 1985-2014/);
  });

  it("says which models reach each level, that the data are samples, and gives the table's CSV", () => {
    expect(view.level.items).toHaveLength(4);
    expect(view.level.items[1]).toMatch(/^Rainfall: \+2 °C: \d+ of 35 models under SSP5-8\.5$/);
    expect(view.sample).toBe(true);
    expect(view.sources.kind).toBe("sample");
    expect(view.csv.columns).toHaveLength(5 + 12);
    expect(view.csv.rows[0].slice(0, 2)).toEqual(["1961-1990", Number(view.rows[0].values[0]!.toFixed(3))]);
    expect(view.csv.header).toMatchObject({ baseline: "1961-1990", sample: true, sources: view.sources.text });
    // a plain value, far smaller than the series it is built from
    expect(JSON.parse(JSON.stringify(view))).toEqual(view);
    expect(JSON.stringify(view).length).toBeLessThan(JSON.stringify([pr, tas, spi, spei]).length / 30);
  });
});
