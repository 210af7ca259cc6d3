// On-demand indices end to end (run `npm run build` first, then `node bench/ondemand.mjs [--runs 3] [--geo IN-UP]
// [--jobs 1] [--daily DIR]`): the built portal computes a state-sized question asked as a job through the
// processes API (Prefer: respond-async): all the models, SSP5-8.5, the baseline 1995-2014 and the window
// 2041-2060, days with tasmax above 40 °C over the year, for the place `--geo` (Uttar Pradesh, about 400 cells).
// Each run is a fresh portal (nothing kept: a results folder of its own), so the first answer is computed;
// then the same question is asked again and answered from the kept results. Records per run the wall time from
// the POST to the job's success, the portal's CPU time over it (user + system, every thread), the cells, years
// and models read, the cell-years per CPU-second, and the repeated question's time; with the load average and
// benchmarkIndex at the start and the end (results/ondemand.json). `--daily DIR` reads the days from a daily
// store (DAILY_DIR) instead of the sample generator; `--jobs N` is ONDEMAND_JOBS.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { endOfRun, machineWithIndex, median, option, round, startServer, textOption, writeResult } from "./lib.mjs";

const RUNS = option("runs", 3);
const GEO = textOption("geo", "IN-UP");
const JOBS = option("jobs", 1);
const DAILY = textOption("daily", "");
const PROCESS = "days-above";
const INPUTS = { geo: GEO, variable: "tasmax", threshold: 40, scenario: "ssp585", window: "2041-2060" };

/** The CPU seconds a process and its threads have used (/proc/PID/stat: utime + stime, in clock ticks of 100 Hz). */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function post(base, headers = {}) {
  const response = await fetch(`${base}/api/processes/${PROCESS}/execution`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify({ inputs: INPUTS }),
  });
  return response;
}

async function run() {
  const results = mkdtempSync(path.join(os.tmpdir(), "sacap-bench-ondemand-"));
  const server = await startServer({ ONDEMAND_RESULTS_DIR: results, ONDEMAND_JOBS: String(JOBS), ...(DAILY ? { DAILY_DIR: DAILY } : {}) });
  try {
    const cpu0 = cpuSeconds(server.child.pid);
    const t0 = performance.now();
    const created = await post(server.base, { Prefer: "respond-async" });
    if (created.status !== 201) throw new Error(`execution: ${created.status} ${await created.text()}`);
    const location = new URL(created.headers.get("location"), server.base).href;
    let status;
    for (;;) {
      status = await (await fetch(location)).json();
      if (status.status !== "accepted" && status.status !== "running") break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const wallS = (performance.now() - t0) / 1000;
    const cpuS = cpuSeconds(server.child.pid) - cpu0;
    if (status.status !== "successful") throw new Error(`job ended ${status.status}: ${status.message}`);
    const { result } = await (await fetch(`${location}/results`)).json();
    const models = result.models.length;
    const years = result.models.reduce((sum, m) => sum + (m.window.end - m.window.start + 1) + 20, 0) / Math.max(models, 1);
    const cellYears = result.region.cells * years * models;
    // the same question again: answered from the kept results
    const t1 = performance.now();
    const again = await post(server.base);
    await again.arrayBuffer();
    const repeatedMs = performance.now() - t1;
    return { wallS: round(wallS, 2), cpuS: round(cpuS, 2), cells: result.region.cells, models, years: round(years, 1), cellYears, cellYearsPerCpuS: round(cellYears / cpuS, 0), repeatedMs: round(repeatedMs, 1), repeatedStatus: again.status, sample: result.sample ?? status.sample };
  } finally {
    await server.stop();
    rmSync(results, { recursive: true, force: true });
  }
}

const info = await machineWithIndex();
const runs = [];
for (let i = 0; i < RUNS; i++) {
  const r = await run();
  console.log(JSON.stringify(r));
  runs.push(r);
}
await endOfRun(info);
const summary = {
  wallS: median(runs.map((r) => r.wallS)),
  cpuS: median(runs.map((r) => r.cpuS)),
  cellYearsPerCpuS: median(runs.map((r) => r.cellYearsPerCpuS)),
  repeatedMs: median(runs.map((r) => r.repeatedMs)),
};
console.log(JSON.stringify({ summary, loadAverageAtStart: info.loadAverageAtStart, loadAverageAtEnd: info.loadAverageAtEnd, benchmarkIndexAtStart: info.benchmarkIndexAtStart, benchmarkIndexAtEnd: info.benchmarkIndexAtEnd }));
writeResult(DAILY ? "ondemand-daily" : "ondemand", { machine: info, process: PROCESS, inputs: INPUTS, jobs: JOBS, source: DAILY ? "daily store" : "sample generator", runs, summary });
