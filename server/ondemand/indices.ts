import { checkBlock, type BlockVariable, type DailyBlock } from "./daily";
import { seasonError, seasonLayout, seasonOf, type Season } from "./season";

/**
 * Climate indices a user defines: the threshold, base or spell length, the variable and the months. The
 * catalogue (`ONDEMAND_INDICES`) is plain data, so that an API can list every index with its parameters,
 * allowed values and ranges, and `resolveIndex` checks a request against it (a bad field gets its name,
 * the rule and the allowed values, as the portal's 400s do).
 *
 * Each index is computed per grid cell and per season year from that cell's days, as ETCCDI defines its
 * indices (climdex.pcic), and as CDO's ECA operators compute them over a span of days: the definitions
 * below name both, and `indices.cdo.test.ts` checks every index against CDO.
 *
 * Rules common to every index:
 * - **Season.** Only the days of the chosen months count; a season crossing the new year (November-March)
 *   is counted in the year it ends (`./season.ts`).
 * - **Missing days.** A cell has no value (NaN) for a season year with a missing day of the variable in
 *   the season, as the ingest's monthly and annual indices (`server/series/ingest/indices.ts`). A season
 *   year the block does not hold in full is not computed.
 * - **Spells within the season only.** A spell counts with its days inside the season: a run of days that
 *   began before the season's first day counts from that day, one that goes on after the season's last day
 *   ends there, and a day outside the season (between the months of a season such as January and July) ends
 *   a run. Unlike the portal's annual CDD and CWD, which follow climdex in letting a spell run across the
 *   new year; this is the rule of CDO's ECA operators over a span of days and of climdex with
 *   `spells.can.span.years = FALSE`.
 * - **Comparisons** are exact on the values as stored (float32): "above" is strictly greater and "below"
 *   strictly less (SU, TR, FD), "at or above" for rain (R10mm).
 */

export const INDEX_CODES = [
  "days-above",
  "days-below",
  "wet-days",
  "warm-spell-longest",
  "warm-spell-count",
  "dry-spell-longest",
  "dry-spell-count",
  "growing-degree-days",
  "cooling-degree-days",
  "heating-degree-days",
  "season-total",
  "season-mean",
  "season-max",
  "season-min",
] as const;
export type IndexCode = (typeof INDEX_CODES)[number];

/** A parameter of an index: a number within a range, a whole number within a range, or one of a list. */
export type ParameterDefinition =
  | { name: string; kind: "number" | "integer"; description: string; units: string; min: number; max: number; default: number }
  | { name: string; kind: "choice"; description: string; values: readonly string[]; default: string };

export interface IndexDefinition {
  code: IndexCode;
  name: string;
  /** What the value is, in a sentence with its formula. */
  description: string;
  /** Units of the value; "variable" when they are the variable's (`unitsOf`). */
  units: string;
  parameters: readonly ParameterDefinition[];
  /** The standard definition it follows, and where it departs from it. */
  standard: string;
  /** The CDO operator it is checked against (`indices.cdo.test.ts`). */
  cdo: string;
}

/** The season parameter every index has: the months counted, 1-12, default the whole year. */
export const MONTHS_PARAMETER = {
  name: "months",
  description:
    "The calendar months counted (1-12), any set; default all twelve. A season crossing the new year (11, 12, 1, 2, 3) is counted in the year it ends.",
  min: 1,
  max: 12,
  default: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
} as const;

