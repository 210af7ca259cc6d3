import type { Config, TopLevelSpec } from "vega-lite";
import { SCENARIO_COLORS } from "~/features/cmip6/charts/specs";
import type { DrawText } from "~/features/cmip6/charts/draw.server";
import { BASELINE_PERIOD, MONTH_NAMES } from "~/features/cmip6/periods";
import { displayDecimalsOf } from "~/features/cmip6/indicatorRules";
import { AXIS_FORMAT, formatNumber } from "~/lib/format";
import type { MonthlyCycle, PlaceProfile, ProfileCell, ProfileRow } from "./profile";

/**
 * The profile's charts as Vega-Lite specifications with their text (title, description): the server draws
 * them into SVG (the page through its drawing context, the data pack through charts.server.ts), with no
 * client JavaScript; a title and description for screen readers, no background, the portal's font, and
 * classes that styles/profile-graphics.css recolours for the dark theme and print. Axes read round ticks with
 * the decimals their step needs (`AXIS_FORMAT`); the text gives values at the indicator's display decimals.
 */

export interface ChartSvgOptions {
  /** The chart's heading inside the graphic. */
  title?: string;
  /** Prefix of the ids of the title and description (unique on the page). */
  idPrefix?: string;
}

/** The indicators whose change the profile charts. */
export const CHANGE_CHART_CODES = ["tas", "pr"] as const;

/** A chart to draw: its specification and its accessible text. */
export interface ProfileChart {
  spec: TopLevelSpec;
  text: DrawText;
}

/** What a change chart reads of a profile (or of its view): the rows' changes, the scenarios and the choices. */
export interface ChangeChartInput {
  rows: readonly (Pick<ProfileRow, "code" | "name" | "units"> & { changes: Record<string, Record<string, Pick<ProfileCell, "median" | "p10" | "p90" | "agreement">>> })[];
  scenarios: PlaceProfile["scenarios"];
  choices: PlaceProfile["choices"];
}

/** The portal's font (styles/fonts.css), so the page draws the chart's text with it; a system sans-serif by itself. */
const FONT = "Public Sans, Arial, sans-serif";
const TEXT = "#2f2b3d";
const MUTED = "#5c5a66";
const GRID = "#d8d6de";
/** Series colours of the portal's chart palette (cmip6/charts/specs.ts). */
const VARIABLE_COLORS: Record<string, string> = { pr: "#2d72d2", tas: "#c22762" };
const MONTHS = MONTH_NAMES.map((m) => m.slice(0, 3));

/** The profile charts' look, merged over each specification when it is drawn. */
export const PROFILE_CHART_CONFIG: Config = {
  font: FONT,
  background: "transparent",
  aria: false,
  view: { stroke: null },
  title: { anchor: "start", color: TEXT, subtitleColor: MUTED, fontSize: 14, fontWeight: 600, subtitleFontSize: 11 },
  axis: { labelColor: MUTED, titleColor: TEXT, gridColor: GRID, domainColor: MUTED, tickColor: MUTED, labelFontSize: 11, titleFontSize: 11, titleFontWeight: 500 },
  legend: { orient: "bottom", labelColor: TEXT, titleColor: TEXT, labelFontSize: 11, titleFontSize: 11, titleFontWeight: 500, symbolStrokeWidth: 1.5 },
};

/** "Mean temperature" → "mean temperature", "PRCPTOT" unchanged. */
const lowerFirst = (name: string) => (/^[A-Z][a-z]/.test(name) ? name[0].toLowerCase() + name.slice(1) : name);

const withUnits = (name: string, units: string) => (units ? `${name} (${units})` : name);

/** "highest in July (8.2 mm/day)". */
function extreme(variable: MonthlyCycle, which: "max" | "min", word: string) {
  const medians = variable.months.map((m) => m.median);
  const values = medians.filter((v): v is number => v !== null);
  if (values.length === 0) return undefined;
  const target = which === "max" ? Math.max(...values) : Math.min(...values);
  return `${word} in ${MONTH_NAMES[medians.indexOf(target)]} (${formatNumber(target, displayDecimalsOf(variable.code))} ${variable.units})`;
}

