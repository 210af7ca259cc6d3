import { DISPUTED_CODE, SUBDIVISION_CODE } from "../../../app/features/cmip6/schema";
import { setImmediate as nextTurn } from "node:timers/promises";
import { levelLabel, levelMethodNote, type WarmingLevels } from "../../../app/features/cmip6/warmingLevels";
import { AGREEMENT_RULE, ONE_SOURCE_RULE } from "../../../app/features/cmip6/windows";
import type { YearRange } from "../../../app/features/cmip6/periods";
import { gridKey, SOUTH_ASIA_AXES, type GridAxes, type GridFieldSet, type GridQuery } from "../../../app/features/grids/grid";
import type { GeoFeature } from "../../series/ingest/masks";
import { LruCache } from "../../series/lru";
import type { SeriesService } from "../../series/service.server";
import { ensembleField, type GridMember } from "../ensemble";
import type { GridStore } from "../store";
import { PlaceFit, type PhysicalBounds } from "./fit";
import { layOut, sampleGeometryInTurns, type SampleGeometry } from "./geometry";
import { modelPattern, startingField, type ModelPattern } from "./pattern";
import { readPlaceValues, type PlaceValues, type PlaceWindow } from "./place-values";

/** Bump when the way sample fields are made changes: the store's version, and so every cache key, follows. */
export const SAMPLE_GRID_VERSION = "3";

export const SAMPLE_GRID_SOURCE =
  "Generated sample data, not model output: the portal's NEX-GDDP-CMIP6 sample generator (its place series per model), spread over the 0.25° grid.";

export interface SampleGridStoreOptions {
  series: SeriesService;
  /** The warming-level table (`seeds.warmingLevels`, the list `getWarmingLevels` serves). */
  warmingLevels: WarmingLevels;
  /**
   * Outlines of the places (`loadGeoFeatures`). The fields are fitted to the countries, basins, states and
   * provinces; the disputed areas among them are left out (docs/grids.md): each overlaps a country or a
   * unit, and its sample series is a share of one country's, not a part of its tiling.
   */
  features: readonly GeoFeature[];
  axes?: GridAxes;
  /** Memory for built fields, bytes (default 8 MB: a dozen fields on the South Asia grid). */
  cacheBytes?: number;
  /** Memory for the models' patterns and baseline fields, bytes (default 12 MB: two indicators or seasons). */
  baseBytes?: number;
}

/** Every model's fields of one query, before the ensemble statistics (what the fields are built from). */
export interface SampleModelFields {
  query: GridQuery;
  geometry: SampleGeometry;
  places: PlaceValues;
  window: PlaceWindow;
  /** Per model in the ensemble: its cell means over 1995-2014 and over the window. */
  members: (GridMember & { baseline: Float64Array; future: Float64Array })[];
  excluded: { model: string; reason: string }[];
  /** At a warming level: each member's window. */
  windows?: Record<string, YearRange>;
}

const fieldBytes = (f: GridFieldSet) => f.change.byteLength * 6 + f.count.byteLength * 3 + 1024;

/** A model's patterns and fitted 1995-2014 field for an indicator and season: the same for every window and scenario. */
interface ModelBase {
  pattern: ModelPattern;
  baseline: Float64Array;
}
const baseBytes = (bases: Map<string, ModelBase>) => {
  let bytes = 0;
  for (const b of bases.values()) bytes += b.pattern.baseline.byteLength + b.pattern.window.byteLength + b.baseline.byteLength;
  return bytes;
};

/**
 * Gridded sample fields consistent with the sample place series: for every model, its 1995-2014 and window
 * means per cell are generated (`./pattern.ts`) and fitted (`./fit.ts`) so that the cell-area-weighted mean
 * over every country's and basin's outline is that model's place value; then the ensemble statistics per
 * cell (`ensembleField`). Fields are built on demand and kept (bounded); the masks once per store.
 */
export class SampleGridStore implements GridStore {
  readonly axes: GridAxes;
  private readonly series: SeriesService;
  private readonly table: WarmingLevels;
  private readonly features: readonly GeoFeature[];
  private shape?: Promise<{ geometry: SampleGeometry; fit: PlaceFit }>;
  private readonly places = new LruCache<string, PlaceValues>(32, undefined, "sample grid place values (entries)");
  private readonly placeReads = new Map<string, Promise<PlaceValues | undefined>>();
  private readonly fields: LruCache<string, GridFieldSet>;
  private readonly bases: LruCache<string, Map<string, ModelBase>>;
  private readonly pending = new Map<string, Promise<GridFieldSet | undefined>>();