const TEMPERATURES = ["tasmax", "tasmin", "tas"] as const;
const temperature = (fallback: (typeof TEMPERATURES)[number]): ParameterDefinition => ({
  name: "variable",
  kind: "choice",
  description: "Daily maximum (tasmax), minimum (tasmin) or mean (tas) near-surface air temperature.",
  values: TEMPERATURES,
  default: fallback,
});
const temperatureThreshold = (fallback: number): ParameterDefinition => ({
  name: "threshold",
  kind: "number",
  description: "Temperature threshold.",
  units: "°C",
  min: -60,
  max: 60,
  default: fallback,
});
const rainThreshold = (description: string, min: number, fallback: number): ParameterDefinition => ({
  name: "threshold",
  kind: "number",
  description,
  units: "mm",
  min,
  max: 500,
  default: fallback,
});
const MIN_DAYS: ParameterDefinition = {
  name: "minDays",
  kind: "integer",
  description: "Shortest run counted, days.",
  units: "days",
  min: 1,
  max: 366,
  default: 6,
};
const base = (fallback: number): ParameterDefinition => ({
  name: "base",
  kind: "number",
  description: "Base temperature.",
  units: "°C",
  min: -30,
  max: 50,
  default: fallback,
});
const anyVariable = (values: readonly BlockVariable[], fallback: BlockVariable): ParameterDefinition => ({
  name: "variable",
  kind: "choice",
  description: "Daily maximum, minimum or mean temperature (tasmax, tasmin, tas) or precipitation (pr).",
  values,
  default: fallback,
});
const PR_ONLY: ParameterDefinition = { name: "variable", kind: "choice", description: "Daily precipitation.", values: ["pr"], default: "pr" };
const TG_ONLY: ParameterDefinition = { name: "variable", kind: "choice", description: "Daily mean temperature.", values: ["tas"], default: "tas" };
const ALL_VARIABLES: readonly BlockVariable[] = ["tasmax", "tasmin", "tas", "pr"];