/**
 * The 1995-2014 monthly climate: precipitation (`pr`) as bars of the models' median with 10th-90th
 * percentile whiskers on the right axis, temperature (`tas`) as the median line in its 10th-90th
 * percentile band on the left axis.
 */
export function monthlyCycleChart(cycle: readonly MonthlyCycle[], options: ChartSvgOptions = {}): ProfileChart {
  const { title = `Monthly climate, ${BASELINE_PERIOD.label}`, idPrefix = "monthly-cycle" } = options;
  const variables = (["tas", "pr"] as const).flatMap((code) => cycle.filter((c) => c.code === code));
  const legend = { domain: variables.map((v) => v.name), range: variables.map((v) => VARIABLE_COLORS[v.code]) };
  const x = { field: "month", type: "ordinal", scale: { domain: MONTHS }, title: null, axis: { labelAngle: 0 } } as const;

  // one layer per variable, each with its own y scale: bars (pr, right axis) and a line (tas, left axis)
  const layers = variables.map((v) => {
    const values = v.months.map((m, i) => ({ month: MONTHS[i], median: m.median, p10: m.p10, p90: m.p90 }));
    const color = VARIABLE_COLORS[v.code];
    const y = {
      type: "quantitative",
      title: withUnits(v.name, v.units),
      axis: { format: AXIS_FORMAT, orient: v.code === "pr" ? "right" : "left", grid: v.code === "tas" || variables.length === 1 },
      scale: { zero: v.code === "pr" },
    } as const;
    const median = { y: { ...y, field: "median" }, color: { datum: v.name, type: "nominal", title: null, scale: legend } } as const;
    const range = { name: `${v.code}_range`, transform: [{ filter: "isValid(datum.p10) && isValid(datum.p90)" }], encoding: { y: { ...y, field: "p10" }, y2: { field: "p90" } } };
    const layer =
      v.code === "pr"
        ? [
            { name: "pr_median", mark: { type: "bar", fillOpacity: 0.45, width: { band: 0.6 } }, encoding: median },
            { ...range, mark: { type: "rule", color, strokeWidth: 1.5 } },
          ]
        : [
            { ...range, mark: { type: "area", color, opacity: 0.18 } },
            { name: "tas_median", mark: { type: "line", strokeWidth: 2, point: { fill: color, size: 24 } }, encoding: median },
          ];
    return { data: { values: values.filter((d) => d.median !== null) }, encoding: { x }, layer };
  });
  const empty = { data: { values: [{}] }, mark: { type: "text", color: MUTED, fontSize: 12 }, encoding: { text: { value: "No monthly data for this place" } } };

  const models = Math.max(0, ...variables.flatMap((v) => v.months.map((m) => m.count)));
  const spec = {
    title: { text: title, subtitle: `Median of ${models} models with their 10th-90th percentiles` },
    width: 480,
    height: 220,
    layer: layers.length > 0 ? layers : [empty],
    resolve: { scale: { y: "independent" } },
  } as unknown as TopLevelSpec;

  const desc = [
    `Monthly climate over the ${BASELINE_PERIOD.label} baseline, January to December: the median of ${models} models' monthly means with their 10th to 90th percentiles.`,
    ...variables.map((v) =>
      [
        `${withUnits(v.name, v.units)}, ${v.code === "pr" ? "bars on the right axis" : "line on the left axis"}:`,
        [extreme(v, "max", "highest"), extreme(v, "min", "lowest")].filter(Boolean).join(", "),
      ].join(" ") + ".",
    ),
  ].join(" ");
  return { spec, text: { title, desc, idPrefix } };
}

