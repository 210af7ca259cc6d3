import { describe, expect, it } from "vitest";
import { placeMapSvg } from "./placeMap.server";
import type { ProfilePlace } from "./profile";

const nepal: ProfilePlace = { code: "NPL", name: "Nepal", type: "Country", slug: "nepal" };
const indus: ProfilePlace = { code: "indus", name: "Indus", type: "Basin", slug: "indus" };
const maldives: ProfilePlace = { code: "MDV", name: "Maldives", type: "Country", slug: "maldives" };

/** The highlighted path's coordinates. */
const placePath = (svg: string) => /<path class="sacap-placemap__place[^"]*" d="([^"]+)"/.exec(svg)?.[1];

describe("placeMapSvg", () => {
  it("highlights a country on a labelled map of South Asia", () => {
    const svg = placeMapSvg(nepal, { idPrefix: "m" });
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 320 240" /);
    expect(svg).toContain('role="img" aria-labelledby="m-title m-desc" class="sacap-placemap"');
    expect(svg).toContain('<title id="m-title">Nepal on a map of South Asia</title>');
    expect(svg).toMatch(/<desc id="m-desc">Nepal, a country of South Asia/);
    expect(svg).toContain('class="sacap-placemap__focus"');
    expect(svg).toContain('class="sacap-placemap__land"');
    expect(svg.endsWith("</svg>")).toBe(true);
    // Nepal lies inside the frame, north of the middle
    const points = placePath(svg)!.match(/-?[\d.]+,-?[\d.]+/g)!.map((p) => p.split(",").map(Number));
    expect(points.length).toBeGreaterThan(10);
    for (const [x, y] of points) {
      expect(x).toBeGreaterThan(0);
      expect(x).toBeLessThan(320);
      expect(y).toBeGreaterThan(0);
      expect(y).toBeLessThan(120);
    }
    // a country of this size needs no marker
    expect(svg).not.toContain("sacap-placemap__marker");
  });

  it("stays small: coordinates to 0.1 px, simplified outlines", () => {
    for (const place of [nepal, indus, maldives]) {
      const svg = placeMapSvg(place);
      expect(svg.length).toBeLessThan(40_000);
      for (const [, d] of svg.matchAll(/ d="([^"]+)"/g)) expect(d).not.toMatch(/\d\.\d\d/);
    }
  });

  it("draws a basin's approximate outline over the countries", () => {
    const svg = placeMapSvg(indus, { idPrefix: "b", width: 400, height: 300 });
    expect(svg).toContain('viewBox="0 0 400 300"');
    expect(svg).toContain('<title id="b-title">Indus basin on a map of South Asia</title>');
    expect(svg).toContain("The Indus river basin (approximate outline)");
    expect(svg).toContain('class="sacap-placemap__place sacap-placemap__basin"');
    expect(placePath(svg)).toMatch(/^M[\d.,\s]+Z$/);
  });

  it("rings a place too small to see at this size", () => {
    const svg = placeMapSvg(maldives);
    expect(placePath(svg)).toBeTruthy();
    const marker = /<circle class="sacap-placemap__marker" cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)"/.exec(svg);
    expect(marker).not.toBeNull();
    const [cx, cy] = [Number(marker![1]), Number(marker![2])];
    // south-west of the subcontinent's tip, inside the frame
    expect(cx).toBeGreaterThan(0);
    expect(cx).toBeLessThan(160);
    expect(cy).toBeGreaterThan(180);
    expect(cy).toBeLessThan(240);
  });

  it("escapes names and says when an outline is missing", () => {
    const svg = placeMapSvg({ code: "XXX", name: "A & B", type: "Country", slug: "a-b" });
    expect(svg).toContain("A &amp; B on a map of South Asia");
    expect(svg).toContain("Its outline is not available.");
    expect(svg).not.toContain("sacap-placemap__place");
  });
});
