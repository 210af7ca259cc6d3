import { describe, expect, it } from "vitest";
import { SAMPLE_SOURCE_ID } from "../../app/features/cmip6/sources";
import { wetDays } from "../series/sample/indices";
import { SampleSeriesStore } from "../series/sample/sample-store";
import type { BlockVariable, DailyBlock } from "./daily";
import { SAMPLE_DAILY_SOURCE, sampleDailyBlock, type SampleCells } from "./sample-daily";

/**
 * The daily sample data follow the sample place series: the region's weighted mean of each month's daily
 * mean is the place's monthly value (to float32 rounding: 1e-4 °C, a relative 1e-5 for rain), every model,
 * year and month; wet days come as often as the sample generator's wet-day share says (within 0.05 of the
 * days); temperatures persist from day to day; the same request gives the same days.
 */

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** A 6 x 6 region of 0.25° cells in Nepal, with unequal weights (a coast-like edge). */
const CELLS: SampleCells = (() => {
  const lat: number[] = [], lon: number[] = [], weights: number[] = [];
  for (let r = 0; r < 6; r++) {
    for (let c = 0; c < 6; c++) {
      lat.push(27.125 + 0.25 * r);
      lon.push(83.125 + 0.25 * c);
      weights.push((c === 0 ? 0.3 : 1) * Math.cos(((27.125 + 0.25 * r) * Math.PI) / 180));
    }
  }
  return { lat, lon, weights };
})();
const store = new SampleSeriesStore({
  units: [
    { code: "NP-AA", country: "NPL", area: 1, lat: 28.5 },
    { code: "NP-BB", country: "NPL", area: 3, lat: 27.5 },
  ],
});

/** Per cell, month of the block and variable: the mean of the days. */
function monthlyMeans(block: DailyBlock, variable: BlockVariable): Float64Array[] {
  const data = block.values[variable]!;
  const years = block.days / 365;
  return Array.from({ length: block.cells }, (_, c) => {
    const out = new Float64Array(years * 12);
    let d = c * block.days;
    for (let y = 0; y < years; y++) {
      for (let m = 0; m < 12; m++) {
        let sum = 0;
        for (let k = 0; k < MONTH_DAYS[m]; k++) sum += data[d++];
        out[y * 12 + m] = sum / MONTH_DAYS[m];
      }
    }
    return out;
  });
}

function regionMean(perCell: Float64Array[], i: number): number {
  let [sum, weight] = [0, 0];
  perCell.forEach((values, c) => {
    sum += CELLS.weights[c] * values[i];
    weight += CELLS.weights[c];
  });
  return sum / weight;
}

