/**
 * Checks of what a reader sees on a chart's axes, written apart from the portal's own tick code: the
 * labels of one numeric axis are round numbers with the same count of decimals, no more than the axis's
 * step needs (ticks 2 apart: "12", "14"; 0.5 apart: "12.0", "12.5"; never "12.0000").
 */

/** A label as a number: thousands separators and the typographic minus read as JavaScript reads them. */
const parse = (label: string) => Number(label.trim().replace(/,/g, "").replace(/\u2212/g, "-"));

/** Decimals written in a label ("12.50": 2). */
const written = (label: string) => /\.(\d+)$/.exec(label.trim())?.[1].length ?? 0;

/** The fewest decimals that write a step exactly (2: 0; 0.5: 1; 0.25: 2). */
function needed(step: number): number {
  for (let d = 0; d <= 12; d++) {
    const units = step * 10 ** d;
    if (Math.abs(units - Math.round(units)) < 1e-6 * Math.max(1, units)) return d;
  }
  return 12;
}

/** Whether the labels are an axis of numbers (month names, scenarios and empty labels are not). */
export const isNumericAxis = (labels: readonly string[]) => labels.length >= 2 && labels.every((l) => /^\s*[-\u2212]?[\d,]*\.?\d+\s*$/.test(l));

/**
 * What is wrong with the labels of one numeric axis, in words; empty when nothing is. The step is the
 * smallest gap between neighbouring ticks (an axis may hide labels that would overlap); every label must
 * carry exactly the decimals that step needs.
 */
export function tickProblems(labels: readonly string[]): string[] {
  if (!isNumericAxis(labels)) return [];
  const values = labels.map(parse).sort((a, b) => a - b);
  const gaps = values.slice(1).map((v, i) => v - values[i]).filter((g) => g > 0);
  if (gaps.length === 0) return [];
  const step = Math.min(...gaps);
  const decimals = needed(step);
  return labels.filter((l) => written(l) !== decimals).map((l) => `"${l.trim()}" has ${written(l)} decimals where the step ${Number(step.toPrecision(6))} needs ${decimals} (axis: ${labels.join(", ")})`);
}

/**
 * The label texts of each axis of a drawing in Vega's SVG (a `role-axis-label` group per axis), axis by
 * axis; for the server's drawings and those vega draws in the page alike.
 */
export function svgAxisLabels(svg: string): string[][] {
  return [...svg.matchAll(/<g class="mark-text role-axis-label"[^>]*>(.*?)<\/g>/g)].map((group) => [...group[1].matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map((t) => t[1]));
}
