// Cost of the percentile thresholds per grid cell (run with `npx vite-node bench/percentiles.ts [cells] [repetitions]`,
// default 40 cells, 7 repetitions): per cell a random 30-year 365-day base of TX (29 February in the leap
// years), the out-of-base thresholds (q10, q90 per calendar day) and the in-base bootstrap rates (Zhang et
// al. 2005), each timed for the production implementation and beside it the straightforward one
// (`server/series/ingest/testing/percentiles-reference.ts`, the implementation the production one
// replaced) in the same process, alternating which goes first, the median of the repetitions kept; the
// outputs are checked equal. One untimed run of both first (compilation). Also the per-day comparison of
// one out-of-base year. Writes bench/results/percentiles.json with the machine, its CPU clock and the load
// average at each repetition.
import { readFileSync } from "node:fs";
import os from "node:os";
import { dayThresholds, inBaseRates, PercentileDays, type CellBase } from "../server/series/ingest/percentiles";
import { referenceDayThresholds, referenceInBaseRates } from "../server/series/ingest/testing/percentiles-reference";
import { loadAverage, machine, median, round, writeResult } from "./lib.mjs";

const cells = Number(process.argv[2] ?? 40);
const repetitions = Number(process.argv[3] ?? 7);
const start = machine();
let s = 42;
const rnd = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
// 1961-1990: the leap years are the 4th, 8th, ... base years
const bases: CellBase[] = Array.from({ length: cells }, () => ({
  years: 30,
  dpy: 365,
  days: Float64Array.from({ length: 30 * 365 }, () => 25 + 5 * rnd()),
  feb29: Float64Array.from({ length: 30 }, (_, y) => (y % 4 === 3 ? 25 + 5 * rnd() : NaN)),
}));
const QUANTILES = [0.1, 0.9];

/** The CPU's clock, MHz: Node's figure, else (0 in some virtual machines) the kernel's. */
function cpuMHz(): number | undefined {
  const speed = os.cpus()[0]?.speed;
  if (speed) return speed;
  try {
    const mhz = /^cpu MHz\s*:\s*([\d.]+)/m.exec(readFileSync("/proc/cpuinfo", "utf8"))?.[1];
    return mhz ? Math.round(Number(mhz)) : undefined;
  } catch {
    return undefined;
  }
}

const implementations = {
  reference: { thresholds: referenceDayThresholds, bootstrap: referenceInBaseRates },
  current: { thresholds: dayThresholds, bootstrap: inBaseRates },
};
type Name = keyof typeof implementations;
type Output = { thresholds: Float64Array[]; rates: { days: Float64Array; feb29: Float64Array }[] }[];

/** Both steps over all cells; ms per cell of each, and the outputs. */
function run(name: Name): { thresholdsMs: number; bootstrapMs: number; out: Output } {
  const { thresholds, bootstrap } = implementations[name];
  let thresholdsMs = 0;
  let bootstrapMs = 0;
  const out: Output = [];
  for (const base of bases) {
    let t = performance.now();
    const th = thresholds(base, QUANTILES);
    thresholdsMs += performance.now() - t;
    t = performance.now();
    const rates = bootstrap(base, QUANTILES, ["<", ">"]);
    bootstrapMs += performance.now() - t;
    out.push({ thresholds: th, rates });
  }
  return { thresholdsMs: thresholdsMs / cells, bootstrapMs: bootstrapMs / cells, out };
}

const same = (a: Float64Array, b: Float64Array) => a.length === b.length && a.every((x, i) => x === b[i] || (x !== x && b[i] !== b[i]));
function equal(a: Output, b: Output): boolean {
  return a.every((cell, c) => cell.thresholds.every((t, q) => same(t, b[c].thresholds[q])) && cell.rates.every((r, q) => same(r.days, b[c].rates[q].days) && same(r.feb29, b[c].rates[q].feb29)));
}

// warm-up (compilation), not timed
for (const name of ["reference", "current"] as Name[]) run(name);

