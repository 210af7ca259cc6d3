import { modelHasIndicator, petMethodOf, type Availability } from "../../../app/features/cmip6/availability";
import { aggregateMonths } from "../../../app/features/cmip6/indicatorRules";
import shippedAvailability from "../../../seeds/model-variables.json";
import { CMIP6_EXPERIMENT_PERIODS, type YearRange } from "../../../app/features/cmip6/periods";
import { LruCache } from "../lru";
import type { SeriesKey, SeriesSource, SeriesStore, StoreDescription, StoredSeries } from "../store";
import type { Calendar } from "../ingest/calendar";
import { climatologyOf, type Climatology } from "./climatology";
import { hasForcing } from "./forcing";
import { GEO_CLIMATES, type GeoClimate } from "./geo-climates";
import { indicatorSeries, RNN_THRESHOLD } from "./indices";
import { modelTraits } from "./models";
import { samplePet, samplePetMethod } from "./pet";
import { hashString } from "./random";
import { generateRun, type SampleRun } from "./run";
import { unitSeries, unitShares, type SampleUnit, type UnitShare } from "./units";
import { adminUnits, disputedPlaces } from "../../places/outlines.server";
import { COUNTRY_ISO3 } from "../../../app/features/cmip6/countries";

/** Bump when the generator's formulas change: the store version, and so every ETag, follows. */
export const SAMPLE_GENERATOR_VERSION = "4";

export const SAMPLE_METHOD =
  "Generated, not model output. Each geo has a 1995-2014 monthly climatology derived from compact parameters " +
  "(latitude, elevation, rain regimes such as the June-September monsoon or winter westerlies, temperature cycle). " +
  "Each model adds forced warming scaled by its climate sensitivity under the scenario's global warming path, a " +
  "rainfall response per degree, small residual biases and seeded year-to-year variability shared by all " +
  "variables. ETCCDI indices follow from the monthly fields with closed-form daily statistics (percentiles against " +
  `1961-1990, Rnnmm at ${RNN_THRESHOLD} mm); CDD and CWD are counted on a simulated daily wet/dry sequence. ` +
  "Potential evapotranspiration (pet) is FAO-56 Penman-Monteith from the monthly means (Hargreaves-Samani for models " +
  "without hurs, rsds or sfcWind; each series says which). Livestock heat-stress days are expected counts: daily THI " +
  "taken as normal around the THI of the month's values, with the daily and spatial spread of temperature. 365-day calendar.";

const ALL_MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
/** The generator's calendar: every year has the 365 days of `DAYS_IN_MONTH`, February 28. */
const SAMPLE_CALENDAR = "noleap" satisfies Calendar;

export interface SampleStoreOptions {
  /** Years each scenario covers (default: the NEX-GDDP-CMIP6 ranges). */
  scenarios?: Readonly<Record<string, YearRange>>;
  /** Climate parameters per geo (default: `GEO_CLIMATES`). */
  climates?: Readonly<Record<string, GeoClimate>>;
  /** Memory for memoised runs and series, bytes (default 96 MB, split between the two). */
  cacheBytes?: number;
  /** Model-variable pairs the archive lacks, which the generator does not make either (default: the shipped seed's). */
  availability?: Availability;
  /**
   * The countries' states and provinces, whose series are shares of their country's, and the disputed areas,
   * shares of one country's outside its units (default: the shipped outlines', `shippedSampleUnits`).
   */
  units?: readonly SampleUnit[];
}

/**
 * The shipped places whose sample series are shares of a country's: each state and province of its country,
 * and each disputed area of the country that administers it, or where that is none of the portal's eight
 * (China; the Siachen Glacier, held by neither), of the first of the eight that claims it. Which country a
 * disputed area's sample numbers come from says nothing of whose it is: they are generated.
 */
export function shippedSampleUnits(): SampleUnit[] {
  const portal = new Set<string>(COUNTRY_ISO3);
  const disputed = disputedPlaces().flatMap(({ code, deFacto, claimants, area, lat }) => {
    const country = [deFacto, ...claimants].find((c) => portal.has(c));
    return country ? [{ code, country, area, lat, outside: true as const }] : [];
  });
  return [...adminUnits().map(({ code, country, area, lat }) => ({ code, country, area, lat })), ...disputed];
}

/** The baseline whose mean a unit's share of the change is measured from. */
const REFERENCE = { start: 1995, end: 2014 } as const;

/**
 * Deterministic, physically plausible sample series computed on demand: the embedded default of the
 * portal, which has no CMIP6 archive. The same key always gives the same numbers. Runs (all variables
 * of a geo, scenario and model) and the series derived from them are memoised, bounded in memory.
 */
export class SampleSeriesStore implements SeriesStore {
  readonly version: string;
  readonly source: SeriesSource;
  private readonly scenarios: Readonly<Record<string, YearRange>>;
  private readonly climates: Readonly<Record<string, GeoClimate>>;
  private readonly availability: Availability;
  private readonly shares: Map<string, UnitShare>;
  private readonly climatologies = new Map<string, Climatology>();
  private readonly runs: LruCache<string, SampleRun>;
  private readonly series: LruCache<string, StoredSeries | null>;

