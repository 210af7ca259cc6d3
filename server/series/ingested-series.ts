import { createHash } from "node:crypto";
import type { SeriesFrequency } from "../../app/features/cmip6/seriesQuery";
import { observationDataset, OBSERVED } from "../../app/features/observations/datasets";
import { CalendarError, parseCalendar, type Calendar } from "./ingest/calendar";
import type { SeriesKey, SeriesSource, StoredSeries } from "./store";
import { DE_FACTO, worldviewLine } from "../places/worldview.server";

/**
 * What the stores of ingested series share, whatever database holds the rows (`IngestedSeriesStore` on the
 * SQLite file, `PostgresSeriesStore` on the shared PostgreSQL store): the sources built from the
 * `ingested_files` rows, the calendar of each source, and the answers built from the `series_years` rows of
 * a batch of keys. One implementation, so that the same rows give the same answers from either database.
 */

export const INGEST_METHOD =
  "Daily NetCDF model output ingested with the portal's `npm run ingest`: units converted (K to °C, kg m-2 s-1 " +
  "to mm/day, kg/kg to g/kg), daily values read in the file's own calendar (CF calendars decoded as cftime " +
  "does). Monthly means and ETCCDI indices (FD, SU, ID, TR, TXx, TNx, TXn, TNn, DTR, Rx1day, Rx5day, R10mm, " +
  "R20mm, Rnnmm at 25 mm, SDII, CDD, CWD, PRCPTOT) are computed per grid cell from its days, then averaged " +
  "over each place's outline (country, basin, state or province, or a place the operator's outlines add) with each cell weighted by the area of its intersection with the " +
  "outline; a place the file's grid covers less than 99 % of gets no series from it (`coverage` in the " +
  "answer). Annual values of monthly series combine the twelve months by the " +
  "indicator's rule; a month or year with a missing day has no value. Dry and wet spells (CDD, CWD) run " +
  "across the new year as climdex counts them by default: a spell belongs to the year it ends in; Rx5day windows belong to the month of their last day and start with the file's first day. " +
  "Percentile indices (TX90p, TX10p, TN90p, TN10p, WSDI, CSDI, R95pTOT, R99pTOT) use thresholds from the model's own " +
  "1961-1990 historical base per grid cell (TX/TN: 10th/90th percentile per calendar day in a 5-day window, quantile " +
  "type 8; precipitation: 95th/99th percentile of wet days >= 1 mm); base years use the bootstrap of Zhang et al. " +
  "(2005, J. Climate 18, 1641-1651), as climdex.pcic; R95pTOT/R99pTOT are mm on days above the threshold. " +
  "Potential evapotranspiration (pet) is FAO-56 Penman-Monteith per grid cell and day where the files include hurs, rsds " +
  "and sfcWind, else Hargreaves-Samani; each series names its method and elevation (`methods` in the answer). " +
  "Livestock heat-stress days (thimean*, thimax*) count per grid cell the days with THI (NRC 1971) at or above " +
  "each cited threshold (68, 72: dairy cows; 75, 79, 84: the Livestock Weather Safety Index for cattle), from daily " +
  "tas with hurs (mean) or tasmax with the relative humidity at it from huss at 101.3 kPa (max).";

/** How observational datasets (scenario `observed`) become series: the same reading, without model output's wording. */
export const OBSERVED_INGEST_METHOD =
  "Daily gridded observations or reanalysis (NetCDF) ingested with the portal's `npm run ingest`, recognised from " +
  "the files' global attributes or `--observed`: the dataset's variables mapped to the portal's (CHIRPS precip, " +
  "ERA5 t2m and tp, IMD rf, tmax and tmin), units converted (K to °C, m to mm, a daily file's mm as mm/day), " +
  "days read in the file's own calendar on the dataset's own grid; monthly means and ETCCDI indices per cell, " +
  "then the area-weighted mean over each place's outline; a place the grid covers less than 99 % of (CHIRPS " +
  "stops at 50°N and 50°S, IMD covers India) gets no series from it. A month or year with a missing day has no value.";

/** An `ingested_files` row, as the stores read it. */
export interface IngestedFileRow {
  name: string;
  calendar: string;
  variable: string;
  variant: string;
  grid: string;
  years: string;
  sha256: string;
  ingested_at: string;
  source_id: string;
  model: string;
  scenario: string;
  /** The point of view on the disputed areas the outlines followed (`WORLDVIEW`); null in rows from before it was recorded. */
  worldview: string | null;
}

