#!/usr/bin/env node
// What a page's style and layout spend their time on, beyond the boxes themselves: each route loaded in
// Debian's Chromium with the CPU slowed to the device's (benchmarkIndex 300, or --device-index as in
// bench/long-tasks.mjs), traced with Chromium's own categories, and summed over the load:
// the font lookups the renderer makes (FontCache::GetFontPlatformData: on Linux a call to the browser
// process for each size and weight of a system face), the SVG documents built for images (an SVG in a
// stylesheet or the page's icon), text shaping, and the style, layout and paint totals. With --warm, each
// traced load is the second of its browser context: the first has fetched the web font (decision 022), so
// the traced one is a later visit's. Medians of the runs, with benchmarkIndex and load. Writes
// bench/results/first-layout.json (with --warm, first-layout-warm.json; `-deviceN` at another device). Run
// `npm run build` first.
//
//   node bench/first-layout.mjs [--runs 5] [--routes /catalog/climate,/user-guide] [--device-index 300] [--warm]
import { chromium } from "@playwright/test";
import { cpuSlowdown, endOfRun, machineWithIndex, median, option, pageMainThread, resultName, round, routesOption, slowdownMethod, startServer, steadyLoad, writeResult } from "./lib.mjs";

const RUNS = option("runs", 5);
const ROUTES = routesOption(["/", "/catalog/climate", "/cmip6-data", "/profiles/nepal", "/user-guide"]);
const WARM = process.argv.includes("--warm");
const PARTS = {
  fontLookups: "FontCache::GetFontPlatformData",
  fontRenderStyleCalls: "WebSandboxSupportLinux::GetWebFontRenderStyleForStrike",
  fontFamilyMatches: "FontDataService::MatchFamilyName",
  svgImageDocuments: "IsolatedSVGDocumentHost::IsolatedSVGDocumentHost",
  textShaping: "InlineNode::ShapeTextIncludingFirstLine",
  style: "UpdateLayoutTree",
  layout: "Layout",
  paint: "Paint",
};

const server = await startServer();
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium" });
const started = new Date().toISOString();
const info = await machineWithIndex();
const SLOWDOWN = cpuSlowdown(info);

/** One traced load at the device's CPU (`steadyLoad`): each part's number of events and milliseconds on the renderer's main thread. */
const trace = (url) => steadyLoad(SLOWDOWN, (rate) => traceAt(url, rate));

async function traceAt(url, rate) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  if (WARM) {
    // the first visit fetches the faces when it is idle and notes it; the traced load reads the note
    await page.goto(url, { waitUntil: "load" });
    await page.waitForFunction(() => localStorage.getItem("sacap-webfont") === "1", null, { timeout: 30_000 });
  }
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
  await browser.startTracing(page, { categories: ["*", "disabled-by-default-devtools.timeline"] });
  await page.goto(url, { waitUntil: "load" });
  await page.waitForTimeout(500);
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  await context.close();
  const { onMain } = pageMainThread(events);
  const run = {};
  for (const [key, name] of Object.entries(PARTS)) {
    const found = onMain.filter((e) => e.name === name);
    run[key] = { count: found.length, ms: round(found.reduce((sum, e) => sum + e.dur / 1000, 0), 1) };
  }
  return run;
}

const routes = {};
try {
  for (const route of ROUTES) {
    await fetch(server.base + route).then((r) => r.arrayBuffer());
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await trace(server.base + route));
    const medians = Object.fromEntries(Object.keys(PARTS).map((key) => [key, { count: median(runs.map((r) => r[key].count)), ms: median(runs.map((r) => r[key].ms)) }]));
    routes[route] = { medians, runs };
    console.log(`${route.padEnd(18)} ${Object.entries(medians).map(([k, v]) => `${k} ${v.count}/${v.ms} ms`).join(", ")}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
await endOfRun(info);
writeResult(resultName(WARM ? "first-layout-warm" : "first-layout", { slowdown: SLOWDOWN }), {
  date: started,
  machine: info,
  method: {
    tool: "Playwright's Chromium driver with Debian's Chromium, trace of every category",
    ...slowdownMethod(SLOWDOWN),
    viewport: "412x823, device scale 1.75, mobile, touch",
    visit: WARM ? "a later visit: the first load of the same context fetched the web font and noted it" : "a first visit (a new context)",
    parts: PARTS,
    sum: "each part's events on the renderer's main thread from the start of the trace to 500 ms after the load event: their number and milliseconds (font lookups nest the calls below them)",
    runs: RUNS,
    aggregate: "median over the runs",
  },
  routes,
});
