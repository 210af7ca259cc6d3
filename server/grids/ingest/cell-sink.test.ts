import { describe, expect, it } from "vitest";
import { daysInMonth, nextDay, type Calendar, type CalendarDate } from "../../series/ingest/calendar";
import { DailyIndexer, producedCodes, type DailyVariable } from "../../series/ingest/indices";
import { GridCellSink } from "./cell-sink";

/**
 * The sink's per-cell values against a second, plain implementation over the same synthetic days: the
 * year's and the seasons' values of monthly codes (means of the days, block maxima), annual counts and
 * sums, and dry spells that run over the new year, on a noleap and a 360-day calendar, with an ocean cell
 * (no values) and a missing day. Then the seasons' means in every calendar against hand-computed answers.
 */

const SEASON_MONTHS: Record<string, number[]> = { DJF: [12, 1, 2], MAM: [3, 4, 5], JJA: [6, 7, 8], SON: [9, 10, 11] };
const YEARS = [2014, 2015];
const CELLS = 4;
const OCEAN = 1;
const GAPPY = 2;

/** A deterministic pseudo-random number in [0, 1) from integers. */
const noise = (...k: number[]) => {
  const x = Math.sin(k.reduce((a, b) => a * 131 + b, 7) * 12.9898) * 43758.5453;
  return x - Math.floor(x);
};

interface Day {
  date: CalendarDate;
  values: Record<"tas" | "tasmax" | "pr", Float64Array>;
}

function days(calendar: Calendar): Day[] {
  const out: Day[] = [];
  let date: CalendarDate = { year: YEARS[0], month: 1, day: 1 };
  let t = 0;
  while (date.year <= YEARS[YEARS.length - 1]) {
    const values = { tas: new Float64Array(CELLS), tasmax: new Float64Array(CELLS), pr: new Float64Array(CELLS) };
    for (let i = 0; i < CELLS; i++) {
      const missing = i === OCEAN || (i === GAPPY && date.year === 2015 && date.month === 3 && date.day === 10);
      const season = Math.cos(((date.month - 1) / 12) * 2 * Math.PI);
      values.tas[i] = missing ? NaN : 20 - 8 * season + 3 * noise(t, i, 1) + i;
      values.tasmax[i] = missing ? NaN : values.tas[i] + 4 + 6 * noise(t, i, 2);
      // cell 0: dry from 20 December 2014 to 10 January 2015, a spell over the new year
      const dryOverNewYear = i === 0 && ((date.year === 2014 && date.month === 12 && date.day >= 20) || (date.year === 2015 && date.month === 1 && date.day <= 10));
      const r = noise(t, i, 3);
      values.pr[i] = missing ? NaN : dryOverNewYear ? 0 : r < 0.4 ? 0 : r * 30;
    }
    out.push({ date, values });
    date = nextDay(calendar, date);
    t++;
  }
  return out;
}

