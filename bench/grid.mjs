#!/usr/bin/env node
// Benchmark of the gridded fields over HTTP, on the built server and its embedded sample store: the time
// of a field's painted image when nothing is kept (the field built and painted), when the field is kept
// but not its image (the painting alone), and when the image is kept; the images' sizes; the point query.
// Writes bench/results/grid.json. Run `npm run build` first.
//
//   node bench/grid.mjs [--warm 40]
import { get } from "node:http";
import { endOfRun, loadAverage, machineWithIndex, option, round, startServer, stopChild, writeResult } from "./lib.mjs";

const WARM = option("warm", 40);

/** Fields of every kind: temperatures, rain by season, counts of days, warming levels. */
const FIELDS = [
  "indicator=tas&scenario=ssp245&season=annual&window=2040-2059",
  "indicator=tasmax&scenario=ssp585&season=JJA&window=2080-2099",
  "indicator=pr&scenario=ssp585&season=DJF&window=2060-2079",
  "indicator=pr&scenario=ssp245&season=annual&window=gwl:2.0",
  "indicator=fd&scenario=ssp245&season=annual&window=2040-2059",
  "indicator=su&scenario=ssp585&season=annual&window=gwl:3.0",
  "indicator=rx1day&scenario=ssp585&season=annual&window=2080-2099",
  "indicator=cdd&scenario=ssp245&season=annual&window=2020-2039",
];
const STATISTICS = ["change", "p90", "future", "agreement"];

function timed(base, path) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    get(`${base}${path}`, (res) => {
      let bytes = 0;
      res.on("data", (chunk) => (bytes += chunk.length));
      res.on("end", () => resolve({ ms: performance.now() - t0, status: res.statusCode, bytes }));
    }).on("error", reject);
  });
}

function summary(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))];
  return { n: s.length, p50: round(q(0.5)), p95: round(q(0.95)), max: round(s.at(-1)) };
}

const info = await machineWithIndex();
const server = await startServer({ SERIES_DB: "none" });
const image = (q, extra = "") => `/api/cmip6/grid/image.png?${q}${extra}`;
const results = { coldField: [], coldPaint: [], warm: [], point: [], sizes: [] };
try {
  // the outlines of the default clip are rasterised once per process: not a field's cost
  await timed(server.base, image(FIELDS[0], "&statistic=baseline"));
  for (const q of FIELDS) {
    const first = await timed(server.base, image(q));
    if (first.status !== 200) throw new Error(`${q}: ${first.status}`);
    results.coldField.push(first.ms);
    results.sizes.push(first.bytes);
    for (const statistic of STATISTICS.slice(1)) {
      const kept = await timed(server.base, image(q, `&statistic=${statistic}`));
      results.coldPaint.push(kept.ms);
      results.sizes.push(kept.bytes);
    }
    for (let i = 0; i < WARM / FIELDS.length; i++) results.warm.push((await timed(server.base, image(q))).ms);
    for (let i = 0; i < 5; i++) results.point.push((await timed(server.base, `/api/cmip6/grid/point?${q}&lat=${20 + i}&lon=${78 + i}`)).ms);
  }
} finally {
  await stopChild(server.child);
}
const report = {
  machine: await endOfRun(info),
  note: "milliseconds per request over loopback HTTP, one request at a time; coldField: a field nothing was kept of (the sample store builds 35 models' fields, then the image is painted); coldPaint: another statistic of a kept field (painting only); warm: a kept image",
  imageMs: { coldField: summary(results.coldField), coldPaint: summary(results.coldPaint), warm: summary(results.warm) },
  pointMs: summary(results.point),
  imageBytes: { max: Math.max(...results.sizes), median: summary(results.sizes).p50 },
  loadAverageAtEnd: loadAverage(),
};
console.log(JSON.stringify(report, null, 2));
writeResult("grid", report);
