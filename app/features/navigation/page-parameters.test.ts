import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { canonicalAddress, isPageParameter } from "./page-parameters";

describe("canonicalAddress", () => {
  it("keeps the parameters pages read, as written and in order, and drops the others", () => {
    expect(canonicalAddress("/profiles/bhutan")).toBe("/profiles/bhutan");
    expect(canonicalAddress("/profiles/bhutan?utm_source=x&junk")).toBe("/profiles/bhutan");
    expect(canonicalAddress("/cmip6-data?junk=1&geo=NPL&scenario=ssp245&scenario=ssp585&x=%E0")).toBe("/cmip6-data?geo=NPL&scenario=ssp245&scenario=ssp585");
    expect(canonicalAddress("/catalog/climate?in.source=ERA5&f.title=rain&t.sort=-year&csv.page=2&%E0%A4%A=1&q=a+b")).toBe(
      "/catalog/climate?in.source=ERA5&f.title=rain&t.sort=-year&csv.page=2&q=a+b",
    );
    expect(canonicalAddress("/cmip6-viewer?%69ndicator=pr&")).toBe("/cmip6-viewer?%69ndicator=pr");
    expect(canonicalAddress("/?")).toBe("/");
  });
});

/** Source files of pages and their loaders (not tests). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

describe("isPageParameter", () => {
  it("knows every query parameter a page or its loader reads by name", () => {
    const root = path.resolve(__dirname, "../../..");
    const files = ["app", "server/services", "server/analytics"].flatMap((dir) => sources(path.join(root, dir)));
    const read = new Set<string>();
    for (const file of files) {
      for (const m of readFileSync(file, "utf8").matchAll(/\b(?:params|initial|searchParams)\.(?:get|getAll|has)\("([^"]+)"\)/g)) read.add(m[1]);
    }
    read.delete("_data"); // Remix's data requests are not pages
    expect(read.size).toBeGreaterThan(30);
    expect([...read].filter((name) => !isPageParameter(name))).toEqual([]);
  });
});