export const ONDEMAND_INDICES: Readonly<Record<IndexCode, IndexDefinition>> = {
  "days-above": {
    code: "days-above",
    name: "Days above a temperature",
    description: "Days of the season with the variable strictly above the threshold: count(T > threshold).",
    units: "days",
    parameters: [temperature("tasmax"), temperatureThreshold(25)],
    standard:
      "ETCCDI SU (summer days, TX > 25 °C) and TR (tropical nights, TN > 20 °C) with the user's variable and threshold; climdex.pcic number.days.op.threshold with '>'.",
    cdo: "eca_su,T (etccdi_su); eca_tr,T for tasmin",
  },
  "days-below": {
    code: "days-below",
    name: "Days below a temperature",
    description: "Days of the season with the variable strictly below the threshold: count(T < threshold).",
    units: "days",
    parameters: [temperature("tasmin"), temperatureThreshold(0)],
    standard: "ETCCDI FD (frost days, TN < 0 °C) and ID (ice days, TX < 0 °C) with the user's variable and threshold.",
    cdo: "eca_fd (TN < 0 °C; other thresholds on the field less the threshold)",
  },
  "wet-days": {
    code: "wet-days",
    name: "Days with rain at or above an amount",
    description: "Days of the season with precipitation at or above the threshold: count(PR >= threshold).",
    units: "days",
    parameters: [PR_ONLY, rainThreshold("Daily precipitation amount.", 0.1, 10)],
    standard: "ETCCDI R10mm, R20mm and Rnnmm (days with PRCP >= nn mm); climdex.pcic number.days.op.threshold with '>='.",
    cdo: "eca_pd,x (eca_r10mm, eca_r20mm, eca_rr1)",
  },
  "warm-spell-longest": {
    code: "warm-spell-longest",
    name: "Longest warm spell",
    description: "The longest run of consecutive days of the season with the variable strictly above the threshold (0 without such a day).",
    units: "days",
    parameters: [temperature("tasmax"), temperatureThreshold(25)],
    standard: "ECA&D CSU (consecutive summer days, TX > 25 °C) with the user's variable and threshold; spells within the season only.",
    cdo: "eca_csu,T (its first output)",
  },
  "warm-spell-count": {
    code: "warm-spell-count",
    name: "Warm spells",
    description: "The number of runs of at least minDays consecutive days of the season with the variable strictly above the threshold.",
    units: "spells",
    parameters: [temperature("tasmax"), temperatureThreshold(25), MIN_DAYS],
    standard: "ECA&D's count of summer periods that comes with CSU, with the user's variable, threshold and length; spells within the season only.",
    cdo: "eca_csu,T,N (its second output; CDO counts runs of more than N days, so N = minDays - 1)",
  },
  "dry-spell-longest": {
    code: "dry-spell-longest",
    name: "Longest dry spell",
    description: "The longest run of consecutive days of the season with precipitation below the threshold (0 without such a day).",
    units: "days",
    parameters: [PR_ONLY, rainThreshold("Daily precipitation amount under which a day is dry.", 0.1, 1)],
    standard:
      "ETCCDI CDD (consecutive dry days, PRCP < 1 mm) with the user's threshold; spells within the season only (the portal's annual CDD follows climdex across the new year).",
    cdo: "eca_cdd,R (its first output)",
  },
  "dry-spell-count": {
    code: "dry-spell-count",
    name: "Dry spells",
    description: "The number of runs of at least minDays consecutive days of the season with precipitation below the threshold.",
    units: "spells",
    parameters: [PR_ONLY, rainThreshold("Daily precipitation amount under which a day is dry.", 0.1, 1), MIN_DAYS],
    standard: "ECA&D's count of dry periods that comes with CDD, with the user's threshold and length; spells within the season only.",
    cdo: "eca_cdd,R,N (its second output; CDO counts runs of more than N days, so N = minDays - 1)",
  },
  "growing-degree-days": {
    code: "growing-degree-days",
    name: "Growing degree days",
    description: "The sum over the season of the daily mean temperature's excess over the base: sum(max(0, TG - base)).",
    units: "°C day",
    parameters: [TG_ONLY, base(10)],
    standard:
      "ECA&D GD4 (sum of TG - 4 °C where TG > 4 °C) with the user's base, over the chosen months: no growing-season start or end rule (unlike ETCCDI GSL).",
    cdo: "eca_hd,-base on the mirrored temperatures (-TG), and timsum(max(0, TG - base))",
  },
  "cooling-degree-days": {
    code: "cooling-degree-days",
    name: "Cooling degree days",
    description: "The sum over the season of the daily mean temperature's excess over the base: sum(max(0, TG - base)).",
    units: "°C day",
    parameters: [TG_ONLY, base(18)],
    standard: "The degree-day sum of ECA&D's GD4 above a comfort base (18 °C by default) instead of 4 °C.",
    cdo: "eca_hd,-base on the mirrored temperatures (-TG), and timsum(max(0, TG - base))",
  },
  "heating-degree-days": {
    code: "heating-degree-days",
    name: "Heating degree days",
    description: "The sum over the season of the daily mean temperature's shortfall under the base: sum(max(0, base - TG)).",
    units: "°C day",
    parameters: [TG_ONLY, base(17)],
    standard: "ECA&D HD17 (sum of 17 °C - TG where TG < 17 °C) with the user's base.",
    cdo: "eca_hd,base,base",
  },
  "season-total": {
    code: "season-total",
    name: "Season total",
    description: "The precipitation of every day of the season added up.",
    units: "mm",
    parameters: [PR_ONLY],
    standard: "The season's total of all days (ETCCDI PRCPTOT adds only the wet days, PRCP >= 1 mm).",
    cdo: "timsum",
  },
  "season-mean": {
    code: "season-mean",
    name: "Season mean",
    description: "The mean of the variable over the days of the season.",
    units: "variable",
    parameters: [anyVariable(ALL_VARIABLES, "tas")],
    standard: "The season mean of the daily values (for tasmax - tasmin it would be ETCCDI DTR).",
    cdo: "timmean",
  },
  "season-max": {
    code: "season-max",
    name: "Season maximum",
    description: "The highest daily value of the variable in the season.",
    units: "variable",
    parameters: [anyVariable(ALL_VARIABLES, "tasmax")],
    standard: "ETCCDI TXx (tasmax), TNx (tasmin) and Rx1day (pr) over the season.",
    cdo: "timmax; eca_rx1day for pr",
  },
  "season-min": {
    code: "season-min",
    name: "Season minimum",
    description: "The lowest daily value of the variable in the season.",
    units: "variable",
    parameters: [anyVariable(["tasmax", "tasmin", "tas"], "tasmin")],
    standard: "ETCCDI TNn (tasmin) and TXn (tasmax) over the season.",
    cdo: "timmin",
  },
};

/** What an index asks of a cell's days. */
export type Reduction =
  | { kind: "count"; op: ">" | "<" | ">="; threshold: number }
  | { kind: "longest"; op: ">" | "<"; threshold: number }
  | { kind: "runs"; op: ">" | "<"; threshold: number; minDays: number }
  /** sum(max(0, sign * (v - base))) */
  | { kind: "degrees"; base: number; sign: 1 | -1 }
  | { kind: "sum" | "mean" | "max" | "min" };

