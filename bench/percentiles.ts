// Cost of the percentile thresholds per grid cell (run with `npx vite-node bench/percentiles.ts [cells]`):
// a 30-year 365-day base of random TX per cell, the out-of-base thresholds (q10, q90 per calendar day) and
// the in-base bootstrap rates (Zhang et al. 2005), and the per-day comparison of one out-of-base year.
import { dayThresholds, inBaseRates, PercentileDays } from "../server/series/ingest/percentiles";

const cells = Number(process.argv[2] ?? 20);
let s = 42;
const rnd = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
let thresholdsMs = 0;
let bootstrapMs = 0;
const q10 = new Float32Array(cells * 365);
const q90 = new Float32Array(cells * 365);
for (let c = 0; c < cells; c++) {
  const base = { years: 30, dpy: 365, days: Float64Array.from({ length: 30 * 365 }, () => 25 + 5 * rnd()), feb29: new Float64Array(30).fill(NaN) };
  let t = performance.now();
  const [a, b] = dayThresholds(base, [0.1, 0.9]);
  q10.set(a, c * 365);
  q90.set(b, c * 365);
  thresholdsMs += performance.now() - t;
  t = performance.now();
  inBaseRates(base, [0.1, 0.9], ["<", ">"]);
  bootstrapMs += performance.now() - t;
}
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
const yearMs = performance.now() - t;
console.log(JSON.stringify({ cells, thresholdsMsPerCell: thresholdsMs / cells, bootstrapMsPerCell: bootstrapMs / cells, outOfBaseYearMsPerCell: yearMs / cells }));
