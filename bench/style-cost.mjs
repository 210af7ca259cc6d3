#!/usr/bin/env node
// What a page's style, layout and paint cost is made of: the route's document traced with JavaScript off,
// the CPU slowed to the device's (as bench/long-tasks.mjs: benchmarkIndex 300, or --device-index), as served
// and in variants of the same document, in turn, run by run:
// its first table's rows cut to 25, its first table's rows removed, and its stylesheets trimmed to the rules
// that match an element of the page (pseudo-classes and pseudo-elements ignored). Medians of the main
// thread's style recalculation, layout and paint over the whole load. Writes
// bench/results/style-cost.json (`-deviceN` at another device). Run `npm run build` first.
//
//   node bench/style-cost.mjs [--runs 6] [--routes /catalog/climate] [--device-index 300]
import { chromium } from "@playwright/test";
import { cpuSlowdown, endOfRun, machineWithIndex, median, option, resultName, routesOption, slowdownMethod, startServer, steadyLoad, writeResult } from "./lib.mjs";

const RUNS = option("runs", 6);
const ROUTES = routesOption(["/catalog/climate"]);

/** The document with its first table body holding its first `n` rows only. */
function firstRows(html, n) {
  const start = html.indexOf("<tbody");
  const end = html.indexOf("</tbody>", start);
  if (start === -1 || end === -1) return html;
  return html.slice(0, start) + html.slice(start, end).split("<tr").slice(0, n + 1).join("<tr") + html.slice(end);
}

/** The page's stylesheets reduced to the rules that match one of its elements (at-rules kept, emptied ones dropped). */
async function trimmedSheets(browser, url) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  await page.goto(url);
  const sheets = await page.evaluate(() => {
    const PSEUDO = /::?[a-z-]+(\([^)]*\))?/g;
    const matches = (selector) =>
      selector.split(",").some((one) => {
        try {
          return document.querySelector(one.replace(PSEUDO, "").trim() || "*") !== null;
        } catch {
          return true;
        }
      });
    const keep = (rules) =>
      [...rules].flatMap((rule) => {
        if (rule instanceof CSSStyleRule) return matches(rule.selectorText) ? [rule.cssText] : [];
        if (rule instanceof CSSMediaRule || rule instanceof CSSSupportsRule) {
          const inner = keep(rule.cssRules);
          return inner.length ? [`${rule.cssText.slice(0, rule.cssText.indexOf("{"))}{${inner.join("\n")}}`] : [];
        }
        return [rule.cssText];
      });
    return [...document.styleSheets].filter((sheet) => sheet.href).map((sheet) => ({ href: sheet.href, text: keep(sheet.cssRules).join("\n") }));
  });
  await context.close();
  return sheets;
}

/** One traced load of `url` (JavaScript off, the device's CPU: `steadyLoad`) serving `html` for it and `sheets` for its stylesheets. */
const trace = (browser, url, html, sheets) => steadyLoad(SLOWDOWN, (rate) => traceAt(browser, url, html, sheets, rate));

async function traceAt(browser, url, html, sheets, rate) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  await page.route(url, (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }));
  for (const sheet of sheets) await page.route(sheet.href, (route) => route.fulfill({ status: 200, contentType: "text/css", body: sheet.text }));
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
  await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline"] });
  await page.goto(url, { waitUntil: "load" });
  await page.waitForTimeout(1500);
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  await context.close();
  const main = new Set(events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain").map((e) => `${e.pid}:${e.tid}`));
  const onMain = events.filter((e) => main.has(`${e.pid}:${e.tid}`) && e.ph === "X");
  const ms = (...names) => Math.round(onMain.filter((e) => names.includes(e.name)).reduce((sum, e) => sum + e.dur, 0) / 1000);
  return { styleMs: ms("UpdateLayoutTree"), layoutMs: ms("Layout"), paintMs: ms("Paint", "PrePaint") };
}

const info = await machineWithIndex();
const SLOWDOWN = cpuSlowdown(info);
const server = await startServer();
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium" });
const routes = {};
try {
  for (const route of ROUTES) {
    const url = server.base + route;
    const html = await (await fetch(url)).text();
    const trimmed = await trimmedSheets(browser, url);
    const served = await Promise.all(trimmed.map(async (sheet) => ({ href: sheet.href, text: await (await fetch(sheet.href)).text() })));
    const variants = {
      asServed: { html, sheets: served },
      rows25: { html: firstRows(html, 25), sheets: served },
      noRows: { html: firstRows(html, 0), sheets: served },
      trimmedStylesheet: { html, sheets: trimmed },
    };
    const runs = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
    for (let i = 0; i < RUNS; i++) {
      for (const [name, variant] of Object.entries(variants)) runs[name].push(await trace(browser, url, variant.html, variant.sheets));
    }
    routes[route] = Object.fromEntries(
      Object.entries(runs).map(([name, list]) => {
        const medians = Object.fromEntries(["styleMs", "layoutMs", "paintMs"].map((key) => [key, median(list.map((run) => run[key]))]));
        const bytes = name === "trimmedStylesheet" ? { stylesheetBytes: trimmed.reduce((n, s) => n + s.text.length, 0) } : { documentBytes: variants[name].html.length, stylesheetBytes: served.reduce((n, s) => n + s.text.length, 0) };
        console.log(`${route} ${name}: style ${medians.styleMs} ms, layout ${medians.layoutMs} ms, paint ${medians.paintMs} ms (medians of ${RUNS})`);
        return [name, { ...medians, ...bytes, runs: list }];
      }),
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
await endOfRun(info);
writeResult(resultName("style-cost", { slowdown: SLOWDOWN }), {
  date: new Date().toISOString(),
  machine: info,
  method: "each route's document traced with JavaScript off at the CPU slowdown below, 412x823 viewport, as served and in variants in turn, run by run; the main thread's UpdateLayoutTree, Layout and Paint+PrePaint over the whole load, medians",
  ...slowdownMethod(SLOWDOWN),
  routes,
});
