// Data table at 10,000 rows: the pure model (filter, sort, facets, page) in Node, and in Chromium the
// catalogue page fed 10,000 entries: time from a sort click to the new rows, and frame times while
// scrolling a 250-row page. Needs a build (npm run build). Writes bench/results/table.json.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { build } from "esbuild";
import { chromium } from "@playwright/test";

const ROWS = 10_000;
const seeds = JSON.parse(readFileSync("seeds/catalog-data.json", "utf8"));
const entries = Array.from({ length: ROWS }, (_, i) => {
  const base = seeds[i % seeds.length];
  return { ...base, id: `${base.id}-${i}`, name: `${base.name} #${i}` };
});

// 1. The model in Node
const bundle = await build({
  stdin: {
    contents: `export { applyTableState } from "./app/components/data-table/model";
               export { defaultTableState } from "./app/components/data-table/state";
               export { CATALOG_COLUMNS } from "./app/features/catalog/columns";`,
    resolveDir: process.cwd(),
    loader: "ts",
  },
  bundle: true,
  format: "esm",
  platform: "node",
  write: false,
  jsx: "automatic",
  alias: { "~": "./app" },
  external: ["react", "react/jsx-runtime", "@remix-run/react"],
});
mkdirSync("bench/.tmp", { recursive: true });
writeFileSync("bench/.tmp/table-model.mjs", bundle.outputFiles[0].text);
const { applyTableState, defaultTableState, CATALOG_COLUMNS } = await import(new URL("./.tmp/table-model.mjs", import.meta.url).href);
const base = defaultTableState(CATALOG_COLUMNS);
const time = (fn, runs = 20) => {
  fn();
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return { median_ms: +samples[Math.floor(runs / 2)].toFixed(2), max_ms: +samples[runs - 1].toFixed(2) };
};
const model = {
  default_page: time(() => applyTableState(entries, CATALOG_COLUMNS, base)),
  sort_by_name: time(() => applyTableState(entries, CATALOG_COLUMNS, { ...base, sort: { id: "name", dir: "asc" } })),
  text_filter: time(() => applyTableState(entries, CATALOG_COLUMNS, { ...base, q: "rainfall" })),
  two_facets: time(() => applyTableState(entries, CATALOG_COLUMNS, { ...base, facets: { source: ["CHIRPS", "ERA5"], geo: ["NPL"] } })),
};

// 2. In the browser
const port = 3400 + Math.floor(Math.random() * 400);
const server = spawn(process.execPath, ["build/server/index.js"], { env: { ...process.env, PORT: String(port), LOG_REQUESTS: "false" }, stdio: "ignore" });
for (let i = 0; i < 200; i++) {
  try {
    if ((await fetch(`http://localhost:${port}/healthz`)).ok) break;
  } catch {}
  await new Promise((r) => setTimeout(r, 100));
}
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic"],
});
const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
await page.route("**/api/catalog_data", (route) => route.fulfill({ contentType: "application/json", body: JSON.stringify(entries) }));
await page.goto(`http://localhost:${port}/data/catalog?size=250`, { waitUntil: "networkidle" });
await page.getByText(`of ${ROWS}`, { exact: false }).first().waitFor();

const sortClick = [];
for (const header of ["Dataset", "Source", "Geo", "Dataset"]) {
  const t = Date.now();
  await page.getByRole("columnheader", { name: header }).getByRole("link").click();
  await page.waitForFunction(() => document.querySelectorAll("tbody tr").length === 250);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  sortClick.push(Date.now() - t);
}
const frames = await page.evaluate(async () => {
  const deltas = [];
  let last = performance.now();
  let running = true;
  const tick = (now) => {
    deltas.push(now - last);
    last = now;
    if (running) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  for (let y = 0; y < document.body.scrollHeight; y += 120) {
    window.scrollTo(0, y);
    await new Promise((r) => requestAnimationFrame(r));
  }
  running = false;
  deltas.sort((a, b) => a - b);
  const pct = (p) => deltas[Math.min(deltas.length - 1, Math.floor(p * deltas.length))];
  return { frames: deltas.length, p50_ms: +pct(0.5).toFixed(1), p95_ms: +pct(0.95).toFixed(1), over_50ms: deltas.filter((d) => d > 50).length };
});
await browser.close();
server.kill();

const result = {
  date: new Date().toISOString(),
  machine: `${os.cpus().length} x ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  rows: ROWS,
  model,
  browser: { sort_click_to_rows_ms: sortClick, scroll_250_row_page: frames },
};
mkdirSync("bench/results", { recursive: true });
writeFileSync("bench/results/table.json", JSON.stringify(result, null, 2) + "\n");
console.log(JSON.stringify(result, null, 2));
