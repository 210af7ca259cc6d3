import type { TopLevelSpec } from "vega-lite";
import { AXIS_FORMAT, numberFormat } from "~/lib/format";
import type { ScenarioSeries } from "../series";
import type { SpreadSummary } from "../subsets";

/**
 * Vega-Lite specifications of the CMIP6 charts, built from series answers by pure functions. Every chart
 * names its units and, for generated data, says "Sample data" in its subtitle. Value axes read round ticks
 * with the decimals their step needs (`AXIS_FORMAT`); tooltips give values at the indicator's display decimals.
 */

export const SCENARIO_COLORS: Record<string, string> = {
  historical: "#5c7080",
  ssp245: "#0B6623",
  ssp585: "#d9822b",
};

export interface ChartLabels {
  /** The chart's title, e.g. "Annual average temperature, India". */
  title: string;
  /** The value axis, with units, e.g. "Temperature (°C)". */
  axis: string;
  units: string;
  sample: boolean;
  /** True when only some model runs are sample data (the others ingested model output). */
  partlySample?: boolean;
  /** Extra subtitle text (period, baseline, model count). */
  note?: string;
  /** Decimals of the values in tooltips (the indicator's display decimals, `displayDecimalsOf`; 2 when not given). */
  decimals?: number;
}

const valueFormat = (labels: ChartLabels) => numberFormat(labels.decimals ?? 2);

const WIDTH = "container" as const;

/** What every chart of the portal shares: the schema, its titles, the container's width and the height. */
function frame(labels: ChartLabels) {
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    title: chartTitle(labels),
    width: WIDTH,
    height: CHART_HEIGHT,
    autosize: { type: "fit" as const, contains: "padding" as const },
  };
}
export const CHART_HEIGHT = 280;

/**
 * The chart's title, and its subtitle's parts (the note, the units, the sample-data mark) each on a line of
 * its own: Vega fits the whole title into the chart's width, and one line of them all is wider than a phone's
 * chart (360 px), where it squeezed the plot to a third of the width and ran past the chart's edge.
 */
export function chartTitle(labels: ChartLabels) {
  const subtitle = [labels.note, `Units: ${labels.units}`, labels.sample ? (labels.partlySample ? "Partly sample data: some model runs generated" : "Sample data, not model output") : undefined].filter(
    (part): part is string => Boolean(part),
  );
  return { text: labels.title, subtitle, anchor: "start" as const, subtitleColor: labels.sample ? "#935610" : undefined };
}

/** Colours of series that are not scenarios (seasons, periods), in order. */
const PALETTE = ["#2d72d2", "#d9822b", "#0B6623", "#8f398f", "#5c7080", "#c22762"];

const colorScale = (scenarios: readonly string[]) => {
  let other = 0;
  return { domain: [...scenarios], range: scenarios.map((s) => SCENARIO_COLORS[s] ?? PALETTE[other++ % PALETTE.length]) };
};

export interface BandPoint {
  scenario: string;
  x: number | string;
  median: number | null;
  p10: number | null;
  p90: number | null;
}

export interface MemberPoint {
  scenario: string;
  model: string;
  x: number | string;
  value: number | null;
}

/** Ensemble points of scenario blocks (one per year), dropping steps without a median. */
export function bandPoints(blocks: readonly ScenarioSeries[]): BandPoint[] {
  return blocks.flatMap((b) =>
    b.years
      .map((year, i) => ({ scenario: b.scenario, x: year, median: b.stats.median[i], p10: b.stats.p10[i], p90: b.stats.p90[i] }))
      .filter((p) => p.median !== null),
  );
}

export function memberPoints(blocks: readonly ScenarioSeries[]): MemberPoint[] {
  return blocks.flatMap((b) =>
    Object.entries(b.values).flatMap(([model, values]) =>
      b.years.map((year, i) => ({ scenario: b.scenario, model, x: year, value: values[i] })).filter((p) => p.value !== null),
    ),
  );
}

