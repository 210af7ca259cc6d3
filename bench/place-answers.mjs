#!/usr/bin/env node
// Benchmark of a state's cold answer beside its country's: the series API's window statistics (a 20-year
// window and a warming level, ensemble of every model) for a state or province and for its country, each
// asked once of a server that has answered nothing for that place yet. Writes
// bench/results/place-answers.json. Run `npm run build` first.
//
//   node bench/place-answers.mjs [--rounds 5]
//
// Every place is asked on a server of its own, started on the sample store and warmed with one answer for
// a place of another country (the store's models and tables loaded, the code compiled): its first window
// is the cold answer (the place's series computed: for a state, its country's first, from which the sample
// units are derived), its second (a warming level) the answer from series already in memory. Places are
// taken in a different order each round. The figure is the time to the last byte over loopback HTTP, the
// median over the rounds; load average and benchmarkIndex are recorded at the start and end, as the machine
// is shared.
import { endOfRun, machineWithIndex, median, option, round, startServer, timedGet, writeResult } from "./lib.mjs";

const ROUNDS = option("rounds", 5);

/** Each state or province with its country: a large unit, a small one, one of the zones, a division. */
const PAIRS = [
  ["IND", "IN-UP"],
  ["PAK", "PK-KP"],
  ["NPL", "NP-BA"],
  ["BGD", "BD-C"],
  ["IND", "IN-DL"],
];
const WINDOWS = ["2040-2059", "gwl:2.0"];
const WARM = "/api/cmip6/annual?indicator=pr&geo=BTN&scenario=ssp245&window=2020-2039";

const url = (geo, window) => `/api/cmip6/annual?indicator=tas&geo=${encodeURIComponent(geo)}&scenario=ssp245&start=2100&window=${encodeURIComponent(window)}`;

/** A place's answer, timed; anything but a 200 stops the run. */
async function answerOf(base, path) {
  const r = await timedGet(base, path);
  if (r.status !== 200) throw new Error(`${path}: ${r.status}`);
  return r;
}

const info = await machineWithIndex();
const samples = {};
const places = [...new Set(PAIRS.flat())];
for (let r = 0; r < ROUNDS; r++) {
  // a different order each round (rotated), so no place is always asked on the machine's first minute
  for (const geo of [...places.slice(r % places.length), ...places.slice(0, r % places.length)]) {
    const server = await startServer();
    try {
      await answerOf(server.base, WARM);
      for (const window of WINDOWS) {
        const { ms } = await answerOf(server.base, url(geo, window));
        (samples[`${geo} ${window}`] ??= []).push(ms);
      }
    } finally {
      await server.stop();
    }
  }
  console.error(`round ${r + 1} of ${ROUNDS} done`);
}

const rows = PAIRS.flatMap(([country, state]) =>
  WINDOWS.map((window) => {
    const c = median(samples[`${country} ${window}`]);
    const s = median(samples[`${state} ${window}`]);
    return { country, state, window, answer: window === WINDOWS[0] ? "cold" : "series in memory", countryMs: round(c), stateMs: round(s), ratio: round(s / c, 2) };
  }),
);
for (const row of rows) console.error(`${row.window.padEnd(10)} ${row.country} ${row.countryMs} ms, ${row.state} ${row.stateMs} ms (${row.ratio}x)`);
writeResult("place-answers", {
  date: new Date().toISOString(),
  machine: await endOfRun(info),
  method: `median of ${ROUNDS} rounds; every place on a fresh server (sample store) warmed with ${WARM}; the first window cold, the second from the place's series in memory`,
  rows,
  samples: Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, v.map((x) => round(x))])),
});
