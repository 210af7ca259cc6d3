import { describe, expect, it } from "vitest";
import { nextDay, type Calendar, type CalendarDate } from "../series/ingest/calendar";
import { computeMasks } from "../series/ingest/masks";
import { random } from "../series/ingest/testing/random";
import type { DailyBlock } from "./daily";
import { resolveIndex, type IndexRequest } from "./indices";
import { answerQuestion, type QuestionModel } from "./question";
import { plainIndex } from "./testing/plain-indices";

/**
 * A question over a toy outline, checked against the portal's method written out plainly: the index per
 * cell and season year (`plainIndex`), the region's mean with each cell's weight computed here in closed
 * form (the area of a latitude-longitude rectangle on the sphere is proportional to its width in longitude
 * times the difference of the sines of its latitudes), 90 % of a period's years, type-7 percentiles and the
 * AR6 sign agreement.
 */

const LAT = Array.from({ length: 6 }, (_, r) => 10.125 + 0.25 * r);
const LON = Array.from({ length: 6 }, (_, c) => 70.125 + 0.25 * c);
const CELLS = LAT.length * LON.length;
/** The outline: a rectangle cutting cells in part, and a small island inside one cell. */
const RECTANGLES: [number, number, number, number][] = [
  [70.3, 71.2, 10.4, 11.3],
  [71.41, 71.46, 10.05, 10.2],
];
const FEATURE = {
  code: "toy",
  geometry: {
    type: "MultiPolygon" as const,
    coordinates: RECTANGLES.map(([x0, x1, y0, y1]) => [[[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]]]),
  },
};

/** Each cell's weight: the area of its overlap with the rectangles, in degrees x sin(latitude). */
function plainWeights(): number[] {
  const sin = (deg: number) => Math.sin((deg * Math.PI) / 180);
  return Array.from({ length: CELLS }, (_, i) => {
    const [r, c] = [Math.floor(i / LON.length), i % LON.length];
    let w = 0;
    for (const [x0, x1, y0, y1] of RECTANGLES) {
      const dx = Math.min(x1, LON[c] + 0.125) - Math.max(x0, LON[c] - 0.125);
      const [lo, hi] = [Math.max(y0, LAT[r] - 0.125), Math.min(y1, LAT[r] + 0.125)];
      if (dx > 0 && hi > lo) w += dx * (sin(hi) - sin(lo));
    }
    return w;
  });
}

interface ModelSpec {
  model: string;
  calendar: Calendar;
  /** Warming of the window, °C. */
  warming: number;
  baselineYears: [number, number];
  sources: [string, string];
  noTasmax?: boolean;
  /** Days set missing: (cell, date) => missing. */
  missing?: (cell: number, date: CalendarDate) => boolean;
}

const MODELS: ModelSpec[] = [
  { model: "A", calendar: "noleap", warming: 1.5, baselineYears: [1994, 2014], sources: ["sample", "sample"] },
  // missing days: cell 14 on 3 January of every year, and every cell on 5 December 2000 (no region value in rabi 2001)
  {
    model: "B", calendar: "360_day", warming: 2.5, baselineYears: [1994, 2014], sources: ["sample", "sample"],
    missing: (cell, d) => (cell === 14 && d.month === 1 && d.day === 3) || (d.year === 2000 && d.month === 12 && d.day === 5),
  },
  { model: "C", calendar: "standard", warming: -0.8, baselineYears: [1994, 2014], sources: ["sample", "sample"] },
  { model: "D", calendar: "noleap", warming: 0.6, baselineYears: [1994, 2014], sources: ["sample", "sample"] },
  // no tasmax in the archive
  { model: "E", calendar: "noleap", warming: 2, baselineYears: [1994, 2014], sources: ["sample", "sample"], noTasmax: true },
  // 17 of the 20 baseline years: no baseline mean
  { model: "F", calendar: "noleap", warming: 2, baselineYears: [1997, 2014], sources: ["sample", "sample"] },
  // an ingested window over a sample baseline: left out by the one-source rule
  { model: "G", calendar: "noleap", warming: 3, baselineYears: [1994, 2014], sources: ["sample", "nex-gddp"] },
];
const WINDOW = { start: 2041, end: 2060 };

function datesOf(calendar: Calendar, from: number, to: number): CalendarDate[] {
  const out: CalendarDate[] = [];
  for (let d: CalendarDate = { year: from, month: 1, day: 1 }; d.year <= to; d = nextDay(calendar, d)) out.push(d);
  return out;
}

