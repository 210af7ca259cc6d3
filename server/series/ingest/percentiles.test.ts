import { describe, expect, it } from "vitest";
import { daysInMonth, type Calendar } from "./calendar";
import { dayThresholds, inBaseRates, PercentileDays, PRECIPITATION_QUANTILES, quantileType8, TEMPERATURE_QUANTILES, thresholdDay, wetDayThresholds, type CellBase, type Compare } from "./percentiles";
import { referenceDayThresholds, referenceInBaseRates } from "./testing/percentiles-reference";
import { random } from "./testing/random";

/**
 * The percentile thresholds, the bootstrap and the indices against a second, plain implementation written
 * from climdex.pcic's description (R's quantile type 8 as in R's `quantile`; windows rebuilt, years
 * replaced by copying arrays) on random series with missing days and 360/365/366-day years.
 */

/** R's quantile(type = 8), 1-based as R writes it. */
function refQuantile(xs: number[], p: number): number {
  const x = [...xs].sort((a, b) => a - b);
  const n = x.length;
  if (n === 0) return NaN;
  if (n === 1) return x[0];
  const m = (p + 1) / 3;
  const fuzz = 4 * Number.EPSILON;
  const nppm = p * n + m;
  const j = Math.floor(nppm + fuzz);
  let h = nppm - j;
  if (Math.abs(h) < fuzz) h = 0;
  const at = (k: number) => x[Math.min(Math.max(k, 1), n) - 1];
  return h === 0 ? at(j) : (1 - h) * at(j) + h * at(j + 1);
}

/** climdex's running window: days d-2..d+2 of each base year, wrapping round within the year. */
function refThreshold(years: number[][], d: number, q: number): number {
  const dpy = years[0].length;
  const window: number[] = [];
  for (const year of years) for (let k = d - 2; k <= d + 2; k++) {
    const v = year[(k + dpy) % dpy];
    if (!Number.isNaN(v)) window.push(v);
  }
  return window.length / (5 * years.length) < 0.1 ? NaN : refQuantile(window, q);
}

/** Zhang et al. (2005): year j replaced by each other year in turn. */
function refInBase(years: number[][], j: number, d: number, q: number, beyond: (x: number, t: number) => boolean, x = years[j][d]): number {
  if (Number.isNaN(x)) return NaN;
  let hits = 0;
  for (let k = 0; k < years.length; k++) {
    if (k === j) continue;
    const replaced = years.map((y, i) => (i === j ? years[k] : y));
    const t = refThreshold(replaced, d, q);
    if (!Number.isNaN(t) && beyond(x, t)) hits++;
  }
  return hits / (years.length - 1);
}

/** Equal to 12 decimals, or both missing. */
function expectClose(actual: number, expected: number) {
  if (Number.isNaN(expected)) expect(actual).toBeNaN();
  else expect(actual).toBeCloseTo(expected, 12);
}

function baseOf(years: number[][], feb29: number[] = years.map(() => NaN)): CellBase {
  const dpy = years[0].length;
  return { years: years.length, dpy, days: Float64Array.from(years.flat()), feb29: Float64Array.from(feb29) };
}

describe("quantile type 8", () => {
  it("matches R's definition for small and large samples, ties and extreme probabilities", () => {
    const rnd = random(1);
    for (const n of [1, 2, 3, 5, 7, 15, 150, 151]) {
      const xs = Array.from({ length: n }, () => Math.round(rnd() * 20) / 2);
      const sorted = [...xs].sort((a, b) => a - b);
      for (const q of [0.01, 0.1, 0.5, 0.9, 0.95, 0.99]) {
        expect(quantileType8(n, q, (i) => sorted[i])).toBeCloseTo(refQuantile(xs, q), 12);
      }
    }
    expect(quantileType8(0, 0.9, () => 0)).toBeNaN();
  });
});

