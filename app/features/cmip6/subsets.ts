import { quantileSorted } from "./ensemble";

/**
 * Named model subsets: a set of models a user picked (for an impact study: warm-dry, warm-wet, cool-dry,
 * cool-wet or middle models of the ensemble) that travels in the URL to the explorer, the map and the
 * downloads as `subset=<name>` beside the page's list of models (`model=` in the explorer and the API,
 * `mod=` on the map viewers).
 */

/** The storylines the model-selection view proposes, by each model's temperature and precipitation change. */
export const STORYLINES = ["warm-dry", "warm-wet", "cool-dry", "cool-wet", "middle"] as const;
export type Storyline = (typeof STORYLINES)[number];

export const STORYLINE_LABELS: Record<Storyline, string> = {
  "warm-dry": "Warm-dry",
  "warm-wet": "Warm-wet",
  "cool-dry": "Cool-dry",
  "cool-wet": "Cool-wet",
  middle: "Middle",
};

/** A subset's name: a storyline, or a short name of the user's own (lower-case letters, digits, dashes). */
export const SUBSET_NAME = /^[a-z0-9][a-z0-9-]{0,29}$/;

export interface ModelSubset {
  name: string;
  models: string[];
}

/** Reads `subset` with the page's model list (`modelParam`): only known models, in catalogue order. */
export function readSubset(params: URLSearchParams, modelParam: string, known: readonly string[]): ModelSubset | undefined {
  const name = params.get("subset")?.trim().toLowerCase() ?? "";
  if (!SUBSET_NAME.test(name)) return undefined;
  const asked = new Set(params.getAll(modelParam).flatMap((v) => v.split(",")).map((v) => v.trim()));
  const models = known.filter((m) => asked.has(m));
  return models.length > 0 ? { name, models } : undefined;
}

/** Writes a subset into `params` (or removes it): `subset=<name>` and the model list under `modelParam`. */
export function writeSubset(params: URLSearchParams, modelParam: string, subset: ModelSubset | undefined): URLSearchParams {
  params.delete("subset");
  if (!subset) return params;
  params.set(modelParam, subset.models.join(","));
  params.set("subset", subset.name);
  return params;
}

/** "warm-dry subset: 5 models (A, B, C, D, E)", for captions, method notes and download headers. */
export const subsetText = (subset: ModelSubset) => `${subset.name} subset: ${subset.models.length} model${subset.models.length === 1 ? "" : "s"} (${subset.models.join(", ")})`;

/** One model's change in temperature and in precipitation for a place, season and window. */
export interface ModelChange {
  model: string;
  temperature: number;
  precipitation: number;
}

/** Median, p10 and p90 of each axis across the models. */
export interface SpreadSummary {
  temperature: { median: number; p10: number; p90: number };
  precipitation: { median: number; p10: number; p90: number };
}

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: quantileSorted(sorted, 0.5), p10: quantileSorted(sorted, 0.1), p90: quantileSorted(sorted, 0.9) };
};

export function spreadSummary(points: readonly ModelChange[]): SpreadSummary {
  return { temperature: summary(points.map((p) => p.temperature)), precipitation: summary(points.map((p) => p.precipitation)) };
}

/**
 * The models of a storyline, relative to the ensemble median of each axis: warm is above the median
 * temperature change, dry below the median precipitation change (a quadrant of the scatter); middle is
 * inside the 25th-75th percentile of both. Sorted by distance from the quadrant's corner, the most
 * pronounced first, at most `limit` models.
 */
export function storylineModels(points: readonly ModelChange[], storyline: Storyline, limit = 5): string[] {
  if (points.length === 0) return [];
  const t = [...points.map((p) => p.temperature)].sort((a, b) => a - b);
  const p = [...points.map((q) => q.precipitation)].sort((a, b) => a - b);
  const tm = quantileSorted(t, 0.5);
  const pm = quantileSorted(p, 0.5);
  // distances in units of each axis' p10-p90 spread, so that degrees and percent weigh alike
  const ts = quantileSorted(t, 0.9) - quantileSorted(t, 0.1) || 1;
  const ps = quantileSorted(p, 0.9) - quantileSorted(p, 0.1) || 1;
  if (storyline === "middle") {
    const [t25, t75, p25, p75] = [quantileSorted(t, 0.25), quantileSorted(t, 0.75), quantileSorted(p, 0.25), quantileSorted(p, 0.75)];
    return points
      .filter((q) => q.temperature >= t25 && q.temperature <= t75 && q.precipitation >= p25 && q.precipitation <= p75)
      .map((q) => ({ model: q.model, d: Math.hypot((q.temperature - tm) / ts, (q.precipitation - pm) / ps) }))
      .sort((a, b) => a.d - b.d || a.model.localeCompare(b.model))
      .slice(0, limit)
      .map((q) => q.model);
  }
  const warm = storyline.startsWith("warm");
  const dry = storyline.endsWith("dry");
  return points
    .filter((q) => (warm ? q.temperature > tm : q.temperature < tm) && (dry ? q.precipitation < pm : q.precipitation > pm))
    .map((q) => ({ model: q.model, d: Math.hypot((q.temperature - tm) / ts, (q.precipitation - pm) / ps) }))
    .sort((a, b) => b.d - a.d || a.model.localeCompare(b.model))
    .slice(0, limit)
    .map((q) => q.model);
}