/** The plain implementation: month means and maxima with every day present, then years and seasons. */
function reference(calendar: Calendar, data: Day[]) {
  const cellDays = (i: number, v: "tas" | "tasmax" | "pr", year: number, month?: number) =>
    data.filter((d) => d.date.year === year && (month === undefined || d.date.month === month)).map((d) => d.values[v][i]);
  const complete = (xs: number[]) => xs.every((x) => !Number.isNaN(x));
  const mean = (xs: number[]) => (complete(xs) ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
  const max = (xs: number[]) => (complete(xs) ? Math.max(...xs) : NaN);
  const monthMean = (i: number, year: number, month: number) => (YEARS.includes(year) ? mean(cellDays(i, "tas", year, month)) : NaN);
  const monthMax = (i: number, year: number, month: number) => (YEARS.includes(year) ? max(cellDays(i, "tasmax", year, month)) : NaN);
  const season = (i: number, year: number, s: string, of: "tas" | "txx") =>
    SEASON_MONTHS[s].map((m) => {
      const y = s === "DJF" && m === 12 ? year - 1 : year;
      // a season's mean is the mean of its days: each month weighs its days in the run's calendar
      return { value: of === "tas" ? monthMean(i, y, m) : monthMax(i, y, m), weight: daysInMonth(calendar, y, m) };
    });
  // dry spells over the whole record, each counted in full in the year of its last day
  const cdd = (i: number) => {
    const out = new Map<number, number>(YEARS.map((y) => [y, 0]));
    let run = 0;
    let last: CalendarDate | undefined;
    const close = () => {
      if (run > 0 && last) out.set(last.year, Math.max(out.get(last.year)!, run));
      run = 0;
    };
    for (const d of data) {
      if (d.values.pr[i] < 1) {
        run++;
        last = d.date;
      } else close();
    }
    close();
    return out;
  };
  return {
    tas: (i: number, year: number) => mean(cellDays(i, "tas", year)),
    txx: (i: number, year: number) => max(cellDays(i, "tasmax", year)),
    tasSeason: (i: number, year: number, s: string) => {
      const parts = season(i, year, s, "tas");
      return parts.reduce((a, p) => a + p.value * p.weight, 0) / parts.reduce((a, p) => a + p.weight, 0);
    },
    txxSeason: (i: number, year: number, s: string) => {
      const parts = season(i, year, s, "txx");
      return parts.some((p) => Number.isNaN(p.value)) ? NaN : Math.max(...parts.map((p) => p.value));
    },
    su: (i: number, year: number) => {
      const xs = cellDays(i, "tasmax", year);
      return complete(xs) ? xs.filter((x) => x > 25).length : NaN;
    },
    prcptot: (i: number, year: number) => {
      const xs = cellDays(i, "pr", year);
      return complete(xs) ? xs.filter((x) => x >= 1).reduce((a, b) => a + b, 0) : NaN;
    },
    cdd: (i: number, year: number) => (complete(cellDays(i, "pr", year)) ? cdd(i).get(year)! : NaN),
    calendarDays: (year: number) => SEASON_MONTHS.DJF.concat(SEASON_MONTHS.MAM, SEASON_MONTHS.JJA, SEASON_MONTHS.SON).reduce((a, m) => a + daysInMonth(calendar, year, m), 0),
  };
}

const close = (actual: number, expected: number, what: string) => {
  if (Number.isNaN(expected)) expect(actual, what).toBeNaN();
  else expect(Math.abs(actual - expected), `${what}: ${actual} vs ${expected}`).toBeLessThan(1e-4 * Math.max(1, Math.abs(expected)));
};

describe.each(["noleap", "360_day"] as const)("grid cell values, %s calendar", (calendar) => {
  const data = days(calendar);
  const variables: DailyVariable[] = ["tas", "tasmax", "pr"];
  const codes = producedCodes(new Set(variables));
  const sink = new GridCellSink(calendar, Uint32Array.from({ length: CELLS }, (_, i) => 100 + i), codes);
  const indexer = new DailyIndexer(calendar, [], CELLS, variables, undefined, [], [], sink);
  for (const d of data) indexer.day(d.date, d.values);
  indexer.finish();
  const ref = reference(calendar, data);

  it("keeps the gridded codes the indexer produces, and no others", () => {
    expect([...sink.years.keys()].sort()).toEqual(["cdd", "cwd", "pr", "prcptot", "r20mm", "rx1day", "rx5day", "su", "tas", "tasmax", "txx"].sort());
    expect(ref.calendarDays(2015)).toBe(calendar === "noleap" ? 365 : 360);
  });

  it("gives the year's values by the place series' rules, cell by cell", () => {
    for (const year of YEARS) {
      for (let i = 0; i < CELLS; i++) {
        const at = (code: string) => sink.years.get(code)!.get(year)!.annual[i];
        close(at("tas"), ref.tas(i, year), `tas ${year} cell ${i}`);
        close(at("txx"), ref.txx(i, year), `txx ${year} cell ${i}`);
        close(at("su"), ref.su(i, year), `su ${year} cell ${i}`);
        close(at("prcptot"), ref.prcptot(i, year), `prcptot ${year} cell ${i}`);
        close(at("cdd"), ref.cdd(i, year), `cdd ${year} cell ${i}`);
      }
    }
    // the spell over the new year counts in 2015, in full
    expect(sink.years.get("cdd")!.get(2015)!.annual[0]).toBeGreaterThanOrEqual(22);
    // the ocean cell has nothing; the cell with a missing day has no 2015 value
    expect(sink.years.get("tas")!.get(2014)!.annual[OCEAN]).toBeNaN();
    expect(sink.years.get("tas")!.get(2015)!.annual[GAPPY]).toBeNaN();
    expect(sink.years.get("tas")!.get(2014)!.annual[GAPPY]).not.toBeNaN();
  });

  it("gives the seasons as the means of their days; DJF takes the December before, a season missing a month has none", () => {
    for (const year of YEARS) {
      for (const s of ["DJF", "MAM", "JJA", "SON"] as const) {
        const tas = sink.season("tas", year, s)!;
        const txx = sink.season("txx", year, s)!;
        for (let i = 0; i < CELLS; i++) {
          close(tas[i], ref.tasSeason(i, year, s), `tas ${s} ${year} cell ${i}`);
          close(txx[i], ref.txxSeason(i, year, s), `txx ${s} ${year} cell ${i}`);
        }
      }
    }
    // DJF 2014 lacks December 2013; the missing day of March 2015 takes MAM 2015 of that cell, not its JJA
    expect(Array.from(sink.season("tas", 2014, "DJF")!).every(Number.isNaN)).toBe(true);
    expect(sink.season("tas", 2015, "DJF")![0]).not.toBeNaN();
    expect(sink.season("tas", 2015, "MAM")![GAPPY]).toBeNaN();
    expect(sink.season("tas", 2015, "JJA")![GAPPY]).not.toBeNaN();
  });
});

/**
 * Daily mean temperature equal to the month's number all month (1 in January ... 12 in December), 2015 to
 * 2017, one cell: a season's mean is then its months' numbers weighted by their days, which the calendar
 * alone decides. DJF 2016 is December 2015, January 2016 and February 2016 (a leap year in the standard,
 * proleptic Gregorian and Julian calendars), DJF 2017 ends in a common February.
 */
describe("season means in the run's calendar, by hand", () => {
  /** 31 days of December and January, a 29-day February: 91 days. */
  const LEAP_DJF = (12 * 31 + 1 * 31 + 2 * 29) / 91; // 5.0659...
  /** ... a 28-day February: 90 days. */
  const COMMON_DJF = (12 * 31 + 1 * 31 + 2 * 28) / 90; // 5.1
  /** Every month 30 days. */
  const DJF_360 = (12 * 30 + 1 * 30 + 2 * 30) / 90; // 5
  const MAM = (3 * 31 + 4 * 30 + 5 * 31) / 92; // 4
  const MAM_360 = (3 * 30 + 4 * 30 + 5 * 30) / 90; // 4
  const JJA = (6 * 30 + 7 * 31 + 8 * 31) / 92; // 7.0108...
  const JJA_360 = (6 * 30 + 7 * 30 + 8 * 30) / 90; // 7
  const SON = (9 * 30 + 10 * 31 + 11 * 30) / 91; // 10
  const SON_360 = (9 * 30 + 10 * 30 + 11 * 30) / 90; // 10
  const cases: { calendar: Calendar; djf2016: number; djf2017: number; mam: number; jja: number; son: number }[] = [
    { calendar: "standard", djf2016: LEAP_DJF, djf2017: COMMON_DJF, mam: MAM, jja: JJA, son: SON },
    { calendar: "proleptic_gregorian", djf2016: LEAP_DJF, djf2017: COMMON_DJF, mam: MAM, jja: JJA, son: SON },
    { calendar: "julian", djf2016: LEAP_DJF, djf2017: COMMON_DJF, mam: MAM, jja: JJA, son: SON },
    { calendar: "noleap", djf2016: COMMON_DJF, djf2017: COMMON_DJF, mam: MAM, jja: JJA, son: SON },
    { calendar: "all_leap", djf2016: LEAP_DJF, djf2017: LEAP_DJF, mam: MAM, jja: JJA, son: SON },
    { calendar: "360_day", djf2016: DJF_360, djf2017: DJF_360, mam: MAM_360, jja: JJA_360, son: SON_360 },
  ];

  it.each(cases)("$calendar", ({ calendar, djf2016, djf2017, mam, jja, son }) => {
    const sink = new GridCellSink(calendar, Uint32Array.of(0), producedCodes(new Set<DailyVariable>(["tas"])));
    const indexer = new DailyIndexer(calendar, [], 1, ["tas"], undefined, [], [], sink);
    for (let date: CalendarDate = { year: 2015, month: 1, day: 1 }; date.year <= 2017; date = nextDay(calendar, date)) {
      indexer.day(date, { tas: Float64Array.of(date.month) });
    }
    indexer.finish();
    // float32 cells: seven significant digits
    const exact = (actual: number, expected: number, what: string) => expect(Math.abs(actual - expected), `${what}: ${actual} vs ${expected}`).toBeLessThan(1e-6 * expected);
    exact(sink.season("tas", 2016, "DJF")![0], djf2016, "DJF 2016");
    exact(sink.season("tas", 2017, "DJF")![0], djf2017, "DJF 2017");
    for (const year of [2015, 2016, 2017]) {
      exact(sink.season("tas", year, "MAM")![0], mam, `MAM ${year}`);
      exact(sink.season("tas", year, "JJA")![0], jja, `JJA ${year}`);
      exact(sink.season("tas", year, "SON")![0], son, `SON ${year}`);
    }
    // as the year's mean, which the run's calendar weighs too: 2016 has 366 days in a leap calendar
    const yearDays = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => daysInMonth(calendar, 2016, m));
    const annual = yearDays.reduce((a, d, m) => a + (m + 1) * d, 0) / yearDays.reduce((a, d) => a + d, 0);
    exact(sink.years.get("tas")!.get(2016)!.annual[0], annual, "2016");
  });
});