  constructor(options: SampleGridStoreOptions) {
    this.axes = options.axes ?? SOUTH_ASIA_AXES;
    this.series = options.series;
    this.table = options.warmingLevels;
    this.features = options.features.filter((f) => !DISPUTED_CODE.test(f.code));
    this.fields = new LruCache(options.cacheBytes ?? 8 * 1024 * 1024, fieldBytes, "sample grid fields (bytes)");
    this.bases = new LruCache(options.baseBytes ?? 12 * 1024 * 1024, baseBytes, "sample grid baselines (bytes)");
  }

  version(): string {
    return `sample-grid-${SAMPLE_GRID_VERSION}/${this.series.version}`;
  }

  /** The masks, land cells and the fit's factorised system: computed on first use (about a second). */
  geometry(): Promise<{ geometry: SampleGeometry; fit: PlaceFit }> {
    this.shape ??= sampleGeometryInTurns(this.axes, this.features).then((geometry) => ({ geometry, fit: new PlaceFit(geometry) }));
    return this.shape;
  }

  async field(query: GridQuery): Promise<GridFieldSet | undefined> {
    const key = `${this.version()}|${gridKey(query)}`;
    const cached = this.fields.get(key);
    if (cached) return cached;
    const running = this.pending.get(key);
    if (running) return running;
    const task = this.build(query).then((field) => {
      if (field) this.fields.set(key, field);
      return field;
    });
    this.pending.set(key, task);
    try {
      return await task;
    } finally {
      this.pending.delete(key);
    }
  }

  private async build(query: GridQuery): Promise<GridFieldSet | undefined> {
    const fields = await this.landFields(query);
    if (!fields) return undefined;
    const { places, window, members, excluded, windows, geometry } = fields;
    // the statistics over the land cells, laid out on the grid (off land: no value, no model)
    const land = ensembleField(members, geometry.landCells.length);
    const cells = geometry.cells;
    const values = (a: Float32Array) => layOut(geometry, a, new Float32Array(cells), NaN);
    const ensemble = {
      change: values(land.change),
      p10: values(land.p10),
      p90: values(land.p90),
      baseline: values(land.baseline),
      future: values(land.future),
      agreement: values(land.agreement),
      count: layOut(geometry, land.count, new Uint8Array(cells), 0),
      agree: layOut(geometry, land.agree, new Uint8Array(cells), 0),
      sign: layOut(geometry, land.sign, new Int8Array(cells), 0),
      models: land.models,
    };
    const level = window.level;
    const method = [
      `Per model: the mean of each ${this.axes.dlat}° cell over 1995-2014 and over the window, generated as smooth fields whose cell-area-weighted mean over every country's and basin's outline equals the model's place value (the place series' rules: 90 % of a period's years); the change is the window mean minus the model's own 1995-2014 mean; per cell, the median and 10th-90th percentiles of the models' changes, as in the IPCC AR6 WGI Interactive Atlas.`,
      level ? levelMethodNote(level) : "",
      AGREEMENT_RULE,
      excluded.some((e) => window.excluded.has(e.model)) ? ONE_SOURCE_RULE : "",
    ].filter(Boolean).join(" ");
    return {
      query,
      axes: this.axes,
      ...ensemble,
      excluded,
      ...(windows ? { windows } : {}),
      indicator: places.indicator,
      sample: true,
      source: SAMPLE_GRID_SOURCE,
      method,
      version: this.version(),
    };
  }

  /** The place values of a query's indicator, scenario and season (read once, kept; a failed reading is not). */
  private placeValues(query: GridQuery, geos: readonly string[]): Promise<PlaceValues | undefined> {
    const key = `${this.series.version}|${query.indicator}|${query.scenario}|${query.season}`;
    const kept = this.places.get(key);
    if (kept) return Promise.resolve(kept);
    let running = this.placeReads.get(key);
    if (!running) {
      running = readPlaceValues(this.series, this.table, query.indicator, query.scenario, query.season, geos)
        .then((values) => {
          if (values) this.places.set(key, values);
          return values;
        })
        .finally(() => this.placeReads.delete(key));
      this.placeReads.set(key, running);
    }
    return running;
  }