function blockOf(spec: ModelSpec, years: [number, number], source: string, warming: number, seed: number): { block: DailyBlock; dates: CalendarDate[] } {
  const dates = datesOf(spec.calendar, years[0], years[1]);
  const next = random(seed);
  const n = dates.length;
  const values: DailyBlock["values"] = {};
  for (const v of ["tasmax", "tas", "pr"] as const) {
    if (v === "tasmax" && spec.noTasmax) continue;
    const data = new Float32Array(CELLS * n);
    for (let c = 0; c < CELLS; c++) {
      let anomaly = 0;
      for (let d = 0; d < n; d++) {
        anomaly = 0.7 * anomaly + 3 * (next() - 0.5);
        const season = Math.cos((2 * Math.PI * (dates[d].month - 5)) / 12);
        const t = 24 + 8 * season + 0.3 * (c % 6) + warming + anomaly;
        data[c * n + d] = spec.missing?.(c, dates[d]) ? NaN : v === "pr" ? (next() < 0.3 ? 20 * next() : 0) : v === "tasmax" ? t + 5 : t;
      }
    }
    values[v] = data;
  }
  return { block: { calendar: spec.calendar, start: dates[0], days: n, cells: CELLS, values, source }, dates };
}

/** Type-7 quantile of values (sorted here). */
function quantile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  const h = (s.length - 1) * p;
  const lo = Math.floor(h);
  return s[lo] + (h - lo) * (s[Math.min(lo + 1, s.length - 1)] - s[lo]);
}