/** An index with every parameter set: what `cellYearValues` computes. */
export interface OnDemandIndex {
  code: IndexCode;
  season: Season;
  variable: BlockVariable;
  /** Every parameter's value (defaults filled in), months included, as a canonical record. */
  parameters: Record<string, number | string | number[]>;
  reduction: Reduction;
}

/** A request for an index: its code, the months and the parameters by name. */
export interface IndexRequest {
  index: string;
  months?: readonly number[];
  [parameter: string]: unknown;
}

export interface IndexRequestError {
  field: string;
  message: string;
  allowed?: readonly string[] | { min: number; max: number };
}

/** A request checked against the catalogue: the index, or every field that is wrong. */
export function resolveIndex(request: IndexRequest): { ok: true; index: OnDemandIndex } | { ok: false; errors: IndexRequestError[] } {
  const definition = (ONDEMAND_INDICES as Record<string, IndexDefinition | undefined>)[request.index];
  if (!definition) return { ok: false, errors: [{ field: "index", message: `unknown index "${String(request.index)}"`, allowed: INDEX_CODES }] };
  const errors: IndexRequestError[] = [];
  const months = request.months ?? MONTHS_PARAMETER.default;
  const seasonProblem = Array.isArray(months) ? seasonError(months) : "months must be a list";
  if (seasonProblem) errors.push({ field: "months", message: seasonProblem, allowed: { min: 1, max: 12 } });
  const known = new Set(["index", "months", ...definition.parameters.map((p) => p.name)]);
  for (const field of Object.keys(request)) {
    if (!known.has(field) && request[field] !== undefined) errors.push({ field, message: `${definition.code} has no parameter "${field}"`, allowed: [...known].filter((k) => k !== "index") });
  }
  const values: Record<string, number | string> = {};
  for (const p of definition.parameters) {
    const given = request[p.name];
    if (given === undefined) {
      values[p.name] = p.default;
      continue;
    }
    if (p.kind === "choice") {
      if (typeof given !== "string" || !p.values.includes(given)) errors.push({ field: p.name, message: `${p.name} must be one of ${p.values.join(", ")}`, allowed: p.values });
      else values[p.name] = given;
      continue;
    }
    const ok = typeof given === "number" && Number.isFinite(given) && given >= p.min && given <= p.max && (p.kind === "number" || Number.isInteger(given));
    if (!ok) errors.push({ field: p.name, message: `${p.name} must be ${p.kind === "integer" ? "a whole number" : "a number"} from ${p.min} to ${p.max} ${p.units}`, allowed: { min: p.min, max: p.max } });
    else values[p.name] = given as number;
  }
  if (errors.length > 0) return { ok: false, errors };
  const season = seasonOf(months as number[]);
  const variable = values.variable as BlockVariable;
  return {
    ok: true,
    index: { code: definition.code, season, variable, parameters: { ...values, months: [...season.months] }, reduction: reductionOf(definition.code, values) },
  };
}

function reductionOf(code: IndexCode, p: Record<string, number | string>): Reduction {
  const threshold = p.threshold as number;
  switch (code) {
    case "days-above":
      return { kind: "count", op: ">", threshold };
    case "days-below":
      return { kind: "count", op: "<", threshold };
    case "wet-days":
      return { kind: "count", op: ">=", threshold };
    case "warm-spell-longest":
      return { kind: "longest", op: ">", threshold };
    case "warm-spell-count":
      return { kind: "runs", op: ">", threshold, minDays: p.minDays as number };
    case "dry-spell-longest":
      return { kind: "longest", op: "<", threshold };
    case "dry-spell-count":
      return { kind: "runs", op: "<", threshold, minDays: p.minDays as number };
    case "growing-degree-days":
    case "cooling-degree-days":
      return { kind: "degrees", base: p.base as number, sign: 1 };
    case "heating-degree-days":
      return { kind: "degrees", base: p.base as number, sign: -1 };
    case "season-total":
      return { kind: "sum" };
    case "season-mean":
      return { kind: "mean" };
    case "season-max":
      return { kind: "max" };
    case "season-min":
      return { kind: "min" };
  }
}

const VARIABLE_UNITS: Record<BlockVariable, string> = { tasmax: "°C", tasmin: "°C", tas: "°C", pr: "mm/day" };

