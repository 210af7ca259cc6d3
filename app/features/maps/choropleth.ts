import { BASELINE_PERIOD, CLIMATOLOGY_PERIODS, PROJECTION_WINDOWS } from "~/features/cmip6/periods";
import type { ScenarioValue } from "~/features/cmip6/schema";

const ENSEMBLE = "ensemble";

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
}

export interface ChoroplethResponse {
  indicator: { code: string; name: string; units: string; decimals: number };
  geotype: "Country" | "Basin";
  scenario: string;
  model: string;
  period: { start: number; end: number };
  values: ChoroplethValue[];
  sample: boolean;
}

export interface ChoroplethQuery {
  indicator: string;
  geotype: "Country" | "Basin";
  scenario: string;
  model: string;
  start: number;
  end: number;
}

export const CHOROPLETH_PARAMS = ["indicator", "geotype", "scenario", "model", "start", "end"] as const;

export function choroplethQueryString(q: ChoroplethQuery): string {
  return new URLSearchParams({
    indicator: q.indicator,
    geotype: q.geotype,
    scenario: q.scenario,
    model: q.model,
    start: String(q.start),
    end: String(q.end),
  }).toString();
}

/** Periods the choropleth offers: the historical baseline and climatology, and the projection windows. */
export const CHOROPLETH_PERIODS = [
  { label: BASELINE_PERIOD.label, start: BASELINE_PERIOD.start, end: BASELINE_PERIOD.end, scenario: "historical" as const },
  ...CLIMATOLOGY_PERIODS.filter((p) => p.start >= 1951 && p.end <= 2014).map((p) => ({ ...p, scenario: "historical" as const })),
  ...PROJECTION_WINDOWS.map((p) => ({ ...p, scenario: "ssp245" as const })),
];

export interface Selection {
  indicator: string;
  scenario: ScenarioValue;
  model: string;
  period: string;
  geotype: "Country" | "Basin";
  range?: [number, number];
}

export function readChoropleth(params: URLSearchParams): Selection {
  const period = CHOROPLETH_PERIODS.find((p) => p.label === params.get("years")) ?? CHOROPLETH_PERIODS.find((p) => p.label === "2040-2059")!;
  const scen = params.get("scen");
  const scenario: ScenarioValue = period.scenario === "historical" ? "historical" : scen === "ssp585" ? "ssp585" : "ssp245";
  const smin = Number(params.get("smin"));
  const smax = Number(params.get("smax"));
  return {
    indicator: params.get("indicator") || "tas",
    scenario,
    model: params.get("mod") || ENSEMBLE,
    period: period.label,
    geotype: params.get("geotype") === "Basin" ? "Basin" : "Country",
    range: params.has("smin") && params.has("smax") && smin < smax ? [smin, smax] : undefined,
  };
}

export function writeChoropleth(params: URLSearchParams, s: Selection) {
  params.set("indicator", s.indicator);
  params.set("scen", s.scenario);
  params.set("mod", s.model);
  params.set("years", s.period);
  params.set("geotype", s.geotype);
  if (s.range) {
    params.set("smin", String(s.range[0]));
    params.set("smax", String(s.range[1]));
  } else {
    params.delete("smin");
    params.delete("smax");
  }
}


/** The choropleth request of a selection. */
export function choroplethQueryOf(s: Selection): ChoroplethQuery {
  const period = CHOROPLETH_PERIODS.find((p) => p.label === s.period) ?? CHOROPLETH_PERIODS[0];
  return { indicator: s.indicator, geotype: s.geotype, scenario: s.scenario, model: s.model, start: period.start, end: period.end };
}