describe("thresholds per calendar day", () => {
  it.each([365, 360])("match the plain window quantiles (%i-day years, missing days, a nearly empty window)", (dpy) => {
    const rnd = random(dpy);
    const years = Array.from({ length: 6 }, () => Array.from({ length: dpy }, () => (rnd() < 0.05 ? NaN : 25 + 5 * rnd())));
    // days 100-104 missing in every year but one value: 1 of 30 is under 10 %, NaN
    for (const [y, year] of years.entries()) for (let d = 98; d <= 106; d++) year[d] = y === 0 && d === 102 ? 30 : NaN;
    const [q10, q90] = dayThresholds(baseOf(years), [0.1, 0.9]);
    for (let d = 0; d < dpy; d++) {
      expectClose(q10[d], refThreshold(years, d, 0.1));
      expectClose(q90[d], refThreshold(years, d, 0.9));
    }
    expect(q90[102]).toBeNaN();
    expect(Number.isNaN(q90[0])).toBe(false);
  });

  it("maps 29 February to 28 February and later days back one in leap and all_leap years", () => {
    expect(thresholdDay("standard", { year: 1964, month: 2, day: 29 })).toBe(58);
    expect(thresholdDay("standard", { year: 1964, month: 3, day: 1 })).toBe(59);
    expect(thresholdDay("standard", { year: 1963, month: 3, day: 1 })).toBe(59);
    expect(thresholdDay("all_leap", { year: 1963, month: 12, day: 31 })).toBe(364);
    expect(thresholdDay("noleap", { year: 1963, month: 12, day: 31 })).toBe(364);
    expect(thresholdDay("360_day", { year: 1963, month: 12, day: 30 })).toBe(359);
  });

  it("wet-day percentiles use days >= 1 mm only", () => {
    const rnd = random(7);
    const pr = Array.from({ length: 3000 }, () => (rnd() < 0.6 ? rnd() * 0.99 : 1 + 40 * rnd() ** 3));
    const wet = pr.filter((p) => p >= 1);
    const [q95, q99] = wetDayThresholds(pr, [0.95, 0.99]);
    expect(q95).toBeCloseTo(refQuantile(wet, 0.95), 12);
    expect(q99).toBeCloseTo(refQuantile(wet, 0.99), 12);
    expect(wetDayThresholds([0, 0.5], [0.95])[0]).toBeNaN();
  });
});

describe("bootstrap for in-base years", () => {
  it.each([365, 360])("matches the brute-force year replacement on a 5-year base (%i days, missing days, 29 February)", (dpy) => {
    const rnd = random(100 + dpy);
    const years = Array.from({ length: 5 }, () => Array.from({ length: dpy }, () => (rnd() < 0.03 ? NaN : Math.round(200 * rnd()) / 10)));
    const feb29 = [NaN, 12.3, NaN, NaN, 3.1];
    const [lo, hi] = inBaseRates(baseOf(years, feb29), [0.1, 0.9], ["<", ">"]);
    for (let j = 0; j < 5; j++) {
      for (let d = 0; d < dpy; d++) {
        expectClose(lo.days[j * dpy + d], refInBase(years, j, d, 0.1, (x, t) => x < t));
        expectClose(hi.days[j * dpy + d], refInBase(years, j, d, 0.9, (x, t) => x > t));
      }
      if (dpy === 365) {
        const x = feb29[j];
        expectClose(hi.feb29[j], refInBase(years, j, 58, 0.9, (v, t) => v > t, x));
      }
    }
  });

  it("gives about the nominal 10 % in base years for a stationary series (the jump it removes)", () => {
    const rnd = random(5);
    const years = Array.from({ length: 30 }, () => Array.from({ length: 365 }, () => rnd()));
    const [, hi] = inBaseRates(baseOf(years), [0.1, 0.9], ["<", ">"]);
    const mean = hi.days.reduce((s, x) => s + x, 0) / hi.days.length;
    expect(mean).toBeGreaterThan(0.095);
    expect(mean).toBeLessThan(0.105);
  });
});

