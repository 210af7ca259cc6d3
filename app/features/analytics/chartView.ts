import type { TopLevelSpec } from "vega-lite";
import { bandChartSpec, type BandChartOptions, type BandPoint } from "../cmip6/charts/specs";

/**
 * A band chart of a view: the ensemble median and p10-p90 of each line, packed per run of points of one
 * line (a run of consecutive years keeps only its first year), values at the resolution drawn.
 */
export interface PackedBand {
  scenario: string;
  /** The first year of consecutive years, or every x value. */
  start?: number;
  x?: (number | string)[];
  median: (number | null)[];
  p10: (number | null)[];
  p90: (number | null)[];
}

/** What a page's `Chart` needs: its name, download file name, summary and the chart's options. */
export interface ChartView {
  label: string;
  fileName: string;
  summary: string;
  options: Omit<BandChartOptions, "band" | "members"> & { band: PackedBand[] };
}

const rounded = (v: number | null, digits: number) => (v === null ? null : Number(v.toFixed(digits)));

/**
 * Band points packed per run of one line: consecutive years make one run (a gap starts another), any other
 * x values are kept as they are; values to `digits` decimals.
 */
export function packBand(points: readonly BandPoint[], digits: number): PackedBand[] {
  const runs: BandPoint[][] = [];
  for (const p of points) {
    const run = runs[runs.length - 1];
    const last = run?.[run.length - 1];
    const years = typeof p.x === "number" && typeof last?.x === "number";
    if (run && last!.scenario === p.scenario && (!years || p.x === (last!.x as number) + 1)) run.push(p);
    else runs.push([p]);
  }
  return runs.map((run) => {
    const first = run[0].x;
    const consecutive = typeof first === "number" && run.every((p, i) => p.x === first + i);
    return {
      scenario: run[0].scenario,
      ...(consecutive ? { start: first } : { x: run.map((p) => p.x) }),
      median: run.map((p) => rounded(p.median, digits)),
      p10: run.map((p) => rounded(p.p10, digits)),
      p90: run.map((p) => rounded(p.p90, digits)),
    };
  });
}

/** The band points of packed lines, in their order. */
export function unpackBand(band: readonly PackedBand[]): BandPoint[] {
  return band.flatMap((b) => b.median.map((median, i) => ({ scenario: b.scenario, x: b.x ? b.x[i] : b.start! + i, median, p10: b.p10[i], p90: b.p90[i] })));
}

/**
 * Decimals a view keeps of a band chart's values: three more than its tooltips show (the indicator's
 * display decimals), at least three. The answers' statistics are at most that fine (one decimal more than
 * the indicator's values, which are at most two finer than a page shows them), so the chart draws them
 * where they are; a thousandth of the tooltip's step is far below a pixel of the drawing.
 */
export const bandDigits = (options: Pick<BandChartOptions, "labels">) => Math.max(3, (options.labels.decimals ?? 2) + 3);

/** A chart of a view from the chart's options (the band packed). */
export function chartView(label: string, fileName: string, summary: string, options: BandChartOptions): ChartView {
  const { band, members: _members, ...rest } = options;
  return { label, fileName, summary, options: { ...rest, band: packBand(band, bandDigits(options)) } };
}

/** The chart's specification, as the page's `Chart` draws it. */
export const chartViewSpec = (chart: ChartView): TopLevelSpec => bandChartSpec({ ...chart.options, band: unpackBand(chart.options.band) });