export interface BandChartOptions {
  labels: ChartLabels;
  band: BandPoint[];
  members?: MemberPoint[];
  /** x axis: years (quantitative) or month names (ordinal, in the order given). */
  x: { title: string; type: "year" } | { title: string; type: "month"; order: string[] };
  /** Horizontal rules at these values (zero for changes, thresholds). */
  rules?: number[];
  /** Title of the colour legend. */
  legend?: string;
  /** Spans of years shaded behind the lines (20-year windows, a warming level's years); year axes only. */
  spans?: SpanMark[];
}

/**
 * A span of years marked on a year axis: a 20-year window (grey), or the years in which the median model
 * reaches a warming level under a scenario (the scenario's colour).
 */
export interface SpanMark {
  start: number;
  end: number;
  label: string;
  scenario?: string;
}

/** The spans of 20-year windows, labelled with their years. */
export const windowSpans = (windows: readonly { start: number; end: number; label: string }[]): SpanMark[] =>
  windows.map((w) => ({ start: w.start, end: w.end + 1, label: w.label }));

/**
 * The span of a warming level under each scenario: the 20 years starting in the median of the models'
 * first years (`periods`: each model's window from `levelWindows`), so the median model's window.
 */
export function levelSpans(levelLabel: string, byScenario: readonly { scenario: string; name: string; periods: Readonly<Record<string, { start: number; end: number }>> }[]): SpanMark[] {
  return byScenario.flatMap(({ scenario, name, periods }) => {
    const starts = Object.values(periods)
      .map((p) => p.start)
      .sort((a, b) => a - b);
    if (starts.length === 0) return [];
    const mid = starts.length / 2;
    const start = starts.length % 2 === 1 ? starts[Math.floor(mid)] : Math.round((starts[mid - 1] + starts[mid]) / 2);
    return [{ start, end: start + 20, label: `${levelLabel} ${name}: ${start}-${start + 19} (median model)`, scenario }];
  });
}

/** Median line and p10-p90 band per scenario, individual models as thin lines when given. */
export function bandChartSpec({ labels, band, members, x, rules = [], legend = "Scenario", spans = [] }: BandChartOptions): TopLevelSpec {
  const scenarios = [...new Set(band.map((p) => p.scenario))];
  const xEncoding =
    x.type === "year"
      ? { field: "x", type: "quantitative" as const, title: x.title, axis: { format: "d", labelFlush: false, labelOverlap: "greedy" }, scale: { zero: false, nice: false } }
      : { field: "x", type: "ordinal" as const, title: x.title, sort: x.order, axis: { labelAngle: 0 } };
  const color = { field: "scenario", type: "nominal" as const, title: legend, scale: colorScale(scenarios) };
  const y = labels.axis;
  const layers: object[] = [];
  if (spans.length > 0 && x.type === "year") {
    const windows = spans.filter((s) => !s.scenario);
    const levels = spans.filter((s) => s.scenario);
    const spanX = { field: "start", type: "quantitative" as const, title: x.title };
    if (windows.length > 0) {
      layers.push({
        data: { values: windows },
        mark: { type: "rect", color: "#8f99a8", opacity: 0.08 },
        encoding: { x: spanX, x2: { field: "end" }, tooltip: [{ field: "label", title: "20-year window" }] },
      });
    }
    if (levels.length > 0) {
      layers.push({
        data: { values: levels },
        mark: { type: "rect", opacity: 0.16 },
        encoding: {
          x: spanX,
          x2: { field: "end" },
          color: { field: "scenario", type: "nominal", title: legend, scale: colorScale(scenarios), legend: null },
          tooltip: [{ field: "label", title: "Warming level" }],
        },
      });
      layers.push({
        data: { values: levels },
        mark: { type: "text", align: "left", baseline: "top", dx: 3, dy: 3, fontSize: 10 },
        encoding: {
          x: spanX,
          y: { value: 0 },
          text: { field: "label" },
          color: { field: "scenario", type: "nominal", scale: colorScale(scenarios), legend: null },
        },
      });
    }
  }
  layers.push(
    {
      data: { values: band },
      mark: { type: "area", opacity: 0.2 },
      encoding: {
        x: xEncoding,
        y: { field: "p10", type: "quantitative", title: y, scale: { zero: false }, axis: { format: AXIS_FORMAT } },
        y2: { field: "p90" },
        color,
      },
    },
  );
  if (members && members.length > 0) {
    layers.push({
      data: { values: members },
      mark: { type: "line", strokeWidth: 0.6, opacity: 0.35 },
      encoding: {
        x: xEncoding,
        y: { field: "value", type: "quantitative", title: y },
        color,
        detail: { field: "model", type: "nominal" },
        tooltip: [
          { field: "model", title: "Model" },
          { field: "x", title: x.title },
          { field: "value", title: labels.units, format: valueFormat(labels) },
        ],
      },
    });
  }
  layers.push({
    data: { values: band },
    mark: { type: "line", strokeWidth: 2, point: x.type === "month" },
    encoding: {
      x: xEncoding,
      y: { field: "median", type: "quantitative", title: y },
      color,
      tooltip: [
        { field: "scenario", title: "Scenario" },
        { field: "x", title: x.title },
        { field: "median", title: `Median (${labels.units})`, format: valueFormat(labels) },
        { field: "p10", title: "p10", format: valueFormat(labels) },
        { field: "p90", title: "p90", format: valueFormat(labels) },
      ],
    },
  });
  if (rules.length > 0) {
    layers.push({
      data: { values: rules.map((rule) => ({ rule })) },
      mark: { type: "rule", strokeDash: [4, 4], color: "#8f99a8" },
      encoding: { y: { field: "rule", type: "quantitative" } },
    });
  }
  return {
    ...frame(labels),
    layer: layers as TopLevelSpec extends { layer: infer L } ? L : never,
    config: { legend: { orient: "bottom" } },
  } as TopLevelSpec;
}

