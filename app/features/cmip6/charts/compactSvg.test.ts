import * as vega from "vega";
import { compile, type TopLevelSpec } from "vega-lite";
import { describe, expect, it } from "vitest";
import type { ScenarioSeries } from "../series";
import { compactPath, compactSvg } from "./compactSvg";
import { timeSeriesSpec } from "./specs";

/** The absolute points of path data of moves and lines (absolute or relative) with their commands. */
function points(d: string): [string, number, number][] {
  const out: [string, number, number][] = [];
  let [x, y] = [0, 0];
  for (const [, command, args] of d.matchAll(/([MLmlZz])([^MLmlZz]*)/g)) {
    if (command === "Z" || command === "z") {
      out.push(["Z", x, y]);
      continue;
    }
    const n = (args.match(/-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi) ?? []).map(Number);
    for (let i = 0; i + 1 < n.length; i += 2) {
      const relative = command === "l" || command === "m";
      [x, y] = relative ? [x + n[i], y + n[i + 1]] : [n[i], n[i + 1]];
      out.push([i === 0 && (command === "M" || command === "m") ? "M" : "L", x, y]);
    }
  }
  return out;
}

describe("compact path data", () => {
  it("keeps every point of a line within a twentieth of a pixel, in relative steps", () => {
    const d = "M4.16,147.609L8.32,147.042L12.48,147.065L16.64,148.035Z M20.8,-0.04L24.96,0.00001L29.12,1e-7";
    const compact = compactPath(d);
    expect(compact).toBe("M4.2,147.6l4.1-.6,4.2,.1,4.1,.9ZM20.8,0l4.2,0,4.1,0");
    const before = points(d);
    const after = points(compact);
    expect(after.map((p) => p[0])).toEqual(before.map((p) => p[0]));
    after.forEach(([, x, y], i) => {
      expect(Math.abs(x - before[i][1])).toBeLessThanOrEqual(0.05 + 1e-9);
      expect(Math.abs(y - before[i][2])).toBeLessThanOrEqual(0.05 + 1e-9);
    });
  });

  it("rounds the numbers of other paths and keeps their commands", () => {
    expect(compactPath("M0.5,0.5h624.25v154h-624Z")).toBe("M.5,.5h624.3v154h-624Z");
    expect(compactPath("M2.5,0A2.5,2.5,0,1,1,-2.5,0A2.5,2.5,0,1,1,2.5,0")).toBe("M2.5,0A2.5,2.5,0,1,1,-2.5,0A2.5,2.5,0,1,1,2.5,0");
  });
});

describe("a compact drawing", () => {
  const years = Array.from({ length: 60 }, (_, i) => 2000 + i);
  const block = (scenario: ScenarioSeries["scenario"], offset: number): ScenarioSeries => ({
    scenario,
    years,
    values: { A: years.map((y) => offset + Math.sin(y) * 0.7) },
    stats: {
      median: years.map((y, i) => (i === 9 ? null : offset + Math.sin(y / 3) * 0.37)),
      p10: years.map((y) => offset - 0.31 + Math.cos(y) * 0.11),
      p90: years.map((y) => offset + 0.29 + Math.cos(y / 2) * 0.13),
      mean: years.map(() => offset),
      count: years.map(() => 1),
    },
    sources: {},
  });
  const spec = timeSeriesSpec([block("historical", 20), block("ssp585", 21)], { title: "T, Nepal", axis: "T (°C)", units: "°C", sample: true }, true);

  it("has the same elements and the same points, a fifth smaller", async () => {
    const view = new vega.View(vega.parse(compile({ ...spec, width: 680 } as TopLevelSpec).spec), { renderer: "none" });
    const svg = await view.toSVG();
    view.finalize();
    const compact = compactSvg(svg);
    expect(compact.length).toBeLessThan(svg.length * 0.8);
    // the same drawn elements, less the empty placeholders of groups
    const drawn = (s: string) => [...s.matchAll(/<(path|line|text|rect)\b[^>]*>/g)].filter((m) => !/d="M0,0h0v0h0Z"|display="none"/.test(m[0])).map((m) => m[1]);
    expect(drawn(compact)).toEqual(drawn(svg));
    // the lines and areas, in order: absolute moves and lines before, relative steps after
    const paths = (s: string) => [...s.matchAll(/<path[^>]* d="([^"]*)"/g)].map((m) => m[1]);
    const before = paths(svg).filter((d) => /^M[MLZ\d\s,.eE+-]*L/.test(d));
    const after = paths(compact).filter((d) => /^M[MZl\d\s,.eE+-]*l/.test(d));
    expect(before.length).toBeGreaterThan(3);
    expect(after).toHaveLength(before.length);
    before.forEach((d, i) => {
      const a = points(d);
      const b = points(after[i]);
      expect(b).toHaveLength(a.length);
      b.forEach(([c, x, y], k) => {
        expect(c).toBe(a[k][0]);
        expect(Math.abs(x - a[k][1])).toBeLessThanOrEqual(0.05 + 1e-9);
        expect(Math.abs(y - a[k][2])).toBeLessThanOrEqual(0.05 + 1e-9);
      });
    });
    // translations to a tenth, the identity and default attributes gone
    expect(compact).not.toMatch(/translate\(0,0\)|translate\([^)]*\.\d\d/);
    expect(compact).not.toContain(' opacity="1"');
    expect(compact).not.toMatch(/<line[^>]* (x1|y1|x2|y2)="0"/);
    expect(compact).not.toMatch(/ stroke-width="1"| pointer-events="none"/);
    // one font, named once on the root
    expect(svg.match(/ font-family="/g)!.length).toBeGreaterThan(5);
    expect(compact.match(/ font-family="[^"]*"/g)).toEqual([' font-family="sans-serif"']);
    expect(compact).toMatch(/^<svg font-family="sans-serif"/);
  });
});