describe("daily sample data", () => {
  const cases = [
    { geo: "NPL", scenario: "ssp245", model: "MIROC6", years: { start: 1995, end: 2004 } },
    { geo: "ganges", scenario: "ssp585", model: "CanESM5", years: { start: 2051, end: 2060 } },
    // a state: its series are a share of its country's, its days' spread the country's climate
    { geo: "NP-BB", scenario: "ssp245", model: "GFDL-ESM4", years: { start: 2013, end: 2016 } },
  ];
  for (const request of cases) {
    it(`keeps the place's monthly means in the region's weighted mean (${request.geo}, ${request.model}, ${request.years.start}-${request.years.end})`, () => {
      const block = sampleDailyBlock(store, { ...request, cells: CELLS })!;
      expect(block.source).toBe(SAMPLE_SOURCE_ID);
      expect(block.calendar).toBe("noleap");
      expect(block.days).toBe(365 * (request.years.end - request.years.start + 1));
      for (const variable of ["tas", "tasmax", "tasmin", "pr"] as const) {
        const means = monthlyMeans(block, variable);
        let checked = 0;
        for (let year = request.years.start; year <= request.years.end; year++) {
          const series = store.getOne({ indicator: variable, geo: request.geo, scenario: year <= 2014 ? "historical" : request.scenario, model: request.model, frequency: "monthly" })!;
          for (let m = 0; m < 12; m++) {
            const place = series.values[(year - series.startYear) * 12 + m];
            const ours = regionMean(means, (year - request.years.start) * 12 + m);
            if (variable === "pr") expect(Math.abs(ours - place), `${variable} ${year}-${m + 1}`).toBeLessThanOrEqual(1e-5 * Math.max(place, 0.1));
            else expect(Math.abs(ours - place), `${variable} ${year}-${m + 1}`).toBeLessThanOrEqual(1e-4);
            checked++;
          }
        }
        expect(checked).toBe(12 * (request.years.end - request.years.start + 1));
      }
    });
  }

  it("makes wet days as often as the sample generator's wet-day share of each month's mean, with wetter monsoon months", () => {
    const block = sampleDailyBlock(store, { geo: "NPL", scenario: "ssp245", model: "MRI-ESM2-0", years: { start: 1995, end: 2014 }, cells: CELLS, variables: ["pr"] })!;
    expect(Object.keys(block.values)).toEqual(["pr"]);
    const pr = block.values.pr!;
    const means = monthlyMeans(block, "pr");
    const shares = new Float64Array(12);
    const expected = new Float64Array(12);
    for (let c = 0; c < block.cells; c++) {
      for (let y = 0; y < 20; y++) {
        let d = c * block.days + y * 365;
        for (let m = 0; m < 12; m++) {
          let wet = 0;
          for (let k = 0; k < MONTH_DAYS[m]; k++) if (pr[d++] >= 1) wet++;
          shares[m] += wet / MONTH_DAYS[m] / (block.cells * 20);
          expected[m] += wetDays(means[c][y * 12 + m]).fraction / (block.cells * 20);
        }
      }
    }
    for (let m = 0; m < 12; m++) expect(Math.abs(shares[m] - expected[m]), `month ${m + 1}: ${shares[m]} vs ${expected[m]}`).toBeLessThanOrEqual(0.05);
    // July is the monsoon's heart, December dry
    expect(shares[6]).toBeGreaterThan(0.5);
    expect(shares[11]).toBeLessThan(shares[6] / 2);
    expect(pr.reduce((low, v) => Math.min(low, v), Infinity)).toBeGreaterThanOrEqual(0);
  });

  it("keeps temperatures ordered, persistent from day to day and across the new year", () => {
    const block = sampleDailyBlock(store, { geo: "NPL", scenario: "ssp245", model: "ACCESS-CM2", years: { start: 2001, end: 2010 }, cells: CELLS })!;
    const { tas, tasmax, tasmin } = block.values as Required<DailyBlock["values"]>;
    for (let i = 0; i < tas.length; i++) {
      if (!(tasmin[i] < tas[i] && tas[i] < tasmax[i])) throw new Error(`day ${i}: tasmin ${tasmin[i]}, tas ${tas[i]}, tasmax ${tasmax[i]}`);
    }
    // the anomalies from each month's mean: lag-one correlation near the AR(1)'s 0.6 (less for the months' own means taken out)
    const means = monthlyMeans(block, "tas");
    let [sxy, sxx] = [0, 0];
    let [jump, step] = [0, 0];
    for (let c = 0; c < block.cells; c++) {
      const anomaly = new Float64Array(block.days);
      let d = 0;
      for (let y = 0; y < 10; y++) for (let m = 0; m < 12; m++) for (let k = 0; k < MONTH_DAYS[m]; k++, d++) anomaly[d] = tas[c * block.days + d] - means[c][y * 12 + m];
      for (let i = 1; i < block.days; i++) {
        sxy += anomaly[i] * anomaly[i - 1];
        sxx += anomaly[i - 1] * anomaly[i - 1];
        // 31 December to 1 January against any other day to the next
        const change = Math.abs(tas[c * block.days + i] - tas[c * block.days + i - 1]);
        if (i % 365 === 0) jump += change / (9 * block.cells);
        else step += change / ((block.days - 10) * block.cells);
      }
    }
    const r = sxy / sxx;
    expect(r).toBeGreaterThan(0.45);
    expect(r).toBeLessThan(0.7);
    // the new year follows on from the old: its step is like any other day's (chains started afresh on
    // 1 January would make it about 1.4 times as large)
    expect(jump).toBeLessThan(1.2 * step);
  });

  it("gives the same days for the same request, and a year the same days whatever span it is asked in", () => {
    const one = sampleDailyBlock(store, { geo: "NPL", scenario: "ssp245", model: "NorESM2-MM", years: { start: 2030, end: 2033 }, cells: CELLS })!;
    const again = sampleDailyBlock(store, { geo: "NPL", scenario: "ssp245", model: "NorESM2-MM", years: { start: 2030, end: 2033 }, cells: CELLS })!;
    const alone = sampleDailyBlock(store, { geo: "NPL", scenario: "ssp245", model: "NorESM2-MM", years: { start: 2032, end: 2032 }, cells: CELLS, reuse: again })!;
    expect(one.values.pr).toEqual(again.values.pr);
    for (const variable of ["tas", "tasmax", "tasmin", "pr"] as const) {
      for (let c = 0; c < one.cells; c++) {
        const inSpan = one.values[variable]!.subarray(c * one.days + 2 * 365, c * one.days + 3 * 365);
        const own = alone.values[variable]!.subarray(c * 365, (c + 1) * 365);
        expect(Array.from(own), `${variable} cell ${c}`).toEqual(Array.from(inSpan));
      }
    }
    const other = sampleDailyBlock(store, { geo: "NPL", scenario: "ssp245", model: "NorESM2-LM", years: { start: 2030, end: 2033 }, cells: CELLS })!;
    expect(other.values.tas).not.toEqual(one.values.tas);
  });

  it("gives a variable asked alone the same days as among all four (tasmax without tasmin, and the other way round)", () => {
    const request = { geo: "NPL", scenario: "ssp245", model: "MIROC6", years: { start: 2040, end: 2041 }, cells: CELLS };
    const all = sampleDailyBlock(store, request)!;
    for (const variable of ["tas", "tasmax", "tasmin", "pr"] as const) {
      const alone = sampleDailyBlock(store, { ...request, variables: [variable] })!;
      expect(Object.keys(alone.values)).toEqual([variable]);
      expect(Array.from(alone.values[variable]!), variable).toEqual(Array.from(all.values[variable]!));
    }
  });

  it("has no tasmax or tasmin for a model the archive has none for, and nothing for a place it does not know", () => {
    const block = sampleDailyBlock(store, { geo: "NPL", scenario: "ssp245", model: "CESM2", years: { start: 2000, end: 2000 }, cells: CELLS })!;
    expect(Object.keys(block.values).sort()).toEqual(["pr", "tas"]);
    expect(sampleDailyBlock(store, { geo: "atlantis", scenario: "ssp245", model: "CESM2", years: { start: 2000, end: 2000 }, cells: CELLS })).toBeUndefined();
    expect(SAMPLE_DAILY_SOURCE).toMatch(/^Generated sample data, not model output/);
  });
});