/** Time series: median and p10-p90 per scenario over the years, models on demand. */
export function timeSeriesSpec(blocks: readonly ScenarioSeries[], labels: ChartLabels, showMembers: boolean, spans?: SpanMark[]): TopLevelSpec {
  return bandChartSpec({
    labels,
    band: bandPoints(blocks),
    members: showMembers ? memberPoints(blocks) : undefined,
    x: { title: "Year", type: "year" },
    spans,
  });
}

/** Change from the baseline: the same chart over changes, with a zero line. */
export function changeSpec(changeBlocks: readonly ScenarioSeries[], labels: ChartLabels, showMembers: boolean, spans?: SpanMark[]): TopLevelSpec {
  return bandChartSpec({
    labels,
    band: bandPoints(changeBlocks),
    members: showMembers ? memberPoints(changeBlocks) : undefined,
    x: { title: "Year", type: "year" },
    rules: [0],
    spans,
  });
}

/** One model of the model-selection scatter. */
export interface SpreadPoint {
  model: string;
  /** Change in temperature (°C) and in precipitation (%). */
  temperature: number;
  precipitation: number;
  selected: boolean;
}


/**
 * The model-selection scatter: each model's change in temperature against its change in precipitation,
 * the p10-p90 box of both axes, the ensemble median as a cross of rules, the selected models filled and
 * named. Points carry `model`, so a click on one can toggle it.
 */