  constructor(options: SampleStoreOptions = {}) {
    this.scenarios = options.scenarios ?? CMIP6_EXPERIMENT_PERIODS;
    this.climates = options.climates ?? GEO_CLIMATES;
    this.availability = options.availability ?? shippedAvailability;
    const units = options.units ?? shippedSampleUnits();
    this.shares = unitShares(units);
    const fingerprint = hashString(JSON.stringify([this.climates, this.scenarios, this.availability.missing, units])).toString(16).padStart(8, "0");
    this.version = `sample-${SAMPLE_GENERATOR_VERSION}-${fingerprint}`;
    this.source = {
      id: "sample",
      source: "sample generator",
      method: SAMPLE_METHOD,
      version: `${SAMPLE_GENERATOR_VERSION} (${fingerprint})`,
      sample: true,
    };
    const bytes = options.cacheBytes ?? 96 * 1024 * 1024;
    // a run holds 13 monthly fields of 8-byte values
    this.runs = new LruCache(bytes / 2, (run) => run.years * 12 * 13 * 8, "sample model runs (bytes)");
    this.series = new LruCache(bytes / 2, (s) => 64 + (s ? s.values.byteLength : 0), "sample series (bytes)");
  }

  describe(): StoreDescription {
    return { name: "sample series generator", sources: [this.source] };
  }

  getSeries(keys: readonly SeriesKey[]): Promise<(StoredSeries | undefined)[]> {
    return Promise.resolve(keys.map((key) => this.getOne(key)));
  }

  /** The series of one key, synchronously (the store computes in process). */
  getOne(key: SeriesKey): StoredSeries | undefined {
    // a model without a variable in the archive has no series of it, nor of the indices derived from it
    if (!modelHasIndicator(this.availability, key.model, key.indicator)) return undefined;
    const id = `${key.frequency}|${key.indicator}|${key.geo}|${key.scenario}|${key.model}`;
    const share = this.shares.get(key.geo);
    if (share) return this.series.getOrSet(id, () => this.unitOne(key, share) ?? null) ?? undefined;
    const found = this.series.getOrSet(id, () => {
      const run = this.run(key.geo, key.scenario, key.model);
      if (run && key.indicator === "pet") return this.pet(run, key.model, key.frequency);
      const values = run && indicatorSeries(run, key.indicator, key.frequency);
      return values ? { startYear: run.period.start, values, source: this.source, calendar: SAMPLE_CALENDAR } : null;
    });
    return found ?? undefined;
  }

  /** A state's or province's series: its share of its country's (`unitSeries`). */
  private unitOne(key: SeriesKey, share: UnitShare): StoredSeries | undefined {
    const country = this.getOne({ ...key, geo: share.country });
    if (!country) return undefined;
    const monthly = key.frequency === "monthly";
    const history = key.scenario === "historical" ? country : this.getOne({ ...key, geo: share.country, scenario: "historical" });
    const reference = new Float64Array(monthly ? 12 : 1).fill(NaN);
    if (history) {
      const per = monthly ? 12 : 1;
      for (let slot = 0; slot < per; slot++) {
        let sum = 0;
        let n = 0;
        for (let year = REFERENCE.start; year <= REFERENCE.end; year++) {
          const v = history.values[(year - history.startYear) * per + slot];
          if (v !== undefined && !Number.isNaN(v)) {
            sum += v;
            n++;
          }
        }
        if (n > 0) reference[slot] = sum / n;
      }
    }
    return { ...country, values: unitSeries(key.indicator, monthly, country.values, reference, share) };
  }

  /** Potential evapotranspiration of a run: Penman-Monteith, or Hargreaves-Samani where the model lacks a variable. */
  private pet(run: SampleRun, model: string, frequency: SeriesKey["frequency"]): StoredSeries | null {
    const how = petMethodOf(this.availability, model);
    if (!how) return null;
    const monthly = samplePet(run, how.method);
    const values = frequency === "monthly" ? monthly : Float64Array.from({ length: run.years }, (_, y) => aggregateMonths(monthly.subarray(y * 12, y * 12 + 12), ALL_MONTHS, "mean"));
    return { startYear: run.period.start, values, source: this.source, method: samplePetMethod(run, how.method, how.missing), calendar: SAMPLE_CALENDAR };
  }

  /**
   * The monthly climatology a geo's series are made from (a state's or province's is its country's: its
   * series are shares of the country's); undefined for a geo the generator has no climate for.
   */
  climatology(geo: string): Climatology | undefined {
    const own = this.shares.get(geo)?.country ?? geo;
    const climate = this.climates[own];
    if (!climate) return undefined;
    let clim = this.climatologies.get(own);
    if (!clim) {
      clim = climatologyOf(climate);
      this.climatologies.set(own, clim);
    }
    return clim;
  }

  /** Every variable of one model run; undefined for a geo, scenario or model the generator cannot make. */
  run(geo: string, scenario: string, model: string): SampleRun | undefined {
    const period = this.scenarios[scenario];
    const climate = this.climates[geo];
    if (!period || !climate || !hasForcing(scenario) || model.length === 0) return undefined;
    return this.runs.getOrSet(`${geo}|${scenario}|${model}`, () => {
      const clim = this.climatology(geo)!;
      return generateRun({ geo, model, scenario, period, clim, traits: modelTraits(model) });
    });
  }
}