/**
 * The change of one indicator from the 1995-2014 baseline at each window choice (20-year windows, then
 * warming levels, in `choices` order): per scenario the models' median as a point with its 10th-90th
 * percentile range as a line, filled where the models agree on the sign of the change, around a zero line.
 */
export function changeChart(profile: ChangeChartInput, code: string, options: ChartSvgOptions = {}): ProfileChart {
  const row = profile.rows.find((r) => r.code === code);
  if (!row) throw new Error(`The profile has no indicator "${code}"`);
  const { title = `Change in ${lowerFirst(row.name)}`, idPrefix = `change-${code}` } = options;
  const scenarioNames = profile.scenarios.map((s) => s.name);
  const points = profile.scenarios.flatMap((s) =>
    profile.choices.flatMap((c) => {
      const cell = row.changes[s.code]?.[c.code];
      if (!cell || cell.median === null) return [];
      return [{ choice: c.label, scenario: s.name, median: cell.median, p10: cell.p10, p90: cell.p90, robust: cell.agreement?.robust === true }];
    }),
  );

  const color = {
    field: "scenario",
    type: "nominal",
    title: null,
    scale: { domain: scenarioNames, range: profile.scenarios.map((s) => SCENARIO_COLORS[s.code] ?? MUTED) },
  } as const;
  const x = { field: "choice", type: "ordinal", scale: { domain: profile.choices.map((c) => c.label) }, title: "20-year window or global warming level", axis: { labelAngle: 0 } } as const;
  const y = { type: "quantitative", title: withUnits(`Change from ${BASELINE_PERIOD.label}`, row.units), axis: { format: AXIS_FORMAT } } as const;
  const xOffset = { field: "scenario", type: "nominal", sort: scenarioNames, scale: { paddingInner: 0.3 } } as const;
  const spec = {
    title: { text: title, subtitle: ["Median of the models (point) with their 10th-90th percentiles (line)", "Filled: robust, at least 80 % of the models agree on the sign; hollow: fewer agree"] },
    width: 480,
    height: 220,
    layer: [
      { name: "zero", data: { values: [{ zero: 0 }] }, mark: { type: "rule", color: MUTED, strokeDash: [4, 3] }, encoding: { y: { ...y, field: "zero" } } },
      {
        data: { values: points },
        encoding: { x, xOffset, color },
        layer: [
          { name: "range", transform: [{ filter: "isValid(datum.p10) && isValid(datum.p90)" }], mark: { type: "rule", strokeWidth: 1.5 }, encoding: { y: { ...y, field: "p10" }, y2: { field: "p90" } } },
          ...[true, false].map((robust) => ({
            name: robust ? "robust" : "hollow",
            transform: [{ filter: robust ? "datum.robust" : "!datum.robust" }],
            mark: { type: "point", filled: robust, size: 50, strokeWidth: 1.5, opacity: 1 },
            encoding: { y: { ...y, field: "median" } },
          })),
        ],
      },
    ],
  } as unknown as TopLevelSpec;

  const sorted = [...points].sort((a, b) => a.median - b.median);
  const at = (p: (typeof points)[number]) => `${formatNumber(p.median, displayDecimalsOf(row.code), { signed: true })}${row.units ? ` ${row.units}` : ""} (${p.scenario}, ${p.choice})`;
  const robust = points.filter((p) => p.robust).length;
  const desc = [
    `Change in ${lowerFirst(row.name)}${row.units ? ` (${row.units})` : ""} from the ${BASELINE_PERIOD.label} baseline for ${profile.choices.map((c) => c.label).join(", ")}`,
    `under ${scenarioNames.join(" and ")}: the median of the models as a point with their 10th to 90th percentiles as a line.`,
    points.length > 0 ? `Medians range from ${at(sorted[0])} to ${at(sorted[sorted.length - 1])}.` : "No values.",
    `Filled points (${robust} of ${points.length}): robust, at least 80 % of the models agree on the sign of the change; hollow points: fewer agree.`,
  ].join(" ");
  return { spec, text: { title, desc, idPrefix } };
}
