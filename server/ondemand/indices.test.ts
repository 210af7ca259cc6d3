import { describe, expect, it } from "vitest";
import { daysInMonth, nextDay, type Calendar, type CalendarDate } from "../series/ingest/calendar";
import { random } from "../series/ingest/testing/random";
import type { BlockVariable, DailyBlock } from "./daily";
import { cellYearValues, INDEX_CODES, ONDEMAND_INDICES, resolveIndex, unitsOf, type IndexRequest } from "./indices";
import { seasonOf, seasonSpan } from "./season";
import { inPairs, plainIndex } from "./testing/plain-indices";

/** The dates from `start`, `days` of them. */
function datesFrom(calendar: Calendar, start: CalendarDate, days: number): CalendarDate[] {
  const out: CalendarDate[] = [];
  for (let d = start; out.length < days; d = nextDay(calendar, d)) out.push(d);
  return out;
}

/** A block of `cells` cells whose values are `value(variable, cell, dayIndex, date)`. */
function blockOf(calendar: Calendar, start: CalendarDate, days: number, cells: number, value: (v: BlockVariable, cell: number, day: number, date: CalendarDate) => number): DailyBlock {
  const dates = datesFrom(calendar, start, days);
  const values: DailyBlock["values"] = {};
  for (const v of ["tasmax", "tasmin", "tas", "pr"] as const) {
    const data = new Float32Array(cells * days);
    for (let c = 0; c < cells; c++) for (let d = 0; d < days; d++) data[c * days + d] = value(v, c, d, dates[d]);
    values[v] = data;
  }
  return { calendar, start, days, cells, values, source: "test" };
}

/** Seasons as months and, independently, as the (year, month) pairs of season year Y. */
const SEASONS: { months: number[]; pairs: (y: number) => [number, number][] }[] = [
  { months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], pairs: (y) => Array.from({ length: 12 }, (_, m) => [y, m + 1]) },
  { months: [6, 7, 8], pairs: (y) => [[y, 6], [y, 7], [y, 8]] },
  { months: [11, 12, 1, 2, 3], pairs: (y) => [[y - 1, 11], [y - 1, 12], [y, 1], [y, 2], [y, 3]] },
  { months: [2], pairs: (y) => [[y, 2]] },
  { months: [7, 1], pairs: (y) => [[y, 1], [y, 7]] },
  { months: [6, 12, 1], pairs: (y) => [[y - 1, 12], [y, 1], [y, 6]] },
];

/** Index requests of every code, with thresholds the test values hit exactly. */
const REQUESTS: IndexRequest[] = [
  { index: "days-above", variable: "tasmax", threshold: 25 },
  { index: "days-above", variable: "tasmin", threshold: 20 },
  { index: "days-below", variable: "tasmin", threshold: 0 },
  { index: "days-below", variable: "tas", threshold: 12 },
  { index: "wet-days", threshold: 10 },
  { index: "wet-days", threshold: 1 },
  { index: "warm-spell-longest", variable: "tasmax", threshold: 25 },
  { index: "warm-spell-count", variable: "tasmax", threshold: 25, minDays: 3 },
  { index: "warm-spell-count", variable: "tas", threshold: 15, minDays: 1 },
  { index: "dry-spell-longest", threshold: 1 },
  { index: "dry-spell-count", threshold: 1, minDays: 4 },
  { index: "growing-degree-days", base: 10 },
  { index: "cooling-degree-days", base: 18 },
  { index: "heating-degree-days", base: 17 },
  { index: "season-total" },
  { index: "season-mean", variable: "tasmin" },
  { index: "season-mean", variable: "pr" },
  { index: "season-max", variable: "pr" },
  { index: "season-max", variable: "tasmax" },
  { index: "season-min", variable: "tasmin" },
];

