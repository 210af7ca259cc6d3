import { placeLatitudes } from "../places/outlines.server";
import { addedLatitudes, type AddedPlace } from "../places/added.server";
import { DEFAULT_DROUGHT_REFERENCE, type DroughtWarning } from "../../app/features/cmip6/drought";
import { MONTH_NAMES } from "../../app/features/cmip6/periods";
import { kindOfSources } from "../../app/features/cmip6/windows";
import { DEFAULT_DROUGHT_SCALE, DROUGHT_SCALES_OF, isDroughtIndicator, type DroughtIndicator } from "../../app/features/cmip6/droughtQuery";
import type { YearRange } from "../../app/features/cmip6/periods";
import { droughtSeries, joinRuns, type DroughtInputs } from "./drought";
import { LruCache } from "./lru";
import type { SeriesKey, SeriesSource, SeriesStore, StoreDescription, StoredSeries } from "./store";

/**
 * The series API's SPI and SPEI: a layer over another store (the layered ingested and sample stores) that
 * computes the `spi` and `spei` keys from that store's monthly series of the same model, fitted as
 * `app/features/cmip6/drought.ts` does (gamma SPI, log-logistic SPEI, 1985-2014 reference), and passes every
 * other key through. A scenario's index is fitted with the model's historical run in front (the reference
 * period lies in the historical run) and answered for the scenario's own years.
 *
 * SPEI's potential evapotranspiration is the wrapped store's monthly `pet` (mm/day) where it has one for
 * the model run (and for its historical run where precipitation has one), else Hargreaves-Samani from tas,
 * tasmax and tasmin at the place's latitude (`placeLatitudes`). A model without those has no SPEI.
 *
 * Monthly totals take the days of each month in the calendar of the run it comes from (`StoredSeries.calendar`,
 * which the ingested store sets from its files; the sample store's is noleap): `joinRuns` keeps each run's.
 *
 * Annual keys are the 12-month index ending in December (calendar-year SPI-12/SPEI-12); the store answers
 * nothing for another scale at the annual frequency.
 */

/** Bump when the computation changes: the store version, and so every ETag, follows. */
export const DROUGHT_STORE_VERSION = "3";

const HISTORICAL = "historical";
const SPI_INPUTS = ["pr"] as const;
const SPEI_INPUTS = ["pr", "pet", "tas", "tasmax", "tasmin"] as const;
type InputCode = (typeof SPEI_INPUTS)[number];

export interface DroughtStoreOptions {
  /**
   * Latitude of each geo, degrees north (for Hargreaves-Samani's radiation); default `placeLatitudes()` and
   * the wrapped store's added places' (`addedLatitudes`).
   */
  latitudes?: Readonly<Record<string, number>>;
  /** Reference period of the fits; default 1985-2014. */
  reference?: YearRange;
  /** Memory for computed series, bytes (default 16 MB). */
  cacheBytes?: number;
}

const keyId = (k: SeriesKey, scale?: number) => `${k.frequency}|${k.indicator}|${k.geo}|${k.scenario}|${k.model}|${scale ?? ""}`;

/**
 * Provenance of a series computed from several: the sample generator's if any input is sample (the number
 * is then sample, whatever else went in), the one source if all inputs share it, else every source named.
 */
export function combinedSource(inputs: readonly StoredSeries[]): SeriesSource {
  const sources = [...new Map(inputs.map((s) => [s.source.id, s.source])).values()];
  const sample = sources.find((s) => s.sample);
  if (sample) return sample;
  if (sources.length === 1) return sources[0];
  const unique = (texts: string[]) => [...new Set(texts)];
  return {
    id: sources.map((s) => s.id).join("+"),
    source: unique(sources.map((s) => s.source)).join("; "),
    method: unique(sources.map((s) => s.method)).join(" "),
    version: sources.map((s) => `${s.id}: ${s.version}`).join("; "),
    sample: false,
  };
}

