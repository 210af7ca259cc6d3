import { ENSEMBLE, type SeriesCatalog, type SeriesQuery, type SeriesQueryParse, type SeriesQueryProblem } from "../../app/features/cmip6/seriesQuery";
import { WINDOW_CHOICES } from "../../app/features/cmip6/warmingLevels";
import { OBSERVATION_IDS, OBSERVED } from "../../app/features/observations/ids";
import { OBSERVED_INGEST_METHOD } from "./ingested-store.server";
import type { SeriesStore } from "./store";

/** What each store held at the version it was last asked at (a shared store's sources change with its version). */
const observedIn = new WeakMap<SeriesStore, { version: string; observed: boolean }>();

/** Whether any observational dataset was ingested into the store (screens then offer observations). */
export function hasObservations(store: SeriesStore): boolean {
  const version = store.version;
  let known = observedIn.get(store);
  if (known?.version !== version) {
    known = { version, observed: store.describe().sources.some((s) => s.method === OBSERVED_INGEST_METHOD) };
    observedIn.set(store, known);
  }
  return known.observed;
}

/**
 * The series API's rules for observations (decision 021), on a query the catalogue parser accepted:
 * `observed` is asked alone; with it `model` names observational datasets only (not models, not
 * `ensemble`) and there is no `window`; a dataset id is asked only with `observed`. Kept on the server: the
 * browser's query codec never builds such queries, and every chart page loads that codec.
 */
export function observedQueryProblem(query: SeriesQuery, catalog: SeriesCatalog, askedModels: readonly string[] = query.model ?? []): SeriesQueryProblem | undefined {
  const scenarios = [...catalog.scenarios.map((s) => s.field_value), OBSERVED];
  const models = [ENSEMBLE, ...catalog.models.map((m) => m.field_value), ...OBSERVATION_IDS];
  const observed = query.scenario?.includes(OBSERVED) ?? false;
  if (observed && query.scenario!.length > 1) {
    return { field: "scenario", message: `"${OBSERVED}" (observational datasets) cannot be combined with model scenarios in one answer: ask it alone`, allowed: scenarios, value: query.scenario!.join(",") };
  }
  // the models as asked: the canonical query drops `ensemble`, which observations are not
  const named = askedModels;
  if (observed) {
    const bad = named.find((m) => !OBSERVATION_IDS.includes(m));
    if (bad !== undefined) {
      return { field: "model", message: `With scenario=${OBSERVED}, "model" names observational datasets (${OBSERVATION_IDS.join(", ")}), not "${bad}"`, allowed: [...OBSERVATION_IDS], value: bad };
    }
    if (query.window !== undefined) {
      return { field: "window", message: `Period statistics ("window") are ensemble statistics of the models; observations (scenario=${OBSERVED}) have none`, allowed: WINDOW_CHOICES.map((c) => c.code), value: query.window };
    }
    return undefined;
  }
  const dataset = named.find((m) => OBSERVATION_IDS.includes(m));
  if (dataset !== undefined) {
    return { field: "model", message: `"${dataset}" is an observational dataset: ask it with scenario=${OBSERVED}, apart from the models`, allowed: models, value: dataset };
  }
  return undefined;
}

/** The catalogue parser's answer for `params` with the observation rules applied. */
export function withObservedRules(parsed: SeriesQueryParse, catalog: SeriesCatalog, params: URLSearchParams): SeriesQueryParse {
  if (!parsed.ok) return parsed;
  const asked = params.getAll("model").flatMap((v) => v.split(",")).map((v) => v.trim()).filter((v) => v !== "");
  const problem = observedQueryProblem(parsed.query, catalog, asked);
  return problem ? { ok: false, problem } : parsed;
}
