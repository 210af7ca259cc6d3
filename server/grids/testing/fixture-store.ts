import { gridKey, gridWindowsOf, type GridAxes, type GridFieldSet, type GridQuery } from "../../../app/features/grids/grid";
import { ensembleField, type GridMember } from "../ensemble";
import type { GridStore } from "../store";

/**
 * A small gridded store for tests: 12 x 16 one-degree cells over northern India, Nepal, Bhutan and
 * Bangladesh (20-32 N, 72-88 E), five models through `ensembleField`, with
 * - sea cells (no value in any model) in the south-east corner (rows 0-1, columns 13-15);
 * - a region of low agreement in the north-west (rows 8-11, columns 0-3: three models warmer, two cooler);
 * - `tas` and `pr` only (another indicator has no field: a 404).
 */
export const FIXTURE_AXES: GridAxes = { lat0: 20.5, lon0: 72.5, dlat: 1, dlon: 1, rows: 12, columns: 16 };
export const FIXTURE_MODELS = ["M1", "M2", "M3", "M4", "M5"];
export const FIXTURE_INDICATORS = ["tas", "pr"];

export const isFixtureSea = (row: number, column: number) => row <= 1 && column >= 13;
export const isFixtureDisagreement = (row: number, column: number) => row >= 8 && column <= 3;

const INDICATORS = {
  tas: { code: "tas", name: "Near-surface air temperature", units: "°C", decimals: 1 },
  pr: { code: "pr", name: "Precipitation", units: "mm", decimals: 0 },
};

/** The members of a field: each model's cell means over the baseline and over the window. */
export function fixtureMembers(query: GridQuery, axes: GridAxes = FIXTURE_AXES): GridMember[] {
  const cells = axes.rows * axes.columns;
  const windowIndex = Math.max(0, gridWindowsOf(query.scenario).findIndex((w) => w.code === query.window));
  const strength = (1 + windowIndex) * (query.scenario === "ssp585" ? 1.5 : 1);
  const pr = query.indicator === "pr";
  return FIXTURE_MODELS.map((model, k) => {
    const baseline = new Float32Array(cells);
    const future = new Float32Array(cells);
    for (let row = 0; row < axes.rows; row++) {
      for (let column = 0; column < axes.columns; column++) {
        const i = row * axes.columns + column;
        if (isFixtureSea(row, column)) {
          baseline[i] = future[i] = NaN;
          continue;
        }
        const base = pr ? 800 + 60 * column + 10 * k : 28 - 0.8 * row + 0.05 * column + 0.1 * k;
        // each model's change grows to the east; in the disagreement region two models have the other sign
        let change = (0.3 + 0.05 * column + 0.1 * k) * strength * (pr ? 20 : 1);
        if (isFixtureDisagreement(row, column) && k >= 3) change = -change;
        baseline[i] = base;
        future[i] = base + change;
      }
    }
    return { model, baseline, future };
  });
}

/** One field of the fixture, as a store gives it. */
export function fixtureField(query: GridQuery, axes: GridAxes = FIXTURE_AXES): GridFieldSet {
  const cells = axes.rows * axes.columns;
  const e = ensembleField(fixtureMembers(query, axes), cells);
  return {
    query,
    axes,
    change: e.change,
    p10: e.p10,
    p90: e.p90,
    baseline: e.baseline,
    future: e.future,
    agreement: e.agreement,
    count: e.count,
    agree: e.agree,
    sign: e.sign,
    models: e.models,
    excluded: [{ model: "M6", reason: "baseline not ingested" }],
    ...(query.window.startsWith("gwl:") ? { windows: Object.fromEntries(e.models.map((m, k) => [m, { start: 2030 + k, end: 2049 + k }])) } : {}),
    indicator: INDICATORS[query.indicator as keyof typeof INDICATORS],
    sample: true,
    source: "Test fixture: five made-up models on a one-degree grid.",
    method: "Per cell: each model's mean over the window minus its own 1995-2014 mean, then the ensemble median.",
    version: "fixture-1",
  };
}

/** A GridStore of the fixture's fields (`tas` and `pr`), each computed once. */
export class FixtureGridStore implements GridStore {
  readonly axes: GridAxes;
  private readonly fields = new Map<string, GridFieldSet>();
  /** Fields asked of the store (for cache tests). */
  asked = 0;
  constructor(axes: GridAxes = FIXTURE_AXES) {
    this.axes = axes;
  }
  async field(query: GridQuery) {
    this.asked++;
    if (!FIXTURE_INDICATORS.includes(query.indicator)) return undefined;
    const key = gridKey(query);
    let field = this.fields.get(key);
    if (!field) this.fields.set(key, (field = fixtureField(query, this.axes)));
    return field;
  }
  version() {
    return "fixture-1";
  }
}
