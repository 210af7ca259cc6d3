import { chromium } from "playwright";
// What the server's document costs the browser to render on a phone without its scripts, and what of it a
// few kinds of content and styling make: each page as served and with one thing taken out of its document
// (shadows and filters, the web font, the inline SVGs: charts, maps and icons, every select's options but
// the chosen one), loaded in turn with scripts
// off at the device class (bench/lib.mjs), five runs of each; per variant the median blocking after first
// paint, the main thread's busy time, and the paint, layout and style inside the long tasks, with the device
// each load emulated, benchmarkIndex and the load average (results/render-variants.json). A variant that
// moves work before the first paint lowers "blocking after first paint" without doing less: read it with
// the busy time. Run `npm run build` first; `node bench/render-variants.mjs [--routes /catalog/climate]`.
import { cpuSlowdown, endOfRun, machineWithIndex, median, routesOption, startServer, tracedLoad, writeResult } from "./lib.mjs";
const ROUTES = routesOption(["/catalog/climate", "/profiles/nepal"]);
const result = {};
const server = await startServer();
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const info = await machineWithIndex();
const slowdown = cpuSlowdown(info);
const inject = (html, css) => html.replace("</head>", `<style>${css}</style></head>`);
const variants = {
  served: (h) => h,
  "no shadows": (h) => inject(h, "*,*::before,*::after{box-shadow:none!important;text-shadow:none!important;filter:none!important}"),
  "system font": (h) => inject(h, "*{font-family:sans-serif!important}"),
  "no svg": (h) => h.replace(/<svg[\s\S]*?<\/svg>/g, ""),
  // every select holding only its chosen option: what the options of the place and indicator lists still cost
  "one option a select": (h) => h.replace(/(<select[^>]*>)([\s\S]*?)(<\/select>)/g, (_, open, inner, close) => open + (inner.match(/<option[^>]*selected[^>]*>[\s\S]*?<\/option>/) ?? inner.match(/<option[\s\S]*?<\/option>/) ?? [""])[0] + close),
};
try {
  for (const route of ROUTES) {
    const html = await (await fetch(server.base + route)).text();
    const out = {};
    for (let i = 0; i < 5; i++) {
      for (const [name, f] of Object.entries(variants)) {
        const run = await tracedLoad(browser, server.base + route, { slowdown, settleMs: 2000, contextOptions: { javaScriptEnabled: false }, document: f(html) });
        const sum = (what) => run.tasks.reduce((s, t) => s + t.inside.filter((p) => p.what.startsWith(what)).reduce((a, p) => a + p.ms, 0), 0);
        (out[name] ??= []).push({ blocking: run.blockingMs, busy: run.busyMs, paint: sum("Paint"), layout: sum("Layout"), style: sum("UpdateLayoutTree"), device: Math.round(run.deviceIndex ?? 0) });
      }
    }
    result[route] = Object.fromEntries(Object.entries(out).map(([name, runs]) => [name, { medianBlockingMs: median(runs.map((r) => r.blocking)), medianBusyMs: median(runs.map((r) => r.busy)), runs }]));
    for (const [name, runs] of Object.entries(out)) console.log(route, name.padEnd(12), "blocking", median(runs.map((r) => r.blocking)), "busy", median(runs.map((r) => r.busy)), "paint", median(runs.map((r) => r.paint)), "layout", median(runs.map((r) => r.layout)), "style", median(runs.map((r) => r.style)), "devices", runs.map((r) => r.device).join(","));
  }
} finally {
  await browser.close();
  await server.stop();
}
await endOfRun(info);
writeResult("render-variants", { machine: info, method: { scripts: "off", device: slowdown.device, runs: 5, variants: Object.keys(variants) }, routes: result });
