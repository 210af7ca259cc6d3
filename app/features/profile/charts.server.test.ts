import { describe, expect, it } from "vitest";
import { isNumericAxis, svgAxisLabels, tickProblems } from "../../../tests/support/ticks";
import { changeChartSvg, monthlyCycleSvg } from "./charts.server";
import type { EnsembleValue, MonthlyCycle, PlaceProfile, ProfileCell, ProfileRow } from "./profile";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const ensemble = (median: number, spread: number, count = 12): EnsembleValue => ({ median, p10: median - spread, p90: median + spread, count });

const tas: MonthlyCycle = {
  code: "tas",
  name: "Mean temperature",
  units: "°C",
  decimals: 3,
  months: [10, 12, 16, 21, 25, 27.5, 26, 25.5, 24, 20, 15, 11].map((t) => ensemble(t, 1.5)),
};
const pr: MonthlyCycle = {
  code: "pr",
  name: "Precipitation",
  units: "mm/day",
  decimals: 4,
  months: [0.5, 0.7, 1, 1.5, 3, 8, 14.25, 12, 7, 2, 0.6, 0.4].map((p) => ensemble(p, 0.3)),
};

/** The drawn items of a named layer: the paths (or lines) inside its mark group. */
function items(svg: string, name: string): string[] {
  const start = svg.indexOf(` ${name}_marks"`);
  if (start < 0) return [];
  const group = svg.slice(start, svg.indexOf("</g>", start));
  return group.match(/<(path|line)\b[^>]*>/g) ?? [];
}

describe("monthlyCycleSvg", () => {
  it("draws the baseline's months as labelled, accessible SVG", async () => {
    const svg = await monthlyCycleSvg([pr, tas], { idPrefix: "cyc" });
    expect(svg).toMatch(/^<svg [^>]*class="marks sacap-chart-svg"[^>]*role="img" aria-labelledby="cyc-title cyc-desc">/);
    expect(svg).toMatch(/viewBox="0 0 \d+ \d+"/);
    expect(svg).toContain('<title id="cyc-title">Monthly climate, 1995-2014</title>');
    const desc = /<desc id="cyc-desc">([^<]*)<\/desc>/.exec(svg)![1];
    expect(desc).toContain("1995-2014 baseline");
    // at the indicators' display decimals, as the page's table shows them
    expect(desc).toContain("Precipitation (mm/day), bars on the right axis: highest in July (14.3 mm/day), lowest in December (0.4 mm/day)");
    expect(desc).toContain("Mean temperature (°C), line on the left axis: highest in June (27.5 °C)");
    for (const month of MONTHS) expect(svg).toContain(`>${month}</text>`);
    // no background rectangle, the portal's font
    expect(svg).not.toMatch(/<rect[^>]*fill="white"/);
    expect(svg).toContain('font-family="Public Sans, Arial, sans-serif"');
  });

  it("has twelve bars and twelve whiskers of precipitation, a temperature line and band", async () => {
    const svg = await monthlyCycleSvg([tas, pr]);
    expect(items(svg, "pr_median")).toHaveLength(12);
    expect(items(svg, "pr_range")).toHaveLength(12);
    expect(items(svg, "tas_median")).toHaveLength(1);
    expect(items(svg, "tas_range")).toHaveLength(1);
    // both axes with their units, and round ticks with the decimals their steps need, not the data's
    expect(svg).toContain(">Mean temperature (°C)</text>");
    expect(svg).toContain(">Precipitation (mm/day)</text>");
    const numeric = svgAxisLabels(svg).filter(isNumericAxis);
    expect(numeric).toEqual([
      ["10", "15", "20", "25", "30"],
      ["0", "2", "4", "6", "8", "10", "12", "14", "16"],
    ]);
  });

  it("writes ticks of a narrow range with the decimals their step needs, whatever the data's decimals", async () => {
    const dry = { ...pr, decimals: 4, months: pr.months.map((_, i) => ensemble(0.6 + i * 0.01234, 0.05)) };
    const labels = svgAxisLabels(await monthlyCycleSvg([dry])).filter(isNumericAxis);
    expect(labels).toHaveLength(1);
    expect(labels[0].length).toBeGreaterThan(2);
    expect(labels.flatMap(tickProblems)).toEqual([]);
    expect(labels[0].some((l) => /\.\d{3,}$/.test(l))).toBe(false);
  });

  it("draws what there is: months without a median are left out, no data is said", async () => {
    const gap = { ...pr, months: pr.months.map((m, i) => (i === 0 ? { median: null, p10: null, p90: null, count: 0 } : m)) };
    expect(items(await monthlyCycleSvg([gap]), "pr_median")).toHaveLength(11);
    const empty = await monthlyCycleSvg([]);
    expect(empty).toContain("No monthly data for this place");
    expect(empty).toContain("<title");
  });
});

