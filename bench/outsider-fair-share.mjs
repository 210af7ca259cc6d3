#!/usr/bin/env node
// Fair shares measured as an outsider would, with nothing the portal is told: every client is only the
// address it connects from (no X-Forwarded-For; the servers run with their default TRUST_PROXY), on its
// own loopback address.
//   - one client: 16 keep-alive connections, each asking uncached explorer pages (a place, an indicator and
//     a start and end year of their own) back to back, for 25 s;
//   - another client: an uncached page of its own every 250 ms (the next one at the next tick after the
//     last arrived), first alone (the idle p50), then beside the load (the loaded p50).
// Three routes, a fresh set of servers each time: straight to one portal; straight, the heavy client also
// naming a new address of its own in X-Forwarded-For with every request (`naming`: whether anything on the
// host can pick its line); and behind each build's own shipped nginx (deploy/nginx/sacap.conf) with two app
// servers. The ratio loaded p50 / idle p50 is the figure; 2x is the bound.
// Writes bench/results/outsider-fair-share.json (with --baseline, outsider-fair-share-compared.json).
// Run `npm run build` first (and in the baseline's checkout).
//
//   node bench/outsider-fair-share.mjs [--rounds 2] [--seconds 25] [--routes direct,naming,nginx] [--baseline ../other-checkout]
import { existsSync } from "node:fs";
import { Agent, get as httpGet } from "node:http";
import path from "node:path";
import { findNginx, startNginx } from "../tests/support/nginx.mjs";
import { baselineNote, baselineOption, endOfRun, machineWithIndex, median, option, root, round, startServer, textOption, turnOrder, writeResult } from "./lib.mjs";

const ROUNDS = option("rounds", 2);
const SECONDS = option("seconds", 25);
const IDLE_SECONDS = option("idle-seconds", 10);
const PACE_MS = 250;
const HEAVY_CONNECTIONS = 16;
const BASELINE = baselineOption();
const GEOS = ["NPL", "BGD", "IND", "PAK", "LKA", "AFG", "BTN", "MDV", "indus", "ganges", "brahmaputra", "amu-darya", "helmand", "meghna", "godavari", "krishna"];
const INDICATORS = ["tas", "tasmax", "tasmin", "pr"];

let counter = 0;
/** An explorer page nobody asked for before: a start and end year pair of its own (about 9,000 pairs per place and indicator). */
function uncachedPage() {
  const i = counter++;
  const start = 1950 + (i % 120);
  const end = Math.min(2100, start + 10 + (Math.floor(i / 120) % 80));
  return `/cmip6-data?indicator=${INDICATORS[Math.floor(i / 7) % INDICATORS.length]}&geo=${GEOS[i % GEOS.length]}&start=${start}&end=${end}`;
}

let named = 0;
/**
 * A client on its own loopback source address, with keep-alive connections (as a browser or a script keeps
 * them); `naming`: it also names a new address of its choosing in X-Forwarded-For with every request.
 */
function client(base, address, naming = false) {
  const agent = new Agent({ keepAlive: true, localAddress: address, maxSockets: HEAVY_CONNECTIONS });
  const get = (pagePath) =>
    new Promise((resolve) => {
      const started = performance.now();
      const named_ = naming ? { "X-Forwarded-For": `198.18.${(named >> 8) & 255}.${named++ & 255}` } : {};
      const request = httpGet(`${base}${pagePath}`, { agent, headers: { Accept: "text/html", "Accept-Encoding": "br, gzip", ...named_ } }, (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode, ms: performance.now() - started }));
      });
      request.on("error", (error) => resolve({ status: `error ${error.code ?? error.message}`, ms: performance.now() - started }));
    });
  return { get, close: () => agent.destroy() };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The other client's pages for `seconds`: one per 250 ms tick, never two at once. */
async function paced(other, seconds) {
  const times = [];
  const statuses = {};
  const end = performance.now() + seconds * 1000;
  let tick = performance.now();
  while (performance.now() < end) {
    const { status, ms } = await other.get(uncachedPage());
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (status === 200) times.push(ms);
    tick += PACE_MS;
    while (tick < performance.now()) tick += PACE_MS;
    await sleep(tick - performance.now());
  }
  return { times, statuses };
}