/** Test values with persistence: whole degrees (thresholds are met exactly) and rain of 0, 1, 10 mm and more. */
function testValues(seed: number) {
  const next = random(seed);
  const state = new Map<string, number>();
  return (v: BlockVariable, cell: number, day: number, date: CalendarDate) => {
    const key = `${v}|${cell}`;
    const season = Math.cos((2 * Math.PI * (date.month - 7)) / 12);
    if (v === "pr") {
      const wet = (state.get(key) ?? 0) > 0 ? next() < 0.6 : next() < 0.3;
      const amount = wet ? [1, 10, 20, 3.5, 0.5, 12][Math.floor(next() * 6)] : 0;
      state.set(key, amount);
      return amount;
    }
    const anomaly = 0.7 * (state.get(key) ?? 0) + 3 * (next() - 0.5);
    state.set(key, anomaly);
    const mean = v === "tasmax" ? 22 : v === "tasmin" ? 8 : 15;
    return Math.round(mean + 10 * season + anomaly + cell);
  };
}

describe("seasons", () => {
  it("end in the month before the longest stretch of months left out, and count in the year they end", () => {
    expect(seasonOf([11, 12, 1, 2, 3])).toEqual({ months: [11, 12, 1, 2, 3], end: 3 });
    expect(seasonOf([1, 2, 12])).toEqual({ months: [12, 1, 2], end: 2 });
    expect(seasonOf([3, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12]).end).toBe(12);
    expect(seasonOf([7, 1])).toEqual({ months: [1, 7], end: 7 });
    expect(seasonOf([6, 12, 1])).toEqual({ months: [12, 1, 6], end: 6 });
    // only February left out: the season runs from March to January
    expect(seasonOf([1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])).toEqual({ months: [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 1], end: 1 });
  });

  it("say which days to read for a period's season years", () => {
    expect(seasonSpan("standard", seasonOf([11, 12, 1, 2, 3]), { start: 1995, end: 2014 })).toEqual({
      first: { year: 1994, month: 11, day: 1 },
      last: { year: 2014, month: 3, day: 31 },
      calendarYears: { start: 1994, end: 2014 },
    });
    expect(seasonSpan("360_day", seasonOf([12, 1, 2]), { start: 2041, end: 2060 }).last).toEqual({ year: 2060, month: 2, day: 30 });
    expect(seasonSpan("noleap", seasonOf([6, 7, 8]), { start: 2041, end: 2060 }).calendarYears).toEqual({ start: 2041, end: 2060 });
  });
});