describe("a question over a region", () => {
  const request: IndexRequest = { index: "days-above", variable: "tasmax", threshold: 31, months: [11, 12, 1, 2, 3] };
  const resolved = resolveIndex(request);
  if (!resolved.ok) throw new Error(JSON.stringify(resolved.errors));
  const mask = computeMasks(Float64Array.from(LAT), Float64Array.from(LON), [FEATURE]).masks[0];
  const made = MODELS.map((spec, k) => ({
    spec,
    baseline: blockOf(spec, spec.baselineYears, spec.sources[0], 0, 100 + k),
    window: blockOf(spec, [WINDOW.start - 1, WINDOW.end], spec.sources[1], spec.warming, 200 + k),
  }));
  const models: QuestionModel[] = made.map((m) => ({ model: m.spec.model, blocks: [m.baseline.block, m.window.block] }));
  const answer = answerQuestion({ index: resolved.index, region: mask, window: WINDOW, scenario: "ssp245" }, models);

  // the plain way: per model, each cell's value per rabi year, the region's mean, the period means
  const weights = plainWeights();
  const known = new Map<string, number>();
  const plainCell = (m: (typeof made)[number], cell: number, year: number): number => {
    const key = `${m.spec.model}|${cell}|${year}`;
    if (!known.has(key)) known.set(key, plainCellOnce(m, cell, year));
    return known.get(key)!;
  };
  const plainCellOnce = (m: (typeof made)[number], cell: number, year: number): number => {
    const part = year <= 2014 ? m.baseline : m.window;
    if (year - 1 < part.dates[0].year || year > part.dates[part.dates.length - 1].year) return NaN;
    const data = part.block.values.tasmax;
    if (!data) return NaN;
    const n = part.block.days;
    const inRabi = (d: CalendarDate) => (d.year === year - 1 && d.month >= 11) || (d.year === year && d.month <= 3);
    return plainIndex(part.dates, data.subarray(cell * n, (cell + 1) * n), inRabi, { index: "days-above", threshold: 31 });
  };
  const plainRegion = (m: (typeof made)[number], year: number) => {
    let [sum, weight] = [0, 0];
    for (let cell = 0; cell < CELLS; cell++) {
      if (weights[cell] === 0) continue;
      const v = plainCell(m, cell, year);
      if (Number.isNaN(v)) continue;
      sum += weights[cell] * v;
      weight += weights[cell];
    }
    return weight > 0 ? sum / weight : NaN;
  };
  const periodMean = (values: (year: number) => number, start: number, end: number) => {
    const got = [];
    for (let y = start; y <= end; y++) if (!Number.isNaN(values(y))) got.push(values(y));
    return got.length >= 18 ? got.reduce((a, b) => a + b, 0) / got.length : null;
  };

  it("weighs the region's cells by their area inside the outline, as computed in closed form", () => {
    const total = weights.reduce((a, b) => a + b, 0);
    const maskWeights = new Array<number>(CELLS).fill(0);
    mask.cells.forEach((cell, k) => (maskWeights[cell] = mask.weights[k]));
    maskWeights.forEach((w, cell) => expect(w / total).toBeCloseTo(weights[cell] / total, 12));
    // the island's cell has a sliver of weight; the outline cuts cells at its edges
    expect(weights.filter((w) => w > 0).length).toBe(mask.cells.length);
  });

  it("gives each model's region series, baseline and window means and change as computed plainly", () => {
    expect(answer.withoutVariable).toEqual(["E"]);
    expect(answer.models.map((m) => m.model)).toEqual(["A", "B", "C", "D", "F", "G"]);
    expect(answer.years[0]).toBe(1995);
    for (const m of made.filter((x) => !x.spec.noTasmax)) {
      const got = answer.models.find((a) => a.model === m.spec.model)!;
      answer.years.forEach((year, y) => {
        const plain = plainRegion(m, year);
        if (Number.isNaN(plain)) expect(got.series[y], `${m.spec.model} ${year}`).toBeNaN();
        else expect(got.series[y], `${m.spec.model} ${year}`).toBeCloseTo(plain, 9);
      });
      const base = periodMean((y) => plainRegion(m, y), 1995, 2014);
      const future = periodMean((y) => plainRegion(m, y), WINDOW.start, WINDOW.end);
      expect(got.baseline === null, m.spec.model).toBe(base === null);
      expect(got.window === null, m.spec.model).toBe(future === null);
      if (base !== null) expect(got.baseline!).toBeCloseTo(base, 9);
      if (future !== null) expect(got.window!).toBeCloseTo(future, 9);
    }
    // B has no value in rabi 2001 (a day missing in every cell), and 19 baseline years; F has 17, so no baseline
    const b = answer.models.find((m) => m.model === "B")!;
    expect(b.series[answer.years.indexOf(2001)]).toBeNaN();
    expect(b.baselineYears).toBe(19);
    expect(b.baseline).not.toBeNull();
    const f = answer.models.find((m) => m.model === "F")!;
    expect(f.baselineYears).toBe(17);
    expect(f.baseline).toBeNull();
    expect(f.change).toBeNull();
  });

  it("takes the ensemble's median, percentiles and sign agreement of the changes, leaving out a model of two sources", () => {
    expect(Object.keys(answer.window.excluded)).toEqual(["G"]);
    expect(answer.window.excluded.G.reason).toBe("baseline not ingested");
    const changes = made
      .filter((m) => ["A", "B", "C", "D"].includes(m.spec.model))
      .map((m) => periodMean((y) => plainRegion(m, y), WINDOW.start, WINDOW.end)! - periodMean((y) => plainRegion(m, y), 1995, 2014)!);
    const change = answer.window.change!;
    expect(change.count).toBe(4);
    expect(change.median!).toBeCloseTo(quantile(changes, 0.5), 9);
    expect(change.p10!).toBeCloseTo(quantile(changes, 0.1), 9);
    expect(change.p90!).toBeCloseTo(quantile(changes, 0.9), 9);
    const up = changes.filter((c) => c > 0).length;
    const down = changes.filter((c) => c < 0).length;
    expect(change.agreement).toEqual({ sign: up > down ? 1 : -1, agree: Math.max(up, down), count: 4, robust: Math.max(up, down) / 4 >= 0.8 });
    // C cools: three of four agree, not robust
    expect(change.agreement).toMatchObject({ sign: 1, agree: 3, robust: false });
    // the baseline's ensemble: the models with a baseline mean (F has none; G's baseline is of one source)
    const bases = made
      .filter((m) => ["A", "B", "C", "D", "G"].includes(m.spec.model))
      .map((m) => periodMean((y) => plainRegion(m, y), 1995, 2014)!);
    expect(answer.baseline.count).toBe(5);
    expect(answer.baseline.median!).toBeCloseTo(quantile(bases, 0.5), 9);
  });

  it("gives each cell's change per model and the ensemble median per cell over the models kept", () => {
    for (let cell = 0; cell < CELLS; cell++) {
      const perModel = made
        .filter((m) => ["A", "B", "C", "D"].includes(m.spec.model))
        .map((m) => {
          const base = periodMean((y) => plainCell(m, cell, y), 1995, 2014);
          const future = periodMean((y) => plainCell(m, cell, y), WINDOW.start, WINDOW.end);
          return base === null || future === null ? null : future - base;
        });
      perModel.forEach((c, k) => {
        const got = answer.models.find((a) => a.model === "ABCD"[k])!.cellChange[cell];
        if (c === null) expect(got).toBeNaN();
        else expect(got).toBeCloseTo(c, 4);
      });
      const known = perModel.filter((c): c is number => c !== null);
      expect(answer.cells.count[cell]).toBe(known.length);
      expect(answer.cells.change[cell]).toBeCloseTo(quantile(known, 0.5), 4);
    }
    // G (two sources) and F (no baseline) are not in the map's ensemble
    expect(answer.cells.models).toEqual(["A", "B", "C", "D"]);
  });
});
