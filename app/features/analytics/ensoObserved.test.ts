import { expect, it } from "vitest";
import { oniEpisodes } from "./compute";
import { BASELINE_MIN_SEASONS, modelBias, observedComposites, pickDataset } from "./ensoObserved";

/** ONI: El Nino from MJJ to NDJ of 2000, La Nina from MJJ to NDJ of 2001, zero otherwise, 1981-2020. */
const table: Record<number, number[]> = {};
for (let y = 1981; y <= 2020; y++) table[y] = new Array(12).fill(0);
for (let i = 5; i < 12; i++) {
  table[2000][i] = 1;
  table[2001][i] = -1;
}
const phases = oniEpisodes(table);
const years = Array.from({ length: 40 }, (_, i) => 1981 + i);

it("composites observed seasons by phase against the 1991-2020 mean when the record covers it", () => {
  // kharif rain 100 every year, 130 in 2000 (El Nino), 70 in 2001 (La Nina)
  const rain = years.map((y) => (y === 2000 ? 130 : y === 2001 ? 70 : 100));
  const result = observedComposites(phases, "JJAS", years, rain, true)!;
  expect(result.baseline).toMatchObject({ label: "1991-2020", seasons: 30, mean: 100 });
  expect(result.composites.map((c) => [c.phase, c.years, c.anomaly])).toEqual([
    ["El Nino", [2000], 30],
    ["Neutral", years.filter((y) => y !== 2000 && y !== 2001), 0],
    ["La Nina", [2001], -30],
  ]);
  // temperature in degrees: +0.5 in the El Nino season
  const t = observedComposites(phases, "JJAS", years, years.map((y) => (y === 2000 ? 28.5 : 28)), false)!;
  expect(t.composites[0].anomaly).toBeCloseTo(0.5 - 0.5 / 30, 10);
});

it("uses the whole record's mean when 1991-2020 is not covered, and skips missing seasons", () => {
  const short = years.filter((y) => y >= 1996 && y <= 2005); // 10 seasons of 1991-2020, fewer than needed
  expect(short.filter((y) => y <= 2020).length).toBeLessThan(BASELINE_MIN_SEASONS);
  const values = short.map((y) => (y === 2000 ? 20 : y === 2003 ? null : 10));
  const result = observedComposites(phases, "JJAS", short, values, false)!;
  expect(result.baseline).toMatchObject({ label: "the whole record", start: 1996, end: 2005, seasons: 9 });
  // eight seasons of 10 and one of 20
  expect(result.baseline.mean).toBeCloseTo((8 * 10 + 20) / 9, 10);
  expect(result.composites[0].anomaly).toBeCloseTo(20 - 100 / 9, 10);
  expect(result.composites[0].years).toEqual([2000]);
  expect(result.composites[1].years).not.toContain(2003);
  expect(observedComposites(phases, "JJAS", short, short.map(() => null), false)).toBeNull();
});

it("measures each historical run's bias over the common years and takes median and p10-p90 across models", () => {
  const obsYears = [1981, 1982, 1983, 1984];
  const obs = [10, 10, 10, null];
  // historical runs 1981-1984: A +2, B +4, C -1 (percent: +20 %, +40 %, -10 %), D misses a common year
  const historical = {
    years: [1981, 1982, 1983, 1984],
    values: { A: [12, 12, 12, 99], B: [14, 14, 14, 99], C: [9, 9, 9, 99], D: [10, null, 10, 10] },
  };
  const abs = modelBias(obsYears, obs, historical, false);
  expect(abs.years).toEqual({ start: 1981, end: 1983, count: 3 });
  expect(abs.models).toBe(3);
  expect(abs.median).toBeCloseTo(2, 10);
  // type 7 percentiles of [-1, 2, 4]: p10 = -1 + 0.2 * 3, p90 = 2 + 0.8 * 2
  expect(abs.p10).toBeCloseTo(-0.4, 10);
  expect(abs.p90).toBeCloseTo(3.6, 10);
  expect(modelBias(obsYears, obs, historical, true).median).toBeCloseTo(20, 10);
  expect(modelBias([2020], [1], historical, false)).toEqual({ years: null, models: 0, median: null, p10: null, p90: null });
});

it("picks the first preferred dataset with values", () => {
  expect(pickDataset({ values: { era5: [1], imd: [null, 2] } }, ["chirps-v2.0", "imd", "era5"])).toBe("imd");
  expect(pickDataset({ values: { imd: [null] } }, ["imd"])).toBeUndefined();
});
