import { BASELINE_PERIOD, CLIMATOLOGY_PERIODS } from "~/features/cmip6/periods";
import type { PlaceKind } from "~/features/places/places";
import type { ScenarioValue } from "~/features/cmip6/schema";
import { readSubset, writeSubset, type ModelSubset } from "~/features/cmip6/subsets";
import { WINDOW_CHOICES, type LevelWindows, type WindowChoice } from "~/features/cmip6/warmingLevels";
import type { Agreement } from "~/features/cmip6/windows";
import { fieldRange, fittedScale } from "~/features/grids/scale";

const ENSEMBLE = "ensemble";

/**
 * The kinds of region the choropleth colours: the countries, the river basins, the states and provinces.
 * Not the disputed areas: each overlaps the countries and units a layer tiles, so they are places of their
 * own (pickers, series, profiles) but not a layer; the countries' outlines follow the deployment's WORLDVIEW.
 */
export type ChoroplethGeotype = Exclude<PlaceKind, "Disputed">;
export const CHOROPLETH_GEOTYPES: readonly ChoroplethGeotype[] = ["Country", "Basin", "State"];

/** A `geotype` parameter as the map and the API read it: one of the kinds, else the countries. */
export const readGeotype = (value: string | null): ChoroplethGeotype =>
  (CHOROPLETH_GEOTYPES as readonly (string | null)[]).includes(value) ? (value as ChoroplethGeotype) : "Country";

/** The answer of `/api/viewer/choropleth`: one period mean per region for one selection. */
export interface ChoroplethValue {
  geo: string;
  name: string;
  /**
   * The period's climatology: one model's mean of the annual values, or for the ensemble the median of the
   * models' means (`windowStatistics`); null without data or with fewer than 90 % of the years.
   */
  value: number | null;
  /** Models whose climatology the value comes from. */
  models: number;
  /** Why there is no value although some years have data ("incomplete: 1 of 20 years"). */
  incomplete?: string;
  /**
   * Why there is no value at all: the archive has no series of the place for the selection (a place the
   * models' grid does not reach, such as the Maldives' southern atolls, has none).
   */
  missing?: string;
  /**
   * Projection periods only: the median of the models' changes from their own 1995-2014 climatology, and
   * how many of those models agree on its sign (IPCC AR6 simple approach).
   */
  change?: number | null;
  agreement?: Agreement | null;
}

/** The period of an answer: a range of years, or a warming level with each model's window. */
export type ChoroplethWindow =
  | { kind: "years"; code: string; label: string; start: number; end: number }
  | ({
      kind: "gwl";
      code: string;
      label: string;
      /** Models with a window at the level, of the models asked for. */
      models: number;
      of: number;
      /** "+2 °C: 32 of 35 models under SSP2-4.5" and the method note with the models left out. */
      text: string;
      note: string;
    } & LevelWindows);

export interface ChoroplethResponse {
  indicator: { code: string; name: string; units: string; decimals: number };
  geotype: ChoroplethGeotype;
  scenario: string;
  /** `ensemble`, one model, or a comma list of models. */
  model: string;
  /** The years the values span (for a warming level, from the first model's window to the last one's). */
  period: { start: number; end: number };
  window: ChoroplethWindow;
  /** Projection periods: the baseline of `change` and the rule of `agreement`, as text. */
  baseline?: string;
  agreementRule?: string;
  values: ChoroplethValue[];
  sample: boolean;
}

/**
 * A choropleth request: `window` (a window code: `2040-2059`, `gwl:2.0`), or `start` and `end` as the
 * alternative to it.
 */
export interface ChoroplethQuery {
  indicator: string;
  geotype: ChoroplethGeotype;
  scenario: string;
  model: string;
  window?: string;
  start?: number;
  end?: number;
}

export const CHOROPLETH_PARAMS = ["indicator", "geotype", "scenario", "model", "window", "start", "end"] as const;

export function choroplethQueryString(q: ChoroplethQuery): string {
  const params = new URLSearchParams({ indicator: q.indicator, geotype: q.geotype, scenario: q.scenario, model: q.model });
  if (q.window !== undefined) params.set("window", q.window);
  if (q.start !== undefined) params.set("start", String(q.start));
  if (q.end !== undefined) params.set("end", String(q.end));
  return params.toString();
}

/** A period of the choropleth's select: its URL code, what it says, and whether it is a projection. */
export interface ChoroplethPeriod {
  code: string;
  label: string;
  scenario: "historical" | "projection";
  /** A range of years, or a warming level (whose years differ by model). */
  choice: WindowChoice;
}

