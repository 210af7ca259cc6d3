import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { AezChild, AezModule } from "../../app/features/pyaez/schema";
import { svgDataUrl } from "../../app/lib/svg-data-url";
import { createAezImages, MAX_INLINE_BYTES } from "./aez-images.server";

const map = (id: string, image = `/aez/module-${id}.svg`): AezChild => ({ id, name: `Map ${id}`, route: `/pyaez#module-${id}`, image, desc: "" });
const mod = (id: string, child: AezChild[]): AezModule => ({ id, name: `Module ${id}`, val: `module-${id}`, route: `/pyaez#module-${id}`, child });

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="280"><title>Sample map: #1 100% "A&B"</title><path d="M0 0L10 10"/></svg>\n';

/** A public folder holding the given files under aez/. */
function publicDir(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "aez-images-"));
  mkdirSync(path.join(dir, "aez"));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, "aez", name), text);
  return dir;
}

/** What a data URL carries, decoded independently of the encoder. */
function decoded(url: string): string {
  const prefix = "data:image/svg+xml,";
  expect(url.startsWith(prefix)).toBe(true);
  return decodeURIComponent(url.slice(prefix.length));
}

describe("svgDataUrl", () => {
  it("carries the document exactly, with the characters a URL or an attribute cannot hold escaped", () => {
    const url = svgDataUrl(SVG);
    expect(decoded(url)).toBe(SVG);
    const data = url.slice(url.indexOf(",") + 1);
    expect(data).not.toMatch(/[#"<>\s&]/);
    expect(data).not.toMatch(/%(?![0-9A-F]{2})/);
  });
});

describe("the /pyaez document's inline images", () => {
  it("are the first map of the first module that has maps, read once", () => {
    const dir = publicDir({ "module-1.1.svg": SVG, "module-1.2.svg": SVG });
    const images = createAezImages(dir, () => [mod("0", []), mod("1", [map("1.1"), map("1.2")])]);
    const first = images.firstScreen();
    expect(Object.keys(first)).toEqual(["/aez/module-1.1.svg"]);
    expect(decoded(first["/aez/module-1.1.svg"])).toBe(SVG);
    // the file is not read again: a later change on disk does not show until the server restarts
    writeFileSync(path.join(dir, "aez", "module-1.1.svg"), "<svg/>");
    expect(images.firstScreen()).toBe(first);
  });

  it("leave the map linked when its file is missing, too large, outside /aez/ or not SVG, or when there is no map", () => {
    const dir = publicDir({ "big.svg": `<svg>${" ".repeat(MAX_INLINE_BYTES)}</svg>`, "a.png": "x" });
    writeFileSync(path.join(dir, "secret.svg"), SVG);
    const first = (image: string) => createAezImages(dir, () => [mod("1", [map("1.1", image)])]).firstScreen();
    expect(first("/aez/missing.svg")).toEqual({});
    expect(first("/aez/big.svg")).toEqual({});
    expect(first("/aez/../secret.svg")).toEqual({});
    expect(first("/secret.svg")).toEqual({});
    expect(first("/aez/a.png")).toEqual({});
    expect(first("")).toEqual({});
    expect(createAezImages(dir, () => [mod("6", [])]).firstScreen()).toEqual({});
  });

  it("carry the seeds' first map from the shipped public folder", () => {
    const seeds: AezModule[] = JSON.parse(readFileSync("seeds/pyaez-modules.json", "utf8"));
    const image = seeds.find((m) => m.child.length > 0)!.child[0].image;
    const first = createAezImages(path.resolve("public"), () => seeds).firstScreen();
    expect(decoded(first[image])).toBe(readFileSync(path.join("public", image), "utf8"));
  });
});