const scenarios = [
  { code: "ssp245", name: "SSP2-4.5" },
  { code: "ssp585", name: "SSP5-8.5" },
];
const choices: PlaceProfile["choices"] = [
  ...["2021-2040", "2041-2060", "2061-2080", "2081-2100"].map((code) => ({ code, label: code, kind: "years" as const })),
  ...[1.5, 2, 3, 4].map((level) => ({ code: `gwl:${level.toFixed(1)}`, label: `+${level} °C`, kind: "gwl" as const })),
];
const cell = (median: number | null, robust: boolean): ProfileCell => ({
  median,
  p10: median === null ? null : median - 0.5,
  p90: median === null ? null : median + 0.5,
  count: 20,
  of: 20,
  agreement: { sign: 1, agree: robust ? 18 : 11, count: 20, robust },
});
/** Changes rising with each choice, faster under SSP5-8.5; the first window not robust, +4 °C missing under SSP2-4.5. */
const row: ProfileRow = {
  code: "tas",
  name: "Mean temperature",
  units: "°C",
  decimals: 3,
  category: "1000",
  baseline: ensemble(24, 1),
  changes: Object.fromEntries(
    scenarios.map((s, k) => [
      s.code,
      Object.fromEntries(choices.map((c, i) => [c.code, cell(s.code === "ssp245" && c.code === "gwl:4.0" ? null : 0.25 + i * 0.5 * (k + 1), i > 0)])),
    ]),
  ),
};

describe("changeChartSvg", () => {
  it("has one point per scenario and choice with a value, filled where the models agree", async () => {
    const svg = await changeChartSvg({ rows: [row], scenarios, choices }, "tas", { idPrefix: "ch" });
    expect(items(svg, "robust")).toHaveLength(13);
    expect(items(svg, "hollow")).toHaveLength(2);
    expect(items(svg, "range")).toHaveLength(15);
    expect(items(svg, "zero")).toHaveLength(1);
    // the scenarios in their colours, every choice on the axis
    expect(svg).toContain('fill="#0B6623"');
    expect(svg).toContain('fill="#d9822b"');
    for (const c of choices) expect(svg).toContain(`>${c.label}</text>`);
    expect(svg).toContain(">SSP2-4.5</text>");
    // the change axis: round ticks written as their step needs (0, 2, 4 …, not 0.000, 2.000)
    const numeric = svgAxisLabels(svg).filter(isNumericAxis);
    expect(numeric).toHaveLength(1);
    expect(numeric.flatMap(tickProblems)).toEqual([]);
    expect(numeric[0]).toContain("0");
  });

  it("names and describes the chart with the data's numbers", async () => {
    const svg = await changeChartSvg({ rows: [row], scenarios, choices }, "tas", { idPrefix: "ch" });
    expect(svg).toContain('role="img" aria-labelledby="ch-title ch-desc"');
    expect(svg).toContain('<title id="ch-title">Change in mean temperature</title>');
    const desc = /<desc id="ch-desc">([^<]*)<\/desc>/.exec(svg)![1];
    expect(desc).toContain("from the 1995-2014 baseline");
    expect(desc).toContain("under SSP2-4.5 and SSP5-8.5");
    expect(desc).toContain("Medians range from +0.3 °C (SSP2-4.5, 2021-2040) to +7.3 °C (SSP5-8.5, +4 °C)");
    expect(desc).toContain("Filled points (13 of 15)");
  });

  it("refuses an indicator the profile does not have", async () => {
    await expect(changeChartSvg({ rows: [row], scenarios, choices }, "pr")).rejects.toThrow(/no indicator "pr"/);
  });
});