/**
 * The columns of `ingested_files` the stores read, in the order of their query (`ORDER BY name`), given the
 * columns the table has: a database from before files recorded their point of view reads it as null.
 */
export const ingestedFileColumns = (columns: ReadonlySet<string>) =>
  `name, calendar, variable, variant, grid, years, sha256, ingested_at, source_id, model, scenario, ${columns.has("worldview") ? "worldview" : "NULL AS worldview"}`;

/** A `series_years` row of one (indicator, geo, frequency), as the stores read it. */
export interface IngestedSeriesRow {
  scenario: string;
  model: string;
  year: number;
  source_id: string;
  /** Float64 values, little-endian (`encodeValues`). */
  vals: Uint8Array;
  coverage: number | null;
  method: string | null;
}

/** The sources of a store's files, the calendar of each, and a fingerprint of the files for its version. */
export interface IngestedSources {
  sources: Map<string, SeriesSource>;
  /** The CF calendar of each source's files (a model run's files share one; else the one most of them have). */
  calendars: Map<string, Calendar>;
  /** Files recorded. */
  files: number;
  /** 12 hex digits of the files' checksums. */
  fingerprint: string;
}

const decodeValues = (blob: Uint8Array) => {
  const copy = new Float64Array(blob.length / 8);
  new Uint8Array(copy.buffer).set(blob);
  return copy;
};

/** Items by key, in their order (one pass, no copying). */
export function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** "a.nc, b.nc and 3 more" */
function fileList(names: string[], shown = 4): string {
  const sorted = [...names].sort();
  if (sorted.length <= shown) return sorted.join(", ");
  return `${sorted.slice(0, shown).join(", ")} and ${sorted.length - shown} more`;
}

/**
 * One line for a run's rows: their method when all years share it, else each method with its years
 * ("A (2015-2040); B (2041-2100)"). Undefined when no row has one.
 */
export function methodOfRun(rows: readonly { year: number; method: string | null }[]): string | undefined {
  const spans: { method: string; start: number; end: number }[] = [];
  for (const { year, method } of rows) {
    if (!method) continue;
    const last = spans.at(-1);
    if (last && last.method === method && year === last.end + 1) last.end = year;
    else spans.push({ method, start: year, end: year });
  }
  if (spans.length === 0) return undefined;
  if (new Set(spans.map((s) => s.method)).size === 1 && spans.length === 1) return spans[0].method;
  return spans.map((s) => `${s.method} (${s.start === s.end ? s.start : `${s.start}-${s.end}`})`).join("; ");
}

/** The calendar of a run's files: the one they share, else the one most of them have; undefined if none is readable. */
export function calendarOfRun(attributes: readonly string[]): Calendar | undefined {
  const counts = new Map<Calendar, number>();
  for (const attribute of attributes) {
    try {
      const calendar = parseCalendar(attribute);
      counts.set(calendar, (counts.get(calendar) ?? 0) + 1);
    } catch (error) {
      if (!(error instanceof CalendarError)) throw error;
    }
  }
  let best: Calendar | undefined;
  for (const [calendar, n] of counts) if (best === undefined || n > counts.get(best)!) best = calendar;
  return best;
}

/**
 * Which depiction of the disputed areas a run's area means follow: the point of view its files were ingested
 * with (`WORLDVIEW`, recorded per file), said as the profiles say it; files ingested before it was recorded
 * followed the de facto depiction, the only one there was; a run whose files followed different points of
 * view says so.
 */
function boundariesOf(rows: readonly Pick<IngestedFileRow, "worldview">[]): string {
  const views = [...new Set(rows.map((r) => r.worldview ?? DE_FACTO))].sort();
  if (views.length === 1) return worldviewLine(views[0]);
  return `Boundaries: the files of this run followed different points of view on the disputed areas (${views.join(", ")}); ingest them again with one WORLDVIEW.`;
}

/**
 * The provenance of each model run (or observational dataset) from its files, given in name order (the
 * byte order of SQLite's and PostgreSQL's "C" collation): what was ingested, from which files, when.
 */
