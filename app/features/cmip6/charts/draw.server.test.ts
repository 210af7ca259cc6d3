import * as vega from "vega";
import { compile, type TopLevelSpec } from "vega-lite";
import { describe, expect, it } from "vitest";
import { isNumericAxis, svgAxisLabels, tickProblems } from "../../../../tests/support/ticks";
import type { ScenarioSeries } from "../series";
import { compactSvg } from "./compactSvg";
import { drawChartSvg } from "./draw.server";
import { barChartSpec, spreadSpec, timeSeriesSpec } from "./specs";

const years = Array.from({ length: 40 }, (_, i) => 2000 + i);
const block = (scenario: ScenarioSeries["scenario"], offset: number): ScenarioSeries => ({
  scenario,
  years,
  values: { A: years.map((y) => offset + (y - 2000) * 0.03), B: years.map((y, i) => (i === 5 ? null : offset + 0.4 + (y - 2000) * 0.02)) },
  stats: {
    median: years.map((_, i) => (i === 7 ? null : offset + i * 0.025)),
    p10: years.map((_, i) => offset - 0.3 + i * 0.02),
    p90: years.map((_, i) => offset + 0.3 + i * 0.03),
    mean: years.map((_, i) => offset + i * 0.025),
    count: years.map(() => 2),
  },
  sources: {},
});
const labels = { title: "Annual average temperature, Nepal", axis: "Temperature (°C)", units: "°C", sample: true, note: "2000-2039" };
const text = { title: "Temperature chart", desc: "Annual mean temperature, two scenarios.", idPrefix: "t" };

/** Vega's own asynchronous export of the same drawing: the reference the synchronous one, compacted, must equal. */
async function vegaExport(spec: TopLevelSpec, width: number): Promise<string> {
  const view = new vega.View(vega.parse(compile({ ...spec, width } as TopLevelSpec).spec), { renderer: "none" });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** The marks of an SVG drawing without the accessible name added to it. */
const marks = (svg: string) => svg.replace(/<title id[^]*?<\/desc>/, "").replace(/ (?:role="graphics-[a-z]+"|role="img"|aria-roledescription="[^"]*"|aria-label="[^"]*"|aria-labelledby="[^"]*"|preserveAspectRatio="[^"]*")/g, "").replace(" sacap-chart-svg", "");

describe("charts drawn on the server", () => {
  const specs: [string, TopLevelSpec][] = [
    ["a band chart with models and a gap", timeSeriesSpec([block("historical", 20), block("ssp585", 21)], labels, true)],
    ["a bar chart", barChartSpec([{ category: "El Niño", group: "kharif", value: -4.2 }, { category: "La Niña", group: "kharif", value: 3.1 }, { category: "La Niña", group: "rabi", value: null }], labels, "ENSO phase", ["El Niño", "La Niña"])],
  ];

  it.each(specs)("draws %s exactly as vega's own export does, compacted", async (_, spec) => {
    expect(marks(drawChartSvg(spec, text, { containerWidth: 600 }))).toBe(marks(compactSvg(await vegaExport(spec, 600))));
  });

  it("writes every numeric axis with round ticks and the decimals their step needs", () => {
    const scaled = (b: ScenarioSeries, f: number): ScenarioSeries => ({
      ...b,
      values: Object.fromEntries(Object.entries(b.values).map(([m, v]) => [m, v.map((x) => (x === null ? null : x * f))])),
      stats: { ...b.stats, median: b.stats.median.map((x) => (x === null ? null : x * f)), p10: b.stats.p10.map((x) => (x === null ? null : x * f)), p90: b.stats.p90.map((x) => (x === null ? null : x * f)) },
    });
    const box = { temperature: { median: 1.234, p10: 0.8765, p90: 1.9876 }, precipitation: { median: 4.321, p10: -2.345, p90: 9.876 } };
    const drawn = [
      // a dry place's precipitation (0.7 mm/day, changes of hundredths), a temperature, an amount in millimetres
      ...[0.035, 1, 60].map((f) => timeSeriesSpec([scaled(block("historical", 20), f), scaled(block("ssp585", 21), f)], { ...labels, decimals: 1 }, true)),
      spreadSpec([{ model: "A", temperature: 1.1, precipitation: 3.3, selected: true }], box, { ...labels, decimals: 1 }),
      barChartSpec([{ category: "El Niño", group: "kharif", value: -0.042 }, { category: "La Niña", group: "kharif", value: 0.031 }], labels, "ENSO phase", ["El Niño", "La Niña"]),
    ].map((spec) => svgAxisLabels(drawChartSvg(spec, text, { containerWidth: 600 })).filter(isNumericAxis));
    for (const axes of drawn) expect(axes.length).toBeGreaterThan(0);
    expect(drawn.flat().flatMap(tickProblems)).toEqual([]);
  });

  it("names the drawing as one image with a title and a description", () => {
    const svg = drawChartSvg(specs[0][1], { ...text, title: "A <b> & c" }, { containerWidth: 500 });
    expect(svg).toMatch(/^<svg[^>]* class="marks sacap-chart-svg"[^>]* role="img" aria-labelledby="t-title t-desc">/);
    expect(svg).toContain('<title id="t-title">A &lt;b&gt; &amp; c</title><desc id="t-desc">Annual mean temperature, two scenarios.</desc>');
    expect(svg).not.toMatch(/role="graphics-/);
    // the container's width is the drawing's
    expect(svg).toMatch(/^<svg[^>]* width="500"/);
  });

  it("keeps the plot most of a phone's chart width under a long subtitle", () => {
    // the plot's frame is the path of class "background": its width is what the plot has
    const plotWidth = (svg: string) => Number(svg.match(/class="background"[^>]*d="M[^h]*h([\d.]+)/)![1]);
    const note = "historical and ssp245, ensemble median and p10-p90, 35 models";
    const spec = timeSeriesSpec([block("ssp245", 0)], { ...labels, note }, false);
    for (const width of [360, 680]) {
      const svg = drawChartSvg(spec, text, { containerWidth: width });
      expect(plotWidth(svg), `at ${width} px`).toBeGreaterThan(width * 0.75);
      expect(svg).toContain(">Sample data, not model output<");
    }
  });

  it("refuses data that would load asynchronously", () => {
    const spec = { data: { url: "https://example.org/values.json" }, mark: "point", encoding: { x: { field: "a", type: "quantitative" } } } as TopLevelSpec;
    expect(() => drawChartSvg(spec, text)).toThrow(/synchronously/);
  });
});