describe("on-demand indices against a plain implementation", () => {
  const calendars: Calendar[] = ["standard", "noleap", "360_day", "all_leap", "julian", "proleptic_gregorian"];
  for (const calendar of calendars) {
    it(`agree in every cell and season year (${calendar} calendar, seasons crossing the year, months apart, missing days)`, () => {
      // from mid-September 2002 to the end of July 2006: the first and last season years are held in part
      const start = { year: 2002, month: 9, day: 15 };
      const dates = datesFrom(calendar, start, 2000);
      const days = dates.findIndex((d) => d.year === 2006 && d.month === 8);
      const values = testValues(calendars.indexOf(calendar) + 1);
      const block = blockOf(calendar, start, days, 3, values);
      // cell 1: a missing day on 10 July 2004 (in JJA, the year and January-July) and on 5 October 2003 (in none but the year)
      const missing = dates.findIndex((d) => d.year === 2004 && d.month === 7 && d.day === 10);
      const other = dates.findIndex((d) => d.year === 2003 && d.month === 10 && d.day === 5);
      for (const data of Object.values(block.values)) data[1 * days + missing] = data[1 * days + other] = NaN;
      let compared = 0;
      const masks = new Map<string, boolean[]>();
      for (const season of SEASONS) {
        // the season years the block holds in full, found the plain way
        const held = (y: number) => season.pairs(y).every(([yy, m]) => {
          const first = dates.findIndex((d) => d.year === yy && d.month === m);
          return first >= 0 && first + daysInMonth(calendar, yy, m) <= days;
        });
        const expectedYears = [2002, 2003, 2004, 2005, 2006, 2007].filter((y) => held(y));
        for (const request of REQUESTS) {
          const resolved = resolveIndex({ ...request, months: season.months });
          if (!resolved.ok) throw new Error(JSON.stringify(resolved.errors));
          const result = cellYearValues(block, resolved.index)!;
          expect(result.years).toEqual(expectedYears);
          const parameters = resolved.index.parameters;
          for (let cell = 0; cell < 3; cell++) {
            const series = block.values[resolved.index.variable]!.subarray(cell * days, (cell + 1) * days);
            result.years.forEach((year, y) => {
              const mask = masks.get(`${season.months}|${year}`) ?? dates.slice(0, days).map(inPairs(season.pairs(year)));
              masks.set(`${season.months}|${year}`, mask);
              const plain = plainIndex(dates.slice(0, days), series, (_, i) => mask[i], { ...request, ...parameters } as never);
              const got = result.values[cell * result.years.length + y];
              if (Number.isNaN(plain)) expect(got, `${request.index} ${season.months} ${year} cell ${cell}`).toBeNaN();
              else expect(got, `${request.index} ${season.months} ${year} cell ${cell}`).toBeCloseTo(plain, 9);
              compared++;
            });
          }
        }
      }
      expect(compared).toBeGreaterThan(800);
      // the missing day in July 2004 leaves cell 1 without a JJA 2004 value, and cell 0 with one
      const jja = resolveIndex({ index: "days-above", variable: "tasmax", threshold: 25, months: [6, 7, 8] });
      if (!jja.ok) throw new Error("jja");
      const result = cellYearValues(block, jja.index)!;
      const y2004 = result.years.indexOf(2004);
      expect(result.values[1 * result.years.length + y2004]).toBeNaN();
      expect(result.values[0 * result.years.length + y2004]).toBeGreaterThan(0);
    });
  }

  it("count a spell with its days inside the season only, and break it between months apart", () => {
    const start = { year: 2000, month: 1, day: 1 };
    const dates = datesFrom("noleap", start, 3 * 365);
    // hot from 20 October to 10 November 2000, from 25 March to 10 April 2001, from 25 January to 5 July 2001
    const hot = (d: CalendarDate) =>
      (d.year === 2000 && ((d.month === 10 && d.day >= 20) || (d.month === 11 && d.day <= 10))) ||
      (d.year === 2001 && ((d.month === 3 && d.day >= 25) || (d.month === 4 && d.day <= 10))) ||
      (d.year === 2001 && ((d.month === 1 && d.day >= 25) || (d.month > 1 && d.month < 7) || (d.month === 7 && d.day <= 5)));
    const block = blockOf("noleap", start, dates.length, 1, (v, _c, d) => (v === "pr" ? 0 : hot(dates[d]) ? 30 : 10));
    const value = (request: IndexRequest, year: number) => {
      const r = resolveIndex(request);
      if (!r.ok) throw new Error(JSON.stringify(r.errors));
      const out = cellYearValues(block, r.index)!;
      return out.values[out.years.indexOf(year)];
    };
    // rabi 2001: November's ten days of the October spell, and the spell from January to July cut at 31 March
    expect(value({ index: "warm-spell-longest", threshold: 25, months: [11, 12, 1, 2, 3] }, 2001)).toBe(31 - 25 + 1 + 28 + 31);
    expect(value({ index: "warm-spell-count", threshold: 25, minDays: 10, months: [11, 12, 1, 2, 3] }, 2001)).toBe(2);
    // January and July: 7 days in January, 5 in July, not one spell across February to June
    expect(value({ index: "warm-spell-longest", threshold: 25, months: [1, 7] }, 2001)).toBe(7);
    expect(value({ index: "warm-spell-count", threshold: 25, minDays: 5, months: [1, 7] }, 2001)).toBe(2);
    expect(value({ index: "warm-spell-count", threshold: 25, minDays: 6, months: [1, 7] }, 2001)).toBe(1);
    // the whole year 2001: one spell from 25 January to 5 July (the March-April one lies inside it)
    expect(value({ index: "warm-spell-longest", threshold: 25 }, 2001)).toBe(7 + 28 + 31 + 30 + 31 + 30 + 5);
    // a dry season with no rain at all is one spell of every day of it
    expect(value({ index: "dry-spell-longest", threshold: 1, months: [11, 12, 1, 2, 3] }, 2001)).toBe(30 + 31 + 31 + 28 + 31);
  });

  it("compare strictly above and below, and rain at or above", () => {
    const block = blockOf("360_day", { year: 2001, month: 1, day: 1 }, 360, 1, (v, _c, d) => (v === "pr" ? [0, 1, 10, 9.999] : [25, 25.5, 24.5, 0])[d % 4]);
    const value = (request: IndexRequest) => {
      const r = resolveIndex(request);
      if (!r.ok) throw new Error(JSON.stringify(r.errors));
      return cellYearValues(block, r.index)!.values[0];
    };
    expect(value({ index: "days-above", variable: "tasmax", threshold: 25 })).toBe(90);
    expect(value({ index: "days-below", variable: "tasmax", threshold: 0 })).toBe(0);
    expect(value({ index: "days-below", variable: "tasmax", threshold: 24.5 })).toBe(90);
    expect(value({ index: "wet-days", threshold: 10 })).toBe(90);
    expect(value({ index: "wet-days", threshold: 1 })).toBe(270);
    expect(value({ index: "dry-spell-longest", threshold: 1 })).toBe(1);
  });
});