export function ingestedSources(files: readonly IngestedFileRow[]): IngestedSources {
  const sources = new Map<string, SeriesSource>();
  const calendars = new Map<string, Calendar>();
  for (const [id, rows] of groupBy(files, (f) => f.source_id)) {
    const { model, scenario } = rows[0];
    const variables = [...new Set(rows.map((r) => r.variable))].sort().join(", ");
    const latest = rows.map((r) => r.ingested_at).sort().at(-1)!;
    const dataset = scenario === OBSERVED ? observationDataset(model) : undefined;
    const calendar = calendarOfRun(rows.map((r) => r.calendar));
    if (calendar) calendars.set(id, calendar);
    const checksum = createHash("sha256").update(rows.map((r) => r.sha256).join()).digest("hex").slice(0, 8);
    if (dataset) {
      sources.set(id, {
        id,
        source: `${dataset.name}, version ${dataset.version}: observations ingested from NetCDF (${variables}; ${rows.length} file${rows.length === 1 ? "" : "s"}: ${fileList(rows.map((r) => r.name))}). Licence: ${dataset.licence}. Reference: ${dataset.reference}. ${boundariesOf(rows)}`,
        method: OBSERVED_INGEST_METHOD,
        version: `${dataset.id}, ingested ${latest.slice(0, 10)} (${checksum})`,
        sample: false,
      });
      continue;
    }
    sources.set(id, {
      id,
      source: `Ingested NetCDF, ${model} ${scenario} (${variables}; ${rows.length} file${rows.length === 1 ? "" : "s"}: ${fileList(rows.map((r) => r.name))}). ${boundariesOf(rows)}`,
      method: INGEST_METHOD,
      version: `ingested ${latest.slice(0, 10)} (${checksum})`,
      sample: false,
    });
  }
  const fingerprint = createHash("sha256").update(files.map((f) => f.sha256).sort().join()).digest("hex").slice(0, 12);
  return { sources, calendars, files: files.length, fingerprint };
}

/**
 * One model run's series from its rows (in year order; years without a row are NaN), with its source,
 * coverage (the least of its years'), method and calendar. Undefined without rows or without a source (rows
 * whose files are not recorded).
 */
export function storedRun(run: readonly IngestedSeriesRow[] | undefined, frequency: SeriesFrequency, { sources, calendars }: IngestedSources): StoredSeries | undefined {
  if (!run || run.length === 0) return undefined;
  const perYear = frequency === "monthly" ? 12 : 1;
  const start = run[0].year;
  const values = new Float64Array((run[run.length - 1].year - start + 1) * perYear).fill(NaN);
  for (const row of run) values.set(decodeValues(row.vals), (row.year - start) * perYear);
  const source = sources.get(run[0].source_id);
  if (!source) return undefined;
  const covered = run.map((row) => row.coverage).filter((c): c is number => c !== null);
  const method = methodOfRun(run);
  const calendar = calendars.get(run[0].source_id);
  return { startYear: start, values, source, ...(covered.length > 0 ? { coverage: Math.min(...covered) } : {}), ...(method ? { method } : {}), ...(calendar ? { calendar } : {}) };
}

/** The rows of one (indicator, geo, frequency) for these scenarios and models, in scenario, model and year order. */
export type ReadIngestedRows = (indicator: string, geo: string, frequency: SeriesFrequency, scenarios: string[], models: string[]) => Promise<IngestedSeriesRow[]> | IngestedSeriesRow[];

/**
 * The series of each key, in order (undefined where there are no rows): one read per (indicator, geo,
 * frequency) of the batch, so that an ensemble answer is one query.
 */
export async function ingestedSeries(keys: readonly SeriesKey[], read: ReadIngestedRows, sources: IngestedSources): Promise<(StoredSeries | undefined)[]> {
  const answers: (StoredSeries | undefined)[] = new Array(keys.length).fill(undefined);
  const groups = groupBy(
    keys.map((_, i) => i),
    (i) => `${keys[i].indicator}\u0000${keys[i].geo}\u0000${keys[i].frequency}`,
  );
  for (const [group, indices] of groups) {
    const [indicator, geo, frequency] = group.split("\u0000") as [string, string, SeriesFrequency];
    const scenarios = [...new Set(indices.map((i) => keys[i].scenario))];
    const models = [...new Set(indices.map((i) => keys[i].model))];
    const rows = await read(indicator, geo, frequency, scenarios, models);
    const runs = groupBy(rows, (row) => `${row.scenario}\u0000${row.model}`);
    for (const i of indices) answers[i] = storedRun(runs.get(`${keys[i].scenario}\u0000${keys[i].model}`), frequency, sources);
  }
  return answers;
}