export class DroughtIndexStore implements SeriesStore {
  /** Where the wrapped store changes while the process runs (see `SeriesStore.refresh`). */
  readonly refresh?: () => Promise<void>;
  private readonly latitudes: Readonly<Record<string, number>>;
  private readonly reference: YearRange;
  private readonly computed: LruCache<string, StoredSeries | null>;

  constructor(
    private readonly inner: SeriesStore,
    options: DroughtStoreOptions = {},
  ) {
    this.latitudes = options.latitudes ?? { ...placeLatitudes(), ...addedLatitudes(inner.addedPlaces?.() ?? []) };
    this.reference = options.reference ?? DEFAULT_DROUGHT_REFERENCE;
    if (inner.refresh) this.refresh = () => inner.refresh!();
    this.computed = new LruCache(options.cacheBytes ?? 16 * 1024 * 1024, (s) => 256 + (s ? s.values.byteLength : 0), "SPI and SPEI fits (bytes)");
  }

  /** The wrapped store's version, read now (it may move on while the process runs), and the fits'. */
  get version(): string {
    return `${this.inner.version}+drought-${DROUGHT_STORE_VERSION}`;
  }

  addedPlaces(): readonly AddedPlace[] {
    return this.inner.addedPlaces?.() ?? [];
  }

  describe(): StoreDescription {
    const inner = this.inner.describe();
    return { name: `${inner.name}; SPI and SPEI fitted from their monthly series`, sources: inner.sources };
  }

  async getSeries(keys: readonly SeriesKey[]): Promise<(StoredSeries | undefined)[]> {
    const answers: (StoredSeries | undefined)[] = new Array(keys.length).fill(undefined);
    const passed: number[] = [];
    const todo: number[] = [];
    // computed series are kept per version of the wrapped store: a fit is kept only when the version did
    // not move while its inputs were read (then they are that version's rows), and found only under it
    const version = this.inner.version;
    const cacheKey = (key: SeriesKey) => `${version}|${keyId(key, scaleOf(key))}`;
    keys.forEach((key, i) => {
      if (!isDroughtIndicator(key.indicator)) return passed.push(i);
      const cached = this.computed.get(cacheKey(key));
      if (cached === undefined) todo.push(i);
      else answers[i] = cached ?? undefined;
    });
    // every input of every index asked, with the other keys, in one batch
    const inputs = new Map<string, SeriesKey>();
    for (const i of todo) {
      for (const key of this.inputKeys(keys[i])) inputs.set(keyId(key), key);
    }
    const inputKeys = [...inputs.values()];
    const found = await this.inner.getSeries([...passed.map((i) => keys[i]), ...inputKeys]);
    passed.forEach((i, j) => (answers[i] = found[j]));
    const byId = new Map(inputKeys.map((key, j) => [keyId(key), found[passed.length + j]]));
    const keep = this.inner.version === version;
    for (const i of todo) {
      const key = keys[i];
      const series = this.compute(key, (code, scenario) => byId.get(keyId({ ...key, indicator: code, scenario, frequency: "monthly", scale: undefined })));
      if (keep) this.computed.set(cacheKey(key), series ?? null);
      answers[i] = series;
    }
    return answers;
  }

  /** The monthly series an index key is computed from: its run's and (for a scenario) the historical run's. */
  private inputKeys(key: SeriesKey): SeriesKey[] {
    const codes = key.indicator === "spi" ? SPI_INPUTS : SPEI_INPUTS;
    const runs = key.scenario === HISTORICAL ? [HISTORICAL] : [key.scenario, HISTORICAL];
    return runs.flatMap((scenario) => codes.map((indicator) => ({ indicator, geo: key.geo, scenario, model: key.model, frequency: "monthly" as const })));
  }