async function measure(dir, route) {
  const viaNginx = route === "nginx";
  const servers = [await startServer({}, dir), ...(viaNginx ? [await startServer({}, dir)] : [])];
  let proxy;
  const clients = [];
  try {
    // each build behind its own checkout's nginx configuration
    const config = path.join(dir, "deploy/nginx/sacap.conf");
    if (viaNginx) proxy = await startNginx(servers.map((s) => new URL(s.base).host), existsSync(config) ? config : undefined);
    const base = proxy?.url ?? servers[0].base;
    const [heavy, other, warm] = ["127.0.0.10", "127.0.0.20", "127.0.0.30"].map((address, i) => client(base, address, i === 0 && route === "naming"));
    clients.push(heavy, other, warm);
    // the JIT and each place's model runs once, as on a server that has been up a while
    for (let i = 0; i < GEOS.length * INDICATORS.length * (viaNginx ? 2 : 1); i++) await warm.get(uncachedPage());
    const idle = await paced(other, IDLE_SECONDS);
    let running = true;
    const heavyStatuses = {};
    const connection = async () => {
      while (running) {
        const { status } = await heavy.get(uncachedPage());
        heavyStatuses[status] = (heavyStatuses[status] ?? 0) + 1;
      }
    };
    const load = Array.from({ length: HEAVY_CONNECTIONS }, connection);
    await sleep(1000);
    const loaded = await paced(other, SECONDS - 1);
    running = false;
    await Promise.all(load);
    const idleP50 = median(idle.times);
    const loadedP50 = median(loaded.times);
    return {
      ratio: round(loadedP50 / idleP50),
      idleP50Ms: round(idleP50, 0),
      loadedP50Ms: round(loadedP50, 0),
      loadedP90Ms: round([...loaded.times].sort((a, b) => a - b)[Math.floor(loaded.times.length * 0.9)], 0),
      otherIdle: idle.statuses,
      otherLoaded: loaded.statuses,
      heavyAnswers: heavyStatuses,
    };
  } finally {
    for (const c of clients) c.close();
    await proxy?.stop();
    for (const s of servers) await s.stop();
  }
}

const info = await machineWithIndex();
const routes = (findNginx() ? ["direct", "naming", "nginx"] : ["direct", "naming"]).filter((r) => textOption("routes", "direct,naming,nginx").split(",").includes(r));
if (!findNginx()) console.log("no nginx binary here: measuring straight to the portal only");
const results = { current: { direct: [], naming: [], nginx: [] }, baseline: { direct: [], naming: [], nginx: [] } };
for (let i = 0; i < ROUNDS; i++) {
  for (const side of turnOrder(i, BASELINE)) {
    for (const route of routes) {
      const result = await measure(side === "baseline" ? BASELINE : root, route);
      results[side][route].push(result);
      console.log(`${side} ${route} round ${i + 1}: ${result.ratio}x (idle p50 ${result.idleP50Ms} ms, loaded ${result.loadedP50Ms} ms; other ${JSON.stringify(result.otherLoaded)}; heavy ${JSON.stringify(result.heavyAnswers)})`);
    }
  }
}
await endOfRun(info);
const summary = (side) => Object.fromEntries(routes.map((route) => [route, { ratios: results[side][route].map((r) => r.ratio), medianRatio: median(results[side][route].map((r) => r.ratio)) }]));
writeResult(BASELINE ? "outsider-fair-share-compared" : "outsider-fair-share", {
  date: new Date().toISOString(),
  machine: info,
  method: {
    measure: `another client's uncached explorer page every ${PACE_MS} ms: p50 beside one client's ${HEAVY_CONNECTIONS} keep-alive connections asking uncached explorer pages (distinct start/end years) back to back for ${SECONDS} s, over p50 of the same alone for ${IDLE_SECONDS} s; each client its own loopback source address and nothing else (default TRUST_PROXY, no X-Forwarded-For); straight to one portal (direct); the same with the heavy client naming a new X-Forwarded-For address with each request (naming); behind each build's own deploy/nginx/sacap.conf with two app servers (nginx); fresh servers each time`,
    rounds: ROUNDS,
    ...(BASELINE ? { baseline: baselineNote(BASELINE, "measured") } : {}),
  },
  summary: { current: summary("current"), ...(BASELINE ? { baseline: summary("baseline") } : {}) },
  rounds: BASELINE ? results : results.current,
});
