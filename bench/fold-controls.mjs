#!/usr/bin/env node
// What a closed fold costs the browser by what it holds: a test page of a heading, a closed <details> of 200
// table rows and one control of a kind beside them, loaded in Debian's Chromium with a DevTools trace; per
// kind the elements styled and the layout objects laid out over the whole load (the sums of the trace's
// UpdateLayoutTree element counts and Layout dirty objects), median of five loads. The same page with the
// content of a closed fold holding a text field or a drop-down list out of the rendering on a phone
// (styles/app.css, `.sacap-fold`) beside it. No throttling: the counts, not the times, are the result.
// Writes bench/results/fold-controls.json.
//
//   node bench/fold-controls.mjs
import { chromium } from "@playwright/test";
import { readFileSync } from "node:fs";
import { endOfRun, machineWithIndex, median, TRACE_CATEGORIES, writeResult } from "./lib.mjs";

const RUNS = 5;
const ROWS = Array.from({ length: 200 }, (_, i) => `<tr><td>row ${i}</td><td>${i * 3}</td><td><span>x</span></td></tr>`).join("");
const CONTROLS = {
  none: "",
  checkbox: "<input type=checkbox>",
  button: "<button>Go</button>",
  "text field": "<input>",
  "text field, autocomplete off": "<input autocomplete=off>",
  "number field": "<input type=number>",
  textarea: "<textarea></textarea>",
  "drop-down list": "<select><option>a</option><option>b</option></select>",
  "list box (multiple)": "<select multiple><option>a</option><option>b</option></select>",
};
// the portal's rule for a phone's closed folds, as the stylesheet has it
const css = readFileSync(new URL("../styles/app.css", import.meta.url), "utf8");
const rule = css.match(/@media not all and \(min-width: 800\.02px\) \{\s*\.sacap-fold:not\(\[open\]\):has[\s\S]*?\n\}/)?.[0];
if (!rule) throw new Error("the phone rule for closed folds was not found in styles/app.css");
const page = (control, withRule) =>
  `<!doctype html><html><head><title>fold</title>${withRule ? `<style>${rule}</style>` : ""}</head><body><h1>A page</h1>` +
  `<details class="sacap-fold"><summary>Show</summary>${control}<table>${ROWS}</table></details><p>end</p></body></html>`;

const info = await machineWithIndex();
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium" });
const results = {};
try {
  for (const [kind, control] of Object.entries(CONTROLS)) {
    for (const withRule of [false, true]) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const tab = await browser.newPage({ viewport: { width: 390, height: 844 } });
        await tab.route("http://fold.test/", (route) => route.fulfill({ status: 200, contentType: "text/html", body: page(control, withRule) }));
        await browser.startTracing(tab, { categories: TRACE_CATEGORIES });
        await tab.goto("http://fold.test/", { waitUntil: "load" });
        await tab.waitForTimeout(300);
        const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
        await tab.close();
        const parse = events.find((e) => e.name === "ParseHTML");
        const main = events.filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === "X");
        const sum = (name, value) => main.filter((e) => e.name === name).reduce((s, e) => s + (value(e) ?? 0), 0);
        runs.push({ styled: sum("UpdateLayoutTree", (e) => e.args?.elementCount), laidOut: sum("Layout", (e) => e.args?.beginData?.dirtyObjects) });
      }
      const row = { elementsStyled: median(runs.map((r) => r.styled)), layoutObjectsLaidOut: median(runs.map((r) => r.laidOut)) };
      (results[kind] ??= {})[withRule ? "phoneRule" : "closedDetails"] = row;
      console.log(`${kind.padEnd(30)} ${withRule ? "with the phone rule" : "closed details     "}: ${row.elementsStyled} elements styled, ${row.layoutObjectsLaidOut} layout objects laid out`);
    }
  }
} finally {
  await browser.close();
}
await endOfRun(info);
writeResult("fold-controls", {
  date: new Date().toISOString(),
  machine: info,
  method: {
    tool: "Playwright's Chromium driver with Debian's Chromium, DevTools timeline trace, no throttling",
    page: "a heading, a closed <details class=\"sacap-fold\"> of one control and a table of 200 rows of three cells, a paragraph; 390 x 844",
    counts: "sums over the load of UpdateLayoutTree's elementCount and Layout's dirtyObjects",
    runs: RUNS,
    aggregate: "median over the runs",
  },
  controls: results,
});