  private compute(key: SeriesKey, get: (code: InputCode, scenario: string) => StoredSeries | undefined): StoredSeries | undefined {
    const index = key.indicator as DroughtIndicator;
    const scale = scaleOf(key);
    if (!DROUGHT_SCALES_OF[key.frequency].includes(scale)) return undefined;
    const withHistory = key.scenario !== HISTORICAL;
    const used: StoredSeries[] = [];
    /** The run's series of `code` with the historical run's in front; undefined without the run's own. */
    const joined = (code: InputCode): StoredSeries | undefined => {
      const own = get(code, key.scenario);
      if (!own) return undefined;
      const history = withHistory ? get(code, HISTORICAL) : undefined;
      used.push(own, ...(history ? [history] : []));
      return joinRuns(history, own);
    };
    const ownPr = get("pr", key.scenario);
    const pr = joined("pr");
    if (!ownPr || !pr) return undefined;
    const inputs: DroughtInputs = { pr };
    let latitude: number | undefined;
    if (index === "spei") {
      // a pet series counts where it covers the runs precipitation comes from: one method per model run
      const ownPet = get("pet", key.scenario);
      const petCovers = ownPet && !(withHistory && get("pr", HISTORICAL) && !get("pet", HISTORICAL));
      if (petCovers) inputs.pet = joined("pet");
      else {
        inputs.tas = joined("tas");
        inputs.tasmax = joined("tasmax");
        inputs.tasmin = joined("tasmin");
        latitude = this.latitudes[key.geo];
        if (!inputs.tas || !inputs.tasmax || !inputs.tasmin || latitude === undefined) return undefined;
      }
    }
    // one source per model: a run whose inputs (its own, its historical run's, precipitation's and
    // evapotranspiration's) are not all ingested or all sample is not fitted, and says why
    const mixed = mixedInputs(used);
    if (mixed) return { startYear: ownPr.startYear, values: new Float64Array(key.frequency === "annual" ? Math.floor(ownPr.values.length / 12) : ownPr.values.length).fill(NaN), source: ownPr.source, drought: { scale, reference: { ...this.reference }, warnings: mixed } };
    const result = droughtSeries(index, inputs, { scale, reference: this.reference, latitude });

    // the run's own years, from the index computed over the joined runs
    const years = Math.floor(ownPr.values.length / 12);
    const at = (i: number) => {
      const j = (ownPr.startYear - result.startYear) * 12 + i;
      return j >= 0 && j < result.values.length ? result.values[j] : NaN;
    };
    const values = new Float64Array(key.frequency === "annual" ? years : years * 12);
    for (let i = 0; i < values.length; i++) values[i] = key.frequency === "annual" ? at(i * 12 + 11) : at(i);
    return {
      startYear: ownPr.startYear,
      values,
      source: combinedSource(used),
      ...(ownPr.coverage !== undefined ? { coverage: ownPr.coverage } : {}),
      ...(ownPr.calendar ? { calendar: ownPr.calendar } : {}),
      drought: {
        scale,
        reference: { start: result.reference.start, end: result.reference.end },
        ...(result.evapotranspiration ? { evapotranspiration: result.evapotranspiration } : {}),
        warnings: result.warnings,
      },
    };
  }
}

/**
 * A warning for each calendar month when the inputs of a run mix ingested and sample data (the historical
 * run that holds the reference period generated, the scenario ingested, or the other way round); null when
 * they share one kind.
 */
export function mixedInputs(used: readonly StoredSeries[]): DroughtWarning[] | null {
  if (kindOfSources(used.map((s) => s.source.id)) !== "mixed") return null;
  return Array.from({ length: 12 }, (_, m) => ({
    month: m + 1,
    years: 0,
    reason: "mixed-sources" as const,
    message: `${MONTH_NAMES[m]}: the run's inputs mix ingested data and generated sample data (one source per model: both ingested or both sample); no index for this month`,
  }));
}

/** The scale of an index key: its own, else the frequency's default. */
function scaleOf(key: SeriesKey) {
  return key.scale ?? DEFAULT_DROUGHT_SCALE[key.frequency];
}
