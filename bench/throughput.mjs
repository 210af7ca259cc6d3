#!/usr/bin/env node
// API and SSR throughput under load: autocannon (50 connections) against the ten /api list endpoints
// and a 35-model annual series, and in the same run nginx serving the same JSON bodies as static files
// with gzip (the ceiling for "send these bytes"); then server-side rendering of / and /cmip6-data, and
// the server's memory afterwards. Writes bench/results/throughput.json. Run `npm run build` first.
//
//   node bench/throughput.mjs [--duration 10] [--connections 50] [--ssr-connections 10]
import { spawn } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freePort, loadAverage, machine, option, rssMiB, round, startServer, stopChild, waitFor, writeResult } from "./lib.mjs";

const DURATION_S = option("duration", 10);
const CONNECTIONS = option("connections", 50);
const SSR_CONNECTIONS = option("ssr-connections", 10);
const NGINX = "/usr/sbin/nginx";
const ACCEPT = { "accept-encoding": "gzip" };

/** The /api contract's ten list endpoints and a 35-model annual series (docs/series-api.md). */
const API = [
  { name: "geos", path: "/api/cmip6/list/geos" },
  { name: "indicators", path: "/api/cmip6/list/indicators" },
  { name: "cmip6Models", path: "/api/cmip6/list/cmip6Models" },
  { name: "scenarios", path: "/api/cmip6/list/scenarios" },
  { name: "pyaezModules", path: "/api/pyaez/list/modules" },
  { name: "catalogData", path: "/api/catalog_data" },
  { name: "menuFacet", path: "/api/menu/facet" },
  { name: "menuCategory", path: "/api/menu/category" },
  { name: "climateMetadata", path: "/api/menu/catalog_climate_metadata" },
  { name: "viewerLayers", path: "/api/viewer/cmip6" },
  { name: "series35Annual", path: "/api/cmip6/annual?indicator=tas&geo=NPL", series: true },
];
const SSR = ["/", "/cmip6-data"];
const TARGETS = { ratio: 0.5, apiP99Ms: 25, seriesP99Ms: 50 };

function run(url, connections, duration = DURATION_S) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, headers: ACCEPT }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}
const figures = (r) => ({
  requestsPerSecond: round(r.requests.average, 0),
  latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max, mean: round(r.latency.mean, 2) },
  requests: r.requests.total,
  non2xx: r.non2xx,
  errors: r.errors,
  timeouts: r.timeouts,
  bytesPerSecond: round(r.throughput.average, 0),
});

/** nginx (Debian's nginx-light) in the foreground, one worker like the portal's one Node process, gzip on. */
async function startNginx(dir) {
  const port = await freePort();
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(
    conf,
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  types { application/json json; }
  default_type application/json;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  gzip on;
  gzip_comp_level 6;
  gzip_min_length 256;
  gzip_types application/json;
  gzip_vary on;
  server {
    listen 127.0.0.1:${port};
    root ${dir}/www;
    location / { try_files $uri =404; }
  }
}
`,
  );
  const child = spawn(NGINX, ["-p", dir, "-c", conf, "-e", `${dir}/error.log`], { stdio: ["ignore", "ignore", "inherit"] });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/healthz.json`, child, "nginx");
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { base, child };
}

const info = machine();
const started = new Date().toISOString();
const dir = mkdtempSync(path.join(os.tmpdir(), "sacap-bench-nginx-"));
mkdirSync(path.join(dir, "www"));
// nginx's worker runs as an unprivileged user: it must be able to read the files
chmodSync(dir, 0o755);
chmodSync(path.join(dir, "www"), 0o755);
writeFileSync(path.join(dir, "www/healthz.json"), '{"status":"ok"}');

const server = await startServer();
let nginx;
const api = {};
const ssr = {};
let rss;
try {
  // the same bodies as static files
  for (const endpoint of API) {
    const response = await fetch(server.base + endpoint.path);
    if (!response.ok) throw new Error(`${endpoint.path}: ${response.status}`);
    const body = Buffer.from(await response.arrayBuffer());
    endpoint.file = `/${endpoint.name}.json`;
    endpoint.bytes = body.length;
    writeFileSync(path.join(dir, "www", endpoint.file), body);
  }
  nginx = await startNginx(dir);
  rss = { serverAtStartMiB: rssMiB(server.child.pid) };

  for (const endpoint of API) {
    await run(server.base + endpoint.path, CONNECTIONS, 1); // warm up (and fill the series answer cache)
    const ours = figures(await run(server.base + endpoint.path, CONNECTIONS));
    const loadAfterOurs = loadAverage();
    const theirs = figures(await run(nginx.base + endpoint.file, CONNECTIONS));
    const ratio = round(ours.requestsPerSecond / theirs.requestsPerSecond, 2);
    const p99Target = endpoint.series ? TARGETS.seriesP99Ms : TARGETS.apiP99Ms;
    api[endpoint.name] = {
      path: endpoint.path,
      bodyBytes: endpoint.bytes,
      ours,
      nginx: theirs,
      ratio,
      meets: { ratio: ratio >= TARGETS.ratio, p99: ours.latencyMs.p99 <= p99Target },
      p99TargetMs: p99Target,
      loadAverage: loadAfterOurs,
    };
    console.log(
      `${endpoint.name.padEnd(16)} ours ${ours.requestsPerSecond} req/s p99 ${ours.latencyMs.p99} ms | nginx ${theirs.requestsPerSecond} req/s p99 ${theirs.latencyMs.p99} ms | ratio ${ratio} (load ${loadAfterOurs[0]})`,
    );
  }

  for (const route of SSR) {
    await run(server.base + route, SSR_CONNECTIONS, 1);
    const result = figures(await run(server.base + route, SSR_CONNECTIONS));
    ssr[route] = { ...result, connections: SSR_CONNECTIONS, loadAverage: loadAverage() };
    console.log(`SSR ${route.padEnd(12)} ${result.requestsPerSecond} req/s p99 ${result.latencyMs.p99} ms`);
  }
  rss.serverAfterRunMiB = rssMiB(server.child.pid);
  console.log(`server RSS after the run: ${rss.serverAfterRunMiB} MiB`);
} finally {
  if (nginx) await stopChild(nginx.child);
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}

const ratios = Object.values(api).map((a) => a.ratio);
info.loadAverageAtEnd = loadAverage();
writeResult("throughput", {
  date: started,
  machine: info,
  method: {
    tool: "autocannon 9 (programmatic, in the benchmark process on the same machine)",
    api: `${CONNECTIONS} connections, ${DURATION_S} s per target after a 1 s warm-up, Accept-Encoding: gzip; each endpoint against the built server (node build/server/index.js), then nginx`,
    nginx: "Debian nginx-light, one worker process (the portal runs one Node process), serving the JSON bodies fetched from the portal as static files, gzip on (level 6, like the portal's compression middleware), keep-alive",
    ssr: `${SSR_CONNECTIONS} connections, ${DURATION_S} s per page after a 1 s warm-up, Accept-Encoding: gzip, default preferences (no cookies)`,
    memory: "VmRSS of the server process from /proc/<pid>/status, at start and after the whole run",
  },
  targets: TARGETS,
  api,
  summary: {
    minRatio: Math.min(...ratios),
    medianRatio: ratios.sort((a, b) => a - b)[Math.floor(ratios.length / 2)],
    maxApiP99Ms: Math.max(...API.filter((e) => !e.series).map((e) => api[e.name].ours.latencyMs.p99)),
    seriesP99Ms: api.series35Annual.ours.latencyMs.p99,
  },
  ssr,
  memory: rss,
});