const historical = (p: { start: number; end: number; label: string }): ChoroplethPeriod => ({
  code: p.label,
  label: p.label,
  scenario: "historical",
  choice: { kind: "years", code: p.label, label: p.label, period: p },
});

/**
 * Periods the choropleth offers: the historical baseline and climatologies, the projection windows, then
 * the global warming levels (projections under SSP2-4.5 or SSP5-8.5).
 */
export const CHOROPLETH_PERIODS: readonly ChoroplethPeriod[] = [
  historical(BASELINE_PERIOD),
  ...CLIMATOLOGY_PERIODS.filter((p) => p.start >= 1951 && p.end <= 2014).map(historical),
  ...WINDOW_CHOICES.map((choice) => ({ code: choice.code, label: choice.label, scenario: "projection" as const, choice })),
];

export const choroplethPeriod = (code: string) => CHOROPLETH_PERIODS.find((p) => p.code === code);

/** What the map colours: the period's values, or their change from 1995-2014. */
export type ChoroplethShow = "values" | "change";

export interface Selection {
  indicator: string;
  scenario: ScenarioValue;
  /** `ensemble` or one model; with `subset`, the subset's models instead. */
  model: string;
  subset?: ModelSubset;
  /** The code of a period of `CHOROPLETH_PERIODS`. */
  period: string;
  /** Change is offered for projection periods only. */
  show: ChoroplethShow;
  geotype: ChoroplethGeotype;
  range?: [number, number];
}

/** The map's selection from the page URL; `known` are the model ids of the catalogue. */
export function readChoropleth(params: URLSearchParams, known: readonly string[]): Selection {
  const period = choroplethPeriod(params.get("years") ?? "") ?? choroplethPeriod("2040-2059")!;
  const scen = params.get("scen");
  const scenario: ScenarioValue = period.scenario === "historical" ? "historical" : scen === "ssp585" ? "ssp585" : "ssp245";
  const smin = Number(params.get("smin"));
  const smax = Number(params.get("smax"));
  const subset = readSubset(params, "mod", known);
  const mod = params.get("mod") ?? "";
  return {
    indicator: params.get("indicator") || "tas",
    scenario,
    model: !subset && known.includes(mod) ? mod : ENSEMBLE,
    ...(subset ? { subset } : {}),
    period: period.code,
    show: params.get("show") === "change" && period.scenario === "projection" ? "change" : "values",
    geotype: readGeotype(params.get("geotype")),
    range: params.has("smin") && params.has("smax") && smin < smax ? [smin, smax] : undefined,
  };
}

export function writeChoropleth(params: URLSearchParams, s: Selection) {
  params.set("indicator", s.indicator);
  params.set("scen", s.scenario);
  if (s.subset) writeSubset(params, "mod", s.subset);
  else {
    writeSubset(params, "mod", undefined);
    params.set("mod", s.model);
  }
  params.set("years", s.period);
  if (s.show === "change") params.set("show", "change");
  else params.delete("show");
  params.set("geotype", s.geotype);
  if (s.range) {
    params.set("smin", String(s.range[0]));
    params.set("smax", String(s.range[1]));
  } else {
    params.delete("smin");
    params.delete("smax");
  }
}

/**
 * The colour range fitted to values (the map's default over every region shown, and "Fit to view" over
 * those in view), as the gridded map fits its field (`fittedScale`): from the 2nd to the 98th percentile
 * (type 7) of the values, or for a change symmetric about zero to the larger of |p2| and |p98|, rounded
 * outward to a readable class step. Undefined without a value.
 */
export function choroplethRange(values: readonly (number | null | undefined)[], change: boolean): [number, number] | undefined {
  const range = fieldRange(values.map((v) => (typeof v === "number" ? v : null)));
  if (range.p2 === null) return undefined;
  const { min, max } = fittedScale(change ? "diverging" : "sequential", range);
  return [min, max];
}

/** The choropleth request of a selection: the window code, and the subset's models as a comma list. */
export function choroplethQueryOf(s: Selection): ChoroplethQuery {
  const period = choroplethPeriod(s.period) ?? CHOROPLETH_PERIODS[0];
  return {
    indicator: s.indicator,
    geotype: s.geotype,
    scenario: s.scenario,
    model: s.subset ? s.subset.models.join(",") : s.model,
    window: period.code,
  };
}
