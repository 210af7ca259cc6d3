/** The answer of `/api/viewer/choropleth`: one period mean per region for one selection. */
export interface ChoroplethValue {
  geo: string;
  name: string;
  /** Mean of the annual values over the period (ensemble median for the ensemble); null without data. */
  value: number | null;
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

/** Mean of the finite numbers, or null when there are none. */
export function meanOf(values: readonly (number | null)[]): number | null {
  let sum = 0;
  let n = 0;
  for (const v of values) {
    if (v !== null && Number.isFinite(v)) {
      sum += v;
      n++;
    }
  }
  return n ? sum / n : null;
}