describe("sorted-window bootstrap against the straightforward implementation", () => {
  /** Positions where two arrays differ (NaN equals NaN). */
  const differences = (a: Float64Array, b: Float64Array) => {
    const out: number[] = [];
    for (let i = 0; i < a.length; i++) if (!(a[i] === b[i] || (a[i] !== a[i] && b[i] !== b[i]))) out.push(i);
    return out;
  };

  /**
   * A random base: `years` x `dpy` values (uniform, or rounded to half-degrees for ties), a share of days
   * missing and, when `gaps`, runs of days missing in most years (incomplete windows, years with fewer
   * values in a window than others); 29 February in every fourth year, some of them missing.
   */
  function randomBase(seed: number, years: number, dpy: number, missing: number, ties: boolean, gaps: boolean): CellBase {
    const rnd = random(seed);
    const days = Float64Array.from({ length: years * dpy }, () => {
      if (rnd() < missing) return NaN;
      const v = 20 + 10 * rnd();
      return ties ? Math.round(2 * v) / 2 : v;
    });
    if (gaps) {
      for (let g = 0; g < 6; g++) {
        const start = Math.floor(rnd() * dpy);
        const length = 1 + Math.floor(rnd() * 9);
        for (let y = 0; y < years; y++) if (rnd() < 0.9) for (let d = start; d < start + length; d++) days[y * dpy + (d % dpy)] = NaN;
      }
    }
    const feb29 = Float64Array.from({ length: years }, (_, y) => (y % 4 === 3 && rnd() < 0.8 ? (ties ? Math.round(40 + 20 * rnd()) / 2 : 20 + 10 * rnd()) : NaN));
    return { years, dpy, days, feb29 };
  }

  const sets: [string, readonly number[], Compare[]][] = [
    ["temperature", TEMPERATURE_QUANTILES, ["<", ">"]],
    ["precipitation quantiles", PRECIPITATION_QUANTILES, [">", ">"]],
    ["others", [0.01, 0.5, 0.75], [">", "<", ">"]],
  ];

  it.each([
    // seed, years, days per year, share missing, ties, gaps
    [1, 30, 365, 0, false, false],
    [2, 30, 365, 0.02, false, true],
    [3, 30, 365, 0.05, true, false],
    [4, 30, 360, 0.03, true, true],
    [5, 12, 365, 0.3, true, true],
    [6, 5, 365, 0.5, false, true],
    [7, 3, 360, 0.6, true, false],
    [8, 2, 365, 0.7, true, true],
    // few years: each replaced year moves the order statistics, and the day's value often lies among them
    [12, 3, 365, 0, false, false],
    [13, 4, 365, 0.05, false, false],
    [14, 6, 360, 0, false, true],
    [9, 6, 5, 0.2, true, false],
    [10, 4, 4, 0.1, false, false],
  ] as const)("gives the same thresholds and rates on random bases (seed %i, %i years of %i days, %f missing, ties %s, gaps %s)", (seed, years, dpy, missing, ties, gaps) => {
    const base = randomBase(seed, years, dpy, missing, ties, gaps);
    for (const [, quantiles, compare] of sets) {
      const thresholds = dayThresholds(base, quantiles);
      referenceDayThresholds(base, quantiles).forEach((expected, q) => expect(differences(thresholds[q], expected)).toEqual([]));
      const rates = inBaseRates(base, quantiles, compare);
      const expected = referenceInBaseRates(base, quantiles, compare);
      for (let q = 0; q < quantiles.length; q++) {
        expect(differences(rates[q].days, expected[q].days)).toEqual([]);
        expect(differences(rates[q].feb29, expected[q].feb29)).toEqual([]);
      }
      if (dpy >= 59 && years >= 4 && !Number.isNaN(base.feb29[3])) expect(Number.isNaN(rates[0].feb29[3])).toBe(false);
    }
  });

  it.each([
    [11, 30, 0.02],
    [15, 8, 0.4],
  ])("gives the same rates where the day's value equals a threshold's order statistics (ties at the comparison; seed %i, %i years, %f missing)", (seed, years, missing) => {
    // three values: the replaced thresholds often equal a value exactly, the values tie with them, and an
    // interpolation between two equal values (at the ends of a small window) may round off the value
    const rnd = random(seed);
    const dpy = 365;
    const value = () => [21.3, 23.1, 25.7][Math.floor(3 * rnd())];
    const days = Float64Array.from({ length: years * dpy }, () => (rnd() < missing ? NaN : value()));
    const feb29 = Float64Array.from({ length: years }, (_, y) => (y % 4 === 1 ? value() : NaN));
    const base = { years, dpy, days, feb29 };
    for (const [, quantiles, compare] of sets) {
      const rates = inBaseRates(base, quantiles, compare);
      const expected = referenceInBaseRates(base, quantiles, compare);
      for (let q = 0; q < quantiles.length; q++) {
        expect(differences(rates[q].days, expected[q].days)).toEqual([]);
        expect(differences(rates[q].feb29, expected[q].feb29)).toEqual([]);
      }
    }
  });
  it("gives the same rates where an interpolation between equal values rounds off them and the day's value lies a unit in the last place away", () => {
    // years 1-5 hold 25.7 (some days missing: windows of various sizes); year 0 holds the neighbours of
    // 25.7, so its own thresholds (without it) are 25.7 interpolated with itself, which rounds either way
    const rnd = random(16);
    const years = 6;
    const dpy = 365;
    const ulp = 2 ** -48;
    const days = Float64Array.from({ length: years * dpy }, (_, i) => (i < dpy ? 25.7 + (i % 2 ? ulp : -ulp) : rnd() < 0.3 ? NaN : 25.7));
    const base = { years, dpy, days, feb29: Float64Array.from({ length: years }, () => 25.7 + ulp) };
    const quantiles = [0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99];
    for (const compare of [quantiles.map((): Compare => ">"), quantiles.map((): Compare => "<")]) {
      const rates = inBaseRates(base, quantiles, compare);
      const expected = referenceInBaseRates(base, quantiles, compare);
      for (let q = 0; q < quantiles.length; q++) {
        expect(differences(rates[q].days, expected[q].days)).toEqual([]);
        expect(differences(rates[q].feb29, expected[q].feb29)).toEqual([]);
      }
    }
  });

  it("gives the same rates for 29 February values placed between the order statistics around the thresholds", () => {
    // 29 February is not in the window: its value can lie anywhere among the window's order statistics
    const rnd = random(17);
    const years = 30;
    const dpy = 365;
    const days = Float64Array.from({ length: years * dpy }, () => 20 + 10 * rnd());
    const window: number[] = [];
    for (let y = 0; y < years; y++) for (let d = 56; d <= 60; d++) window.push(days[y * dpy + d]);
    window.sort((a, b) => a - b);
    // type 8's statistics for q10 and q90 of 150 values are 14-15 and 134-135: values between statistics 7-22 and 127-142
    const feb29 = Float64Array.from({ length: years }, (_, y) => {
      const i = y < 15 ? 7 + y : 112 + y;
      return (window[i] + window[i + 1]) / 2;
    });
    const base = { years, dpy, days, feb29 };
    for (const compare of [["<", ">"], [">", "<"]] as Compare[][]) {
      const rates = inBaseRates(base, TEMPERATURE_QUANTILES, compare);
      const expected = referenceInBaseRates(base, TEMPERATURE_QUANTILES, compare);
      for (let q = 0; q < 2; q++) expect(differences(rates[q].feb29, expected[q].feb29)).toEqual([]);
    }
  });

  it.each([
    ["highest", ">"],
    ["lowest", "<"],
  ] as const)("gives the same rates where a replacing year's values are all the %s and the 29 February value lies next to the threshold", (_, compare) => {
    // the median of 50 values (statistics 24 and 25) around 29 February. Year 1 (whose rates are computed)
    // holds the window's lowest values and year 0 its highest, or the other way round, so that year 0
    // counted twice moves the statistics as far as a replacement can; year 1's 29 February value lies
    // between that threshold and the window value just inside it (below it for >, above it for <)
    const rnd = random(compare === ">" ? 18 : 19);
    const years = 10;
    const dpy = 365;
    const days = Float64Array.from({ length: years * dpy }, () => 20 + 10 * rnd());
    const up = compare === ">";
    for (let d = 56; d <= 60; d++) {
      days[d] = up ? 40 + rnd() : 10 * rnd();
      days[dpy + d] = up ? 10 * rnd() : 40 + rnd();
    }
    const window: number[] = [];
    for (let y = 0; y < years; y++) for (let d = 56; d <= 60; d++) window.push(days[y * dpy + d]);
    window.sort((a, b) => a - b);
    const feb29 = new Float64Array(years).fill(NaN);
    feb29[1] = up ? 0.75 * window[29] + 0.25 * window[30] : 0.25 * window[19] + 0.75 * window[20];
    const base = { years, dpy, days, feb29 };
    const rates = inBaseRates(base, [0.5], [compare]);
    const expected = referenceInBaseRates(base, [0.5], [compare]);
    expect(differences(rates[0].feb29, expected[0].feb29)).toEqual([]);
    expect(differences(rates[0].days, expected[0].days)).toEqual([]);
    // beyond the thresholds of the 8 other years, not year 0's
    expect(rates[0].feb29[1]).toBeCloseTo(8 / 9, 12);
  });
});

