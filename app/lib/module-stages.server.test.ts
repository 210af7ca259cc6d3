import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { EntryContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { evaluationOrder, moduleImportsFrom, pageModules, staticImports } from "./module-stages.server";

describe("the static imports of a built module", () => {
  it("reads the leading import and re-export statements as esbuild writes them, not dynamic imports", () => {
    const source =
      'import{a as M}from"/build/_shared/chunk-A.js";import"/build/_shared/chunk-B.js";import * as R from "./chunk-C.js";\n' +
      'export{x as y}from"../routes/d.js";var t=1;import("/build/_shared/lazy.js");const s=\'import{q}from"/build/no.js"\';';
    expect(staticImports(source, "/build/_shared/chunk-Z.js")).toEqual([
      "/build/_shared/chunk-A.js",
      "/build/_shared/chunk-B.js",
      "/build/_shared/chunk-C.js",
      "/build/routes/d.js",
    ]);
    expect(staticImports('import("/build/x.js");', "/build/y.js")).toEqual([]);
    expect(staticImports("", "/build/y.js")).toEqual([]);
  });

  it("reads past the compile hint and other line comments in front of the imports", () => {
    const hinted = '//# allFunctionsCalledOnLoad\nimport{a}from"/build/_shared/chunk-A.js";// note\nimport"./chunk-B.js";var b=1;';
    expect(staticImports(hinted, "/build/_shared/chunk-Z.js")).toEqual(["/build/_shared/chunk-A.js", "/build/_shared/chunk-B.js"]);
    // a comment after the first statement that is not followed by imports ends the list
    expect(staticImports('//# allFunctionsCalledOnLoad\nvar x=\'import"/build/no.js"\';', "/build/y.js")).toEqual([]);
  });

  it("reads each file once from the build folder; a missing file imports nothing", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "sacap-modules-"));
    mkdirSync(path.join(dir, "_shared"));
    writeFileSync(path.join(dir, "root.js"), 'import{a}from"/build/_shared/c.js";');
    const importsOf = moduleImportsFrom(dir, "/build/");
    expect(importsOf("/build/root.js")).toEqual(["/build/_shared/c.js"]);
    writeFileSync(path.join(dir, "root.js"), "");
    expect(importsOf("/build/root.js")).toEqual(["/build/_shared/c.js"]);
    expect(importsOf("/build/missing.js")).toEqual([]);
    expect(importsOf("/elsewhere/root.js")).toEqual([]);
  });
});

describe("the evaluation order of a page's modules", () => {
  // a small graph with a shared dependency, a diamond and a cycle
  const graph: Record<string, string[]> = {
    entryDep: ["react"],
    root: ["blueprint", "react", "store"],
    blueprint: ["react", "runtime"],
    react: ["runtime"],
    store: ["react", "blueprint"],
    route: ["store", "cycleA"],
    cycleA: ["cycleB"],
    cycleB: ["cycleA"],
    runtime: [],
  };
  const importsOf = (href: string) => graph[href] ?? [];

  it("puts every module after what it imports, each once, in the browser's depth-first order", () => {
    const order = evaluationOrder(["entryDep", "root", "route"], importsOf);
    expect(order).toEqual(["runtime", "react", "entryDep", "blueprint", "store", "root", "cycleB", "cycleA", "route"]);
    // the independent check: every import of a module not in a cycle comes before it
    for (const [index, href] of order.entries()) {
      for (const dependency of importsOf(href)) {
        if (!href.startsWith("cycle")) expect(order.indexOf(dependency), `${dependency} before ${href}`).toBeLessThan(index);
      }
    }
  });

  it("takes the route manifest, the entry's imports and each matched route's imports and module, not the entry itself", () => {
    const context = {
      future: { v3_lazyRouteDiscovery: false },
      manifest: {
        url: "/build/manifest.js",
        entry: { module: "/build/entry.client.js", imports: ["/build/_shared/react.js"] },
        routes: {
          root: { module: "/build/root.js", imports: ["/build/_shared/bp.js"] },
          "routes/_index": { module: "/build/routes/_index.js", imports: undefined },
          "routes/other": { module: "/build/routes/other.js", imports: [] },
        },
      },
      staticHandlerContext: { matches: [{ route: { id: "root" } }, { route: { id: "routes/_index" } }] },
    } as unknown as EntryContext;
    expect(pageModules(context)).toEqual(["/build/manifest.js", "/build/_shared/react.js", "/build/_shared/bp.js", "/build/root.js", "/build/routes/_index.js"]);
    // routes discovered lazily: no manifest module on the page
    expect(pageModules({ ...context, future: { v3_lazyRouteDiscovery: true } } as EntryContext)[0]).toBe("/build/_shared/react.js");
  });
});