describe("the catalogue", () => {
  it("describes every index with its parameters and the standard it follows", () => {
    for (const code of INDEX_CODES) {
      const d = ONDEMAND_INDICES[code];
      expect(d.code).toBe(code);
      expect(d.standard.length).toBeGreaterThan(20);
      expect(d.cdo.length).toBeGreaterThan(3);
      for (const p of d.parameters) {
        if (p.kind === "choice") expect(p.values).toContain(p.default);
        else expect(p.default).toBeGreaterThanOrEqual(p.min), expect(p.default).toBeLessThanOrEqual(p.max);
      }
      // every index resolves with its defaults alone
      expect(resolveIndex({ index: code }).ok).toBe(true);
    }
  });

  it("refuses a bad request field by field, with what it allows", () => {
    const bad = resolveIndex({ index: "days-above", variable: "pr", threshold: 99, months: [0, 13], extra: 1 });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    const fields = Object.fromEntries(bad.errors.map((e) => [e.field, e]));
    expect(Object.keys(fields).sort()).toEqual(["extra", "months", "threshold", "variable"]);
    expect(fields.variable.allowed).toEqual(["tasmax", "tasmin", "tas"]);
    expect(fields.threshold.allowed).toEqual({ min: -60, max: 60 });
    const unknown = resolveIndex({ index: "spi" });
    expect(unknown.ok || unknown.errors[0]).toMatchObject({ field: "index", allowed: INDEX_CODES });
    const fraction = resolveIndex({ index: "dry-spell-count", minDays: 2.5 });
    expect(fraction.ok || fraction.errors[0].field).toBe("minDays");
    const twice = resolveIndex({ index: "season-total", months: [1, 1] });
    expect(twice.ok || twice.errors[0].message).toMatch(/twice/);
  });

  it("gives each index its units", () => {
    const units = (request: IndexRequest) => {
      const r = resolveIndex(request);
      if (!r.ok) throw new Error("bad");
      return unitsOf(r.index);
    };
    expect(units({ index: "days-above" })).toBe("days");
    expect(units({ index: "growing-degree-days" })).toBe("°C day");
    expect(units({ index: "season-mean", variable: "pr" })).toBe("mm/day");
    expect(units({ index: "season-max", variable: "pr" })).toBe("mm");
    expect(units({ index: "season-max", variable: "tasmax" })).toBe("°C");
    expect(units({ index: "season-total" })).toBe("mm");
  });

  it("has no value for a block without the index's variable", () => {
    const block: DailyBlock = { calendar: "noleap", start: { year: 2001, month: 1, day: 1 }, days: 365, cells: 1, values: { tas: new Float32Array(365), pr: new Float32Array(365) }, source: "test" };
    const r = resolveIndex({ index: "days-above", variable: "tasmax" });
    if (!r.ok) throw new Error("bad");
    expect(cellYearValues(block, r.index)).toBeUndefined();
    expect(() => cellYearValues({ ...block, days: 364 }, r.index)).toThrow(/expected 1 cells x 364 days/);
  });
});