export function spreadSpec(points: readonly SpreadPoint[], box: SpreadSummary, labels: ChartLabels): TopLevelSpec {
  const x = { field: "temperature", type: "quantitative" as const, title: "Change in temperature (°C)", scale: { zero: false, nice: true }, axis: { format: AXIS_FORMAT } };
  const y = { field: "precipitation", type: "quantitative" as const, title: "Change in precipitation (%)", scale: { zero: false, nice: true }, axis: { format: AXIS_FORMAT } };
  const t = box.temperature;
  const p = box.precipitation;
  const format = valueFormat(labels);
  return {
    ...frame(labels),
    layer: [
      {
        data: { values: [{ t10: t.p10, t90: t.p90, p10: p.p10, p90: p.p90 }] },
        mark: { type: "rect", color: "#8f99a8", opacity: 0.15 },
        encoding: {
          x: { field: "t10", type: "quantitative" },
          x2: { field: "t90" },
          y: { field: "p10", type: "quantitative" },
          y2: { field: "p90" },
          tooltip: [
            { field: "t10", title: "ΔT p10 (°C)", format },
            { field: "t90", title: "ΔT p90 (°C)", format },
            { field: "p10", title: "ΔP p10 (%)", format },
            { field: "p90", title: "ΔP p90 (%)", format },
          ],
        },
      },
      {
        data: { values: [{ temperature: t.median }] },
        mark: { type: "rule", color: "#404854", strokeDash: [4, 3] },
        encoding: { x: { field: "temperature", type: "quantitative" } },
      },
      {
        data: { values: [{ precipitation: p.median }] },
        mark: { type: "rule", color: "#404854", strokeDash: [4, 3] },
        encoding: { y: { field: "precipitation", type: "quantitative" } },
      },
      {
        data: { values: [{ temperature: t.median, precipitation: p.median, label: "Ensemble median" }] },
        mark: { type: "point", shape: "cross", size: 160, filled: true, color: "#404854" },
        encoding: {
          x,
          y,
          tooltip: [
            { field: "label", title: "" },
            { field: "temperature", title: "ΔT (°C)", format },
            { field: "precipitation", title: "ΔP (%)", format },
          ],
        },
      },
      {
        data: { values: points },
        mark: { type: "point", size: 60, strokeWidth: 1.5, cursor: "pointer" },
        encoding: {
          x,
          y,
          color: { condition: { test: "datum.selected", value: "#c22762" }, value: "#2d72d2" },
          fill: { condition: { test: "datum.selected", value: "#c22762" }, value: "transparent" },
          tooltip: [
            { field: "model", title: "Model" },
            { field: "temperature", title: "ΔT (°C)", format },
            { field: "precipitation", title: "ΔP (%)", format },
            { field: "selected", title: "Selected" },
          ],
        },
      },
      {
        data: { values: points.filter((q) => q.selected) },
        mark: { type: "text", align: "left", dx: 6, dy: -6, fontSize: 10, color: "#c22762" },
        encoding: { x, y, text: { field: "model" } },
      },
    ] as TopLevelSpec extends { layer: infer L } ? L : never,
  } as TopLevelSpec;
}

/** Annual cycle: per scenario, median and p10-p90 of the models' monthly means. */
export function annualCycleSpec(cycle: BandPoint[], monthOrder: string[], labels: ChartLabels): TopLevelSpec {
  return bandChartSpec({ labels, band: cycle, x: { title: "Month", type: "month", order: monthOrder } });
}

export interface BarDatum {
  /** Category on the x axis, e.g. an ENSO phase. */
  category: string;
  /** Group within a category (colour), e.g. a season. */
  group: string;
  value: number | null;
}

/** Grouped bars, e.g. composite anomalies per ENSO phase and season, with a zero line. */
export function barChartSpec(data: BarDatum[], labels: ChartLabels, categoryTitle: string, order: string[]): TopLevelSpec {
  const groups = [...new Set(data.map((d) => d.group))];
  return {
    ...frame(labels),
    data: { values: data.filter((d) => d.value !== null) },
    mark: { type: "bar" },
    encoding: {
      x: { field: "category", type: "nominal", title: categoryTitle, sort: order },
      xOffset: { field: "group" },
      y: { field: "value", type: "quantitative", title: labels.axis, axis: { format: AXIS_FORMAT } },
      color: { field: "group", type: "nominal", title: "", scale: colorScale(groups) },
      tooltip: [
        { field: "category", title: categoryTitle },
        { field: "group", title: "Series" },
        { field: "value", title: labels.units, format: valueFormat(labels) },
      ],
    },
    config: { legend: { orient: "bottom" } },
  } as TopLevelSpec;
}
