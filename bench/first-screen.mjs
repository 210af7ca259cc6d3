#!/usr/bin/env node
// How much of a page's blocking after first paint any way of putting off what is below the first screen
// (content-visibility, rendering on demand, fewer rows) could remove. Each route's document is traced as
// bench/long-tasks.mjs traces it (phone viewport, CPU slowed to the device's, long tasks after first contentful paint),
// with JavaScript off (the document's own cost) or, with --scripts, on (the page's scripts run over the
// same document, hidden parts included), in three forms, in turn, run by run:
//   - as served;
//   - its first screen only: every element whose box starts below the first screen (412x823) hidden
//     (`display: none`), the best any deferral could do;
//   - the frame only: the page's main element hidden (header, navigation and footer left).
// When the first screen alone blocks for longer than the target, nothing below it is what stands in the way.
// Without scripts the browser loads lazy images at once (the HTML standard's rule), so pages with many of
// them (the AEZ page) show their cost even in the frame's form.
// Writes bench/results/first-screen.json (`-scripts` with --scripts, `-deviceN` at another device than the
// default, benchmarkIndex 300: bench/lib.mjs cpuSlowdown). Run `npm run build` first.
//
//   node bench/first-screen.mjs [--runs 5] [--routes /,/cmip6-data] [--device-index 300] [--scripts]
import { chromium } from "@playwright/test";
import { cpuSlowdown, endOfRun, LONG_TASK_METHOD, machineWithIndex, option, PAGE_RUNS, PHONE, PHONE_METHOD, resultName, routesOption, slowdownMethod, startServer, tracedLoad, tracedMedians, writeResult } from "./lib.mjs";

const RUNS = option("runs", PAGE_RUNS);
const routesArg = process.argv.indexOf("--routes");
const ROUTES = routesOption();
const SCRIPTS = process.argv.includes("--scripts");
const SETTLE_MS = SCRIPTS ? 4000 : 2500;

/**
 * Selectors of the elements whose box starts below the first screen, the outermost ones: an element that
 * starts on the first screen and ends below it is entered, one that starts below is taken whole.
 */
async function belowFirstScreen(browser, url) {
  const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(url);
  const selectors = await page.evaluate(() => {
    const fold = window.innerHeight;
    const path = (el) => {
      const steps = [];
      for (let at = el; at !== document.body; at = at.parentElement) steps.unshift(`${at.localName}:nth-child(${[...at.parentElement.children].indexOf(at) + 1})`);
      return `body > ${steps.join(" > ")}`;
    };
    const found = [];
    const walk = (parent) => {
      for (const el of parent.children) {
        const box = el.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) continue;
        if (box.top >= fold) found.push(path(el));
        else if (box.bottom > fold) walk(el);
      }
    };
    walk(document.body);
    return found;
  });
  await context.close();
  return selectors;
}

/** One traced load of `url`, its document served as `html`. */
async function trace(browser, url, html, slowdown) {
  const run = await tracedLoad(browser, url, { slowdown, settleMs: SETTLE_MS, contextOptions: { javaScriptEnabled: SCRIPTS }, document: html });
  const { tasks, ...kept } = run;
  return { ...kept, longTasks: tasks.length };
}

/** The document with a style element at the end of its head hiding `selectors`. */
const hiding = (html, selectors) => html.replace("</head>", `<style>${selectors.join(",\n")}{display:none!important}</style></head>`);

const server = await startServer();
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium" });
const started = new Date().toISOString();
const info = await machineWithIndex();
const SLOWDOWN = cpuSlowdown(info);
const routes = {};
try {
  for (const route of ROUTES) {
    const url = server.base + route;
    const html = await (await fetch(url)).text();
    const below = await belowFirstScreen(browser, url);
    const forms = { asServed: html, firstScreen: hiding(html, below), frame: hiding(html, ["#main"]) };
    const runs = Object.fromEntries(Object.keys(forms).map((name) => [name, []]));
    for (let i = 0; i < RUNS; i++) {
      for (const [name, document] of Object.entries(forms)) {
        const run = await trace(browser, url, document, SLOWDOWN);
        runs[name].push(run);
        console.log(`${route.padEnd(44)} run ${i + 1} ${name.padEnd(11)}: FCP ${run.fcpMs} ms, blocking ${run.blockingMs} ms, busy ${run.busyMs} ms (load ${run.loadAverage[0]})`);
      }
    }
    routes[route] = {
      hiddenForFirstScreen: below.length,
      ...Object.fromEntries(
        Object.entries(runs).map(([name, list]) => [name, tracedMedians(list)]),
      ),
    };
    const r = routes[route];
    console.log(`${route.padEnd(44)} median blocking: as served ${r.asServed.medianBlockingMs}, first screen ${r.firstScreen.medianBlockingMs}, frame ${r.frame.medianBlockingMs} ms`);
  }
} finally {
  await browser.close();
  await server.stop();
}
await endOfRun(info);
writeResult(resultName(SCRIPTS ? "first-screen-scripts" : "first-screen", { selected: routesArg !== -1, slowdown: SLOWDOWN }), {
  date: started,
  machine: info,
  method: {
    tool: `Playwright's Chromium driver with Debian's Chromium, DevTools timeline trace, JavaScript ${SCRIPTS ? "on" : "off"}`,
    ...slowdownMethod(SLOWDOWN),
    viewport: PHONE_METHOD,
    forms: {
      asServed: "the document as the server sends it",
      firstScreen: "the same document with every element whose box starts below the first screen hidden (display: none), the outermost such elements",
      frame: "the same document with its main element hidden",
    },
    longTask: LONG_TASK_METHOD,
    settle: `the trace runs until ${SETTLE_MS} ms after the load event`,
    runs: RUNS,
    order: "the three forms in turn, run by run",
    aggregate: "median over the runs",
  },
  routes,
});
