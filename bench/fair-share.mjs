#!/usr/bin/env node
// Fair shares, measured as tests/contract/fair-share.spec.ts measures them, a round at a time: a fresh
// portal (`SERIES_WORKERS=1`), every place's model runs of both indicators read once, then another client's
// uncached explorer pages (8, one after another) alone and beside 16 connections of one client asking
// uncached pages. Loaded p50 / idle p50 per round, straight to the portal (the client's address in
// X-Forwarded-For from loopback) and behind the deployment's nginx (deploy/nginx/sacap.conf, each client from
// its own loopback address). Writes bench/results/fair-share.json. Run `npm run build` first.
//
//   node bench/fair-share.mjs [--rounds 3] [--busy] [--baseline ../other-checkout]
//
// --busy keeps one core busy with a spin loop for the whole run (as another suite's tests would). With
// --baseline, the production build of another checkout is measured in turn with this one, the order swapped
// every round; writes fair-share-compared.json.
import { spawn } from "node:child_process";
import { Agent, get as httpGet } from "node:http";
import { findNginx, startNginx } from "../tests/support/nginx.mjs";
import { baselineNote, baselineOption, endOfRun, machineWithIndex, median, option, root, round, startServer, turnOrder, writeResult } from "./lib.mjs";

const ROUNDS = option("rounds", 3);
const BUSY = process.argv.includes("--busy");
const BASELINE = baselineOption();
const GEOS = ["NPL", "BGD", "IND", "PAK", "LKA", "AFG", "BTN", "MDV", "indus", "ganges", "brahmaputra"];

let counter = 0;
/** An explorer page no one asked for before: an indicator, a place and a first year of its own. */
function uncachedPage(indicator) {
  const i = counter++;
  return `/cmip6-data?indicator=${indicator}&geo=${GEOS[i % GEOS.length]}&start=${1950 + (Math.floor(i / GEOS.length) % 60)}`;
}

/** A GET as `client`: its address in X-Forwarded-For (straight to the portal) or as its source address (through nginx). */
function client(base, address, viaNginx) {
  const agent = new Agent({ keepAlive: true, ...(viaNginx ? { localAddress: address } : {}) });
  const headers = viaNginx ? {} : { "X-Forwarded-For": address };
  const get = (pagePath) =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const request = httpGet(`${base}${pagePath}`, { agent, headers }, (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode, ms: performance.now() - started }));
      });
      request.on("error", reject);
    });
  return { get, close: () => agent.destroy() };
}

/** One round on a fresh portal of the build in `dir`: the other client's pages alone, then beside the load. */
async function round1(dir, viaNginx) {
  // the harness stands in for a trusted proxy straight to the portal (its X-Forwarded-For names the clients)
  const portal = await startServer({ SERIES_WORKERS: "1", TRUST_PROXY: "loopback" }, dir);
  let proxy;
  const clients = [];
  try {
    // the routes hold nginx only when its binary is here (findNginx), so it never answers with a reason to skip
    if (viaNginx) proxy = await startNginx([new URL(portal.base).host, new URL(portal.base).host]);
    const base = proxy?.url ?? portal.base;
    const [heavy, other, warm] = ["127.0.0.10", "127.0.0.20", "127.0.0.30"].map((address) => client(base, address, viaNginx));
    clients.push(heavy, other, warm);
    for (const indicator of ["tasmax", "pr"]) for (let i = 0; i < GEOS.length; i++) await warm.get(uncachedPage(indicator));
    const probe = async () => {
      const times = [];
      for (let i = 0; i < 8; i++) times.push((await other.get(uncachedPage("tasmax"))).ms);
      return times;
    };
    const idle = await probe();
    let running = true;
    const statuses = {};
    const connection = async () => {
      while (running) {
        const { status } = await heavy.get(uncachedPage("pr"));
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    };
    const load = Array.from({ length: 16 }, connection);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const loaded = await probe();
    running = false;
    await Promise.all(load);
    return { ratio: round(median(loaded) / median(idle)), idleP50Ms: round(median(idle), 0), loadedP50Ms: round(median(loaded), 0), idleMs: idle.map((t) => round(t, 0)), loadedMs: loaded.map((t) => round(t, 0)), heavyAnswers: statuses };
  } finally {
    for (const c of clients) c.close();
    await proxy?.stop();
    await portal.stop();
  }
}

const info = await machineWithIndex();
const busy = BUSY ? spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }) : undefined;
const routes = findNginx() ? ["direct", "nginx"] : ["direct"];
if (routes.length === 1) console.log("no nginx binary here: measuring straight to the portal only");
const results = { current: { direct: [], nginx: [] }, baseline: { direct: [], nginx: [] } };
try {
  for (let i = 0; i < ROUNDS; i++) {
    for (const side of turnOrder(i, BASELINE)) {
      for (const route of routes) {
        const result = await round1(side === "baseline" ? BASELINE : root, route === "nginx");
        results[side][route].push(result);
        console.log(`${side} ${route} round ${i + 1}: ${result.ratio}x (idle p50 ${result.idleP50Ms} ms, loaded ${result.loadedP50Ms} ms; heavy client ${JSON.stringify(result.heavyAnswers)})`);
      }
    }
  }
} finally {
  busy?.kill();
}
await endOfRun(info);
const summary = (side) => Object.fromEntries(routes.map((route) => [route, { ratios: results[side][route].map((r) => r.ratio), medianRatio: median(results[side][route].map((r) => r.ratio)) }]));
writeResult(BASELINE ? "fair-share-compared" : "fair-share", {
  date: new Date().toISOString(),
  machine: info,
  method: {
    measure: "another client's uncached explorer page, p50 of 8 beside 16 connections of one client asking uncached pages over p50 of 8 alone, a fresh portal (SERIES_WORKERS=1) per round after every place's model runs were read once",
    busyCore: BUSY,
    rounds: ROUNDS,
    ...(BASELINE ? { baseline: baselineNote(BASELINE, "measured") } : {}),
  },
  summary: { current: summary("current"), ...(BASELINE ? { baseline: summary("baseline") } : {}) },
  rounds: BASELINE ? results : results.current,
});