/** The units of an index's values (a season's highest daily rain is a day's amount, mm). */
export function unitsOf(index: OnDemandIndex): string {
  const units = ONDEMAND_INDICES[index.code].units;
  if (units !== "variable") return units;
  return index.variable === "pr" && (index.reduction.kind === "max" || index.reduction.kind === "min") ? "mm" : VARIABLE_UNITS[index.variable];
}

/** Each cell's value per season year: `values[cell * years.length + y]`, NaN where a cell has none. */
export interface CellYears {
  years: number[];
  cells: number;
  values: Float64Array;
}

/**
 * The index per cell and season year over the season years the block holds in full; undefined when the
 * block lacks the index's variable (the model has no such daily variable).
 */
export function cellYearValues(block: DailyBlock, index: OnDemandIndex): CellYears | undefined {
  checkBlock(block);
  const data = block.values[index.variable];
  if (!data) return undefined;
  const layout = seasonLayout(block, index.season);
  const nYears = layout.years.length;
  const out = new Float64Array(block.cells * nYears);
  const reduce = reducer(index.reduction);
  for (let cell = 0; cell < block.cells; cell++) {
    const offset = cell * block.days;
    for (let y = 0; y < nYears; y++) out[cell * nYears + y] = reduce(data, offset, layout.runs[y]);
  }
  return { years: layout.years, cells: block.cells, values: out };
}

/** One cell's season year: the values at `offset + day` over the runs of days [from, to). NaN on a missing day. */
type CellReducer = (data: Float32Array, offset: number, runs: Int32Array) => number;

function reducer(r: Reduction): CellReducer {
  switch (r.kind) {
    case "count": {
      const holds = test(r.op, r.threshold);
      return (data, offset, runs) => {
        let n = 0;
        for (let k = 0; k < runs.length; k += 2) {
          for (let d = offset + runs[k]; d < offset + runs[k + 1]; d++) {
            const v = data[d];
            if (v !== v) return NaN;
            if (holds(v)) n++;
          }
        }
        return n;
      };
    }
    case "longest":
    case "runs": {
      const holds = test(r.op, r.threshold);
      const minDays = r.kind === "runs" ? r.minDays : 1;
      const longest = r.kind === "longest";
      return (data, offset, runs) => {
        let best = 0;
        let count = 0;
        for (let k = 0; k < runs.length; k += 2) {
          // a run of the season's days: a spell ends at its end
          let run = 0;
          for (let d = offset + runs[k]; d < offset + runs[k + 1]; d++) {
            const v = data[d];
            if (v !== v) return NaN;
            if (holds(v)) {
              run++;
              continue;
            }
            if (run > best) best = run;
            if (run >= minDays) count++;
            run = 0;
          }
          if (run > best) best = run;
          if (run >= minDays) count++;
        }
        return longest ? best : count;
      };
    }
    case "degrees": {
      const { base, sign } = r;
      return (data, offset, runs) => {
        let sum = 0;
        for (let k = 0; k < runs.length; k += 2) {
          for (let d = offset + runs[k]; d < offset + runs[k + 1]; d++) {
            const v = data[d];
            if (v !== v) return NaN;
            const excess = sign * (v - base);
            if (excess > 0) sum += excess;
          }
        }
        return sum;
      };
    }
    case "sum":
    case "mean":
    case "max":
    case "min": {
      const kind = r.kind;
      return (data, offset, runs) => {
        let sum = 0;
        let n = 0;
        let max = -Infinity;
        let min = Infinity;
        for (let k = 0; k < runs.length; k += 2) {
          for (let d = offset + runs[k]; d < offset + runs[k + 1]; d++) {
            const v = data[d];
            if (v !== v) return NaN;
            sum += v;
            n++;
            if (v > max) max = v;
            if (v < min) min = v;
          }
        }
        return kind === "sum" ? sum : kind === "mean" ? sum / n : kind === "max" ? max : min;
      };
    }
  }
}

function test(op: ">" | "<" | ">=", threshold: number): (v: number) => boolean {
  if (op === ">") return (v) => v > threshold;
  if (op === "<") return (v) => v < threshold;
  return (v) => v >= threshold;
}