  /**
   * Every model's baseline and window fields of a query on the whole grid (NaN off land), fitted to its
   * place values, with the place values and who is left out; undefined without series.
   */
  async modelFields(query: GridQuery): Promise<SampleModelFields | undefined> {
    const fields = await this.landFields(query);
    if (!fields) return undefined;
    const { geometry } = fields;
    const grid = (land: Float64Array) => layOut(geometry, land, new Float64Array(geometry.cells), NaN);
    return { ...fields, members: fields.members.map((m) => ({ model: m.model, baseline: grid(m.baseline), future: grid(m.future) })) };
  }

  /** `modelFields` over the land cells only (`geometry.landCells` order). */
  private async landFields(query: GridQuery): Promise<SampleModelFields | undefined> {
    const { geometry, fit } = await this.geometry();
    const geos = geometry.constrained.map((p) => geometry.masks[p].code);
    const places = await this.placeValues(query, geos);
    const window = places?.windows.get(query.window);
    if (!places || !window) return undefined;
    const excluded: SampleModelFields["excluded"] = [];
    const members: SampleModelFields["members"] = [];
    const windows: Record<string, YearRange> = {};
    const scenario = this.series.catalog.scenarios.find((s) => s.field_value === query.scenario)?.name ?? query.scenario;
    // the baselines are the historical run's: one per model for every scenario and window of an indicator and season
    const baseKey = `${this.series.version}|${query.indicator}|${query.season}`;
    const bases = this.bases.get(baseKey) ?? new Map<string, ModelBase>();
    const before = bases.size;
    const bounds = physicalBounds(query.indicator);
    // a field kept within a physical range is fitted to the countries and basins only: the sample's states
    // and provinces are made from their countries' values, not from the basins', and in dry seasons no
    // field without negative rain has every mean (docs/grids.md); temperatures are fitted to all places
    const unit = geometry.constrained.map((p) => SUBDIVISION_CODE.test(geometry.masks[p].code));
    const fitted = (values: Float64Array) => (bounds ? values.map((v, i) => (unit[i] ? NaN : v)) : values);
    for (const model of places.models) {
      const reason = this.leftOut(model, places, window, scenario);
      if (reason) {
        excluded.push({ model, reason });
        continue;
      }
      let base = bases.get(model);
      if (!base) {
        const pattern = modelPattern(geometry, model, query.indicator, query.season);
        const values = fitted(places.baseline.get(model)!);
        base = { pattern, baseline: fit.fit(startingField(geometry, pattern, values, "baseline"), values, bounds) };
        bases.set(model, base);
      }
      const future = fitted(window.means.get(model)!);
      members.push({ model, baseline: base.baseline, future: fit.fit(startingField(geometry, base.pattern, future, "window"), future, bounds) });
      if ("byModel" in window.periods) windows[model] = window.periods.byModel[model];
      // one model's fit at a time: the server answers other requests in between (a field is 35 fits)
      await nextTurn();
    }
    // kept (and weighed again) when it gained models
    if (bases.size !== before || before === 0) this.bases.set(baseKey, bases);
    return { query, geometry, places, window, members, excluded, ...("byModel" in window.periods ? { windows } : {}) };
  }

  /** Why a model is not in a field's ensemble, or undefined when it is. */
  private leftOut(model: string, places: PlaceValues, window: PlaceWindow, scenario: string): string | undefined {
    if (!places.withSeries.has(model)) return `no ${places.indicator.code} series (the variable is not in the archive for this model)`;
    const level = window.level;
    if (level && !(model in level.periods)) {
      return level.notInTable.includes(model) ? "not in the warming-level table" : `does not reach ${levelLabel(level.level)} by 2100 under ${scenario}`;
    }
    const why = window.excluded.get(model);
    if (why) return why;
    // a place where the model has no mean is left to the others (`PlaceFit`); a model with none anywhere is out
    const none = (values: Float64Array) => values.every((v) => Number.isNaN(v));
    if (none(places.baseline.get(model)!)) return "fewer than 90 % of the 1995-2014 years at every place";
    if (none(window.means.get(model)!)) return "fewer than 90 % of the window's years at every place";
    return undefined;
  }
}

/** Amounts of rain and counts of days are never negative, and a count of days in a year passes no 366. */
const COUNTS_IN_A_YEAR = ["su", "tr", "fd", "r20mm"];
const NOT_NEGATIVE = ["pr", "rx1day", "rx5day", "prcptot", "r95ptot", "cdd", "cwd"];
export function physicalBounds(indicator: string): PhysicalBounds | undefined {
  if (COUNTS_IN_A_YEAR.includes(indicator)) return { min: 0, max: 366 };
  if (NOT_NEGATIVE.includes(indicator)) return { min: 0, max: Infinity };
  return undefined;
}