describe("indices per cell", () => {
  it.each(["noleap", "360_day", "all_leap"] as Calendar[])("TX90p/TX10p, WSDI and R95pTOT match plain counts (%s)", (calendar) => {
    const rnd = random(calendar.length);
    const n = 3;
    const dpy = calendar === "360_day" ? 360 : 365;
    const q10 = Float32Array.from({ length: n * dpy }, () => 20 + rnd());
    const q90 = Float32Array.from({ length: n * dpy }, () => 29 + rnd());
    const q95 = Float32Array.of(20, 30, NaN);
    const q99 = Float32Array.of(40, 50, NaN);
    const days = new PercentileDays(calendar, n, { tasmax: [q10, q90], pr: [q95, q99] });
    const year = 2020;
    const monthly: number[][][] = [];
    const tx: number[][] = [[], [], []];
    const pr: number[][] = [[], [], []];
    let annual: Record<string, (i: number) => number> = {};
    for (let month = 1; month <= 12; month++) {
      for (let day = 1; day <= daysInMonth(calendar, year, month); day++) {
        // cell 2 misses 10 March
        const x = [0, 1, 2].map((i) => (i === 2 && month === 3 && day === 10 ? NaN : rnd() < 0.3 ? 30 + rnd() : rnd() < 0.2 ? 19 : 25));
        const p = [0, 1, 2].map(() => (rnd() < 0.7 ? 0 : 60 * rnd()));
        x.forEach((v, i) => tx[i].push(v));
        p.forEach((v, i) => pr[i].push(v));
        days.day({ year, month, day }, { tasmax: x, pr: p });
      }
      const cells = days.endMonth(year, month);
      monthly.push([0, 1, 2].map((i) => [cells.tx90p(i), cells.tx10p(i)]));
    }
    annual = days.endYear(year);
    // plain versions
    let t = 0;
    for (let m = 0; m < 12; m++) {
      const len = daysInMonth(calendar, year, m + 1);
      for (let i = 0; i < n; i++) {
        const xs = tx[i].slice(t, t + len);
        const th = xs.map((_, k) => thresholdDay(calendar, { year, month: m + 1, day: k + 1 }));
        const hot = xs.filter((x, k) => x > q90[i * dpy + th[k]]).length;
        const cold = xs.filter((x, k) => x < q10[i * dpy + th[k]]).length;
        if (xs.some(Number.isNaN)) {
          expect(monthly[m][i][0]).toBeNaN();
        } else {
          expect(monthly[m][i][0]).toBeCloseTo((100 * hot) / len, 12);
          expect(monthly[m][i][1]).toBeCloseTo((100 * cold) / len, 12);
        }
      }
      t += len;
    }
    for (let i = 0; i < n; i++) {
      const all = tx[i];
      const flags = all.map((x, k) => {
        let rest = k;
        let month = 1;
        while (rest >= daysInMonth(calendar, year, month)) rest -= daysInMonth(calendar, year, month++);
        return x > q90[i * dpy + thresholdDay(calendar, { year, month, day: rest + 1 })];
      });
      let wsdi = 0;
      let run = 0;
      for (const f of [...flags, false]) {
        if (f) run++;
        else {
          if (run >= 6) wsdi += run;
          run = 0;
        }
      }
      if (all.some(Number.isNaN)) expect(annual.wsdi(i)).toBeNaN();
      else expect(annual.wsdi(i)).toBe(wsdi);
      const r95 = pr[i].filter((p) => p > q95[i]).reduce((s, p) => s + p, 0);
      expect(annual.r95ptot(i)).toBeCloseTo(r95, 9);
      expect(annual.r99ptot(i)).toBeCloseTo(pr[i].filter((p) => p > q99[i]).reduce((s, p) => s + p, 0), 9);
    }
    // a cell without base wet days has no threshold: 0 mm, as climdex
    expect(annual.r95ptot(2)).toBe(0);
  });
});
