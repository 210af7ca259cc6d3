import type { SeriesProvenance } from "../../app/features/cmip6/series";
import type { DroughtWarning } from "../../app/features/cmip6/drought";
import type { DroughtScale } from "../../app/features/cmip6/droughtQuery";
import type { YearRange } from "../../app/features/cmip6/periods";
import type { SeriesFrequency } from "../../app/features/cmip6/seriesQuery";
import type { Calendar } from "./ingest/calendar";
import type { AddedPlace } from "../places/added.server";

/**
 * Where series values come from. The API and the screens only see this interface: the embedded sample
 * generator implements it, and so does any real source (ingested NetCDF in SQLite, an upstream service),
 * alone or layered over the generator with `LayeredSeriesStore`.
 */

/** One series: an indicator over a geo for one scenario and one model, monthly or annual. */
export interface SeriesKey {
  /** Indicator code (`field_value`). */
  indicator: string;
  /** Geo code (`field_value`). */
  geo: string;
  /** Scenario code (`field_value`). */
  scenario: string;
  /** Model id (`field_value`). */
  model: string;
  frequency: SeriesFrequency;
  /**
   * Drought indices (spi, spei) only: accumulation scale in months; absent: `DEFAULT_DROUGHT_SCALE` of the
   * frequency. Other indicators have no scale.
   */
  scale?: DroughtScale;
}

/** Provenance of a set of series, with the key the API answer refers to it by. */
export interface SeriesSource extends SeriesProvenance {
  /** Short stable key, e.g. "sample" or "nex-gddp-2024-05". */
  id: string;
}

export interface StoredSeries {
  /** Year of the first value. */
  startYear: number;
  /**
   * Values in the indicator's units: one per year (annual) or twelve per year, January to December
   * (monthly), for consecutive years from `startYear`. NaN marks a missing value. Callers must not
   * modify the array: stores may hand out the same one again.
   */
  values: Float64Array;
  source: SeriesSource;
  /** Share of the place's outline the source's grid covers, where the store knows it (ingested series). */
  coverage?: number;
  /**
   * How this run's values were computed, where the method differs between runs of one indicator (e.g. `pet`:
   * FAO-56 Penman-Monteith or the Hargreaves-Samani fallback, and the elevation assumed). One line.
   */
  method?: string;
  /** A fitted drought index (`DroughtIndexStore`): how it was fitted, for the answer's method and warnings. */
  drought?: StoredDroughtFit;
  /**
   * The CF calendar of the run's days (standard, proleptic_gregorian, julian, noleap, all_leap or 360_day): a
   * monthly mean rate becomes a monthly total with the days of each month in it. Absent: the 365-day
   * (noleap) calendar of the sample generator.
   */
  calendar?: Calendar;
}

export interface StoredDroughtFit {
  scale: DroughtScale;
  reference: YearRange;
  /** SPEI: the potential evapotranspiration method of this model run's water balance. */
  evapotranspiration?: string;
  /** Calendar months without a fit, and why. */
  warnings: DroughtWarning[];
}

export interface StoreDescription {
  /** What the store is, for logs and the about pages. */
  name: string;
  sources: SeriesSource[];
}

export interface SeriesStore {
  /**
   * Changes whenever any answer of the store may change (new data, new generator): it is part of every
   * series ETag, so caches never keep an answer across a change. Read it per use: a store shared by
   * several machines (`PostgresSeriesStore`) moves to a new version while the process runs, and only ever
   * forward. Such a store also moves to the version of the rows it reads, before `getSeries` answers: a
   * caller that finds the same version before and after its reads has read that version's rows only.
   */
  readonly version: string;
  /**
   * Looks for a new version now instead of at the next poll; the version advertised afterwards is at least
   * the one committed when the call began. Only stores that change while the process runs have it: without,
   * the version is fixed for the life of the process.
   */
  refresh?(): Promise<void>;
  describe(): StoreDescription;
  /**
   * The series of each key, in the same order; undefined where the store has no data for a key. Batched
   * so that a store backed by a database or a remote service answers an ensemble in one round trip.
   */
  getSeries(keys: readonly SeriesKey[]): Promise<(StoredSeries | undefined)[]>;
  /**
   * Places the store's ingest added to the catalogue (an operator's `--places` file,
   * `server/places/added.server.ts`), read when the store was opened; stores without any leave it out.
   */
  addedPlaces?(): readonly AddedPlace[];
}

/**
 * Stores asked in order: each key is answered by the first store that has it. An operator's ingested
 * data placed before the sample store answers where it exists, and the generator fills the rest.
 */
export class LayeredSeriesStore implements SeriesStore {
  /** Where a layer changes while the process runs (see `SeriesStore.refresh`). */
  readonly refresh?: () => Promise<void>;

  constructor(private readonly layers: readonly SeriesStore[]) {
    if (layers.length === 0) throw new Error("LayeredSeriesStore needs at least one store");
    if (layers.some((l) => l.refresh)) {
      this.refresh = async () => {
        await Promise.all(layers.map((l) => l.refresh?.()));
      };
    }
  }

  /** The layers' versions, read now (a layer may move to a new version while the process runs). */
  get version(): string {
    return this.layers.map((l) => l.version).join("+");
  }

  describe(): StoreDescription {
    const described = this.layers.map((l) => l.describe());
    return { name: described.map((d) => d.name).join(", then "), sources: described.flatMap((d) => d.sources) };
  }

  async getSeries(keys: readonly SeriesKey[]): Promise<(StoredSeries | undefined)[]> {
    const answers: (StoredSeries | undefined)[] = new Array(keys.length).fill(undefined);
    let pending = keys.map((_, i) => i);
    for (const layer of this.layers) {
      if (pending.length === 0) break;
      const found = await layer.getSeries(pending.map((i) => keys[i]));
      pending = pending.filter((keyIndex, j) => {
        answers[keyIndex] = found[j];
        return found[j] === undefined;
      });
    }
    return answers;
  }

  /** The layers' added places; a code two layers add is the first one's. */
  addedPlaces(): readonly AddedPlace[] {
    const byCode = new Map<string, AddedPlace>();
    for (const layer of this.layers) for (const p of layer.addedPlaces?.() ?? []) if (!byCode.has(p.code)) byCode.set(p.code, p);
    return [...byCode.values()];
  }
}