const times: Record<Name, { thresholdsMs: number[]; bootstrapMs: number[] }> = { reference: { thresholdsMs: [], bootstrapMs: [] }, current: { thresholdsMs: [], bootstrapMs: [] } };
const loads: number[][] = [];
let identical = true;
for (let r = 0; r < repetitions; r++) {
  loads.push(loadAverage());
  const order: Name[] = r % 2 ? ["current", "reference"] : ["reference", "current"];
  const outs: Partial<Record<Name, Output>> = {};
  for (const name of order) {
    const { thresholdsMs, bootstrapMs, out } = run(name);
    times[name].thresholdsMs.push(thresholdsMs);
    times[name].bootstrapMs.push(bootstrapMs);
    outs[name] = out;
  }
  identical &&= equal(outs.reference!, outs.current!);
  console.log(`repetition ${r + 1}: bootstrap ${round(times.reference.bootstrapMs[r])} -> ${round(times.current.bootstrapMs[r])} ms per cell, thresholds ${round(times.reference.thresholdsMs[r])} -> ${round(times.current.thresholdsMs[r])} ms, load ${loads[r].join(" ")}`);
}

// one out-of-base year's daily comparisons, with the thresholds of the cells
const q10 = new Float32Array(cells * 365);
const q90 = new Float32Array(cells * 365);
bases.forEach((base, c) => {
  const [a, b] = dayThresholds(base, QUANTILES);
  q10.set(a, c * 365);
  q90.set(b, c * 365);
});
const days = new PercentileDays("noleap", cells, { tasmax: [q10, q90] });
const x = new Float64Array(cells);
const t = performance.now();
for (let m = 1; m <= 12; m++) {
  for (let d = 1; d <= [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]; d++) {
    for (let i = 0; i < cells; i++) x[i] = 25 + 5 * rnd();
    days.day({ year: 2015, month: m, day: d }, { tasmax: x });
  }
  days.endMonth(2015, m);
}
days.endYear(2015);
const yearMs = (performance.now() - t) / cells;

const summary = (name: Name) => ({
  thresholdsMsPerCell: round(median(times[name].thresholdsMs), 3),
  bootstrapMsPerCell: round(median(times[name].bootstrapMs), 3),
  thresholdsMsEach: times[name].thresholdsMs.map((v) => round(v, 3)),
  bootstrapMsEach: times[name].bootstrapMs.map((v) => round(v, 3)),
});
const ratios = (before: number[], after: number[]) => {
  const each = before.map((b, r) => b / after[r]);
  return { median: round(median(each), 1), min: round(Math.min(...each), 1), max: round(Math.max(...each), 1) };
};
const reference = summary("reference");
const current = summary("current");
const result = {
  date: new Date().toISOString(),
  machine: { ...start, cpuMHz: cpuMHz(), loadAverageAtEnd: loadAverage() },
  method: `${cells} cells, each a random 30-year 365-day TX base (uniform 25-30 degrees, 29 February in every 4th year); per cell and variable (one variable: TX), q10 and q90; ${repetitions} repetitions, the two implementations one after the other in each, alternating which goes first; medians of the repetitions' ms per cell. reference: the straightforward implementation (server/series/ingest/testing/percentiles-reference.ts); current: server/series/ingest/percentiles.ts.`,
  cells,
  repetitions,
  loadAverageAtEachRepetition: loads,
  outputsIdentical: identical,
  reference,
  current,
  bootstrapSpeedup: round(reference.bootstrapMsPerCell / current.bootstrapMsPerCell, 1),
  /** The ratio within each repetition (the two run back to back), its median and range. */
  bootstrapSpeedupPerRepetition: ratios(times.reference.bootstrapMs, times.current.bootstrapMs),
  thresholdsSpeedup: round(reference.thresholdsMsPerCell / current.thresholdsMsPerCell, 1),
  outOfBaseYearMsPerCell: round(yearMs, 3),
};
console.log(JSON.stringify({ reference: { thresholds: reference.thresholdsMsPerCell, bootstrap: reference.bootstrapMsPerCell }, current: { thresholds: current.thresholdsMsPerCell, bootstrap: current.bootstrapMsPerCell }, bootstrapSpeedup: result.bootstrapSpeedup, thresholdsSpeedup: result.thresholdsSpeedup, outputsIdentical: identical, outOfBaseYearMsPerCell: result.outOfBaseYearMsPerCell }));
writeResult("percentiles", result);
if (!identical) process.exitCode = 1;
