import type { Agreement } from "../cmip6/windows";
import type { SourceSummary } from "../cmip6/sources";
import type { SeriesProvenance } from "../cmip6/series";
import type { WindowChoice } from "../cmip6/warmingLevels";
import { placeSlugs, slugOf, type PlaceEntry, type PlaceKind } from "../places/places";

/**
 * A place's climate profile: where it is, its 1995-2014 climate, and for SSP2-4.5 and SSP5-8.5 the change
 * of every annual indicator by 20-year window and by global warming level (median, 10th-90th percentiles
 * and model agreement), computed by the portal's one ensemble method (`windowStatistics`). The page, its
 * print layout and its data pack all read this one object.
 */

/** The scenarios a profile shows. */
export const PROFILE_SCENARIOS = ["ssp245", "ssp585"] as const;

/** A place of the portal as profiles name it. */
export interface ProfilePlace {
  /** ISO3 code of a country, slug of a basin or ISO 3166-2 code of a state (the series API's `geo`). */
  code: string;
  name: string;
  type: PlaceKind;
  /** The country of a state or province (ISO3). */
  country?: string;
  /** The readable path segment: `nepal`, `sri-lanka`, `amu-darya`, `uttar-pradesh`, `punjab-pakistan` (`placeSlugs`). */
  slug: string;
  /** A place the operator's series ingest added (`--places`), with the operator's own outline. */
  added?: true;
  /** A disputed area: who administers and who claims it. */
  status?: string;
}

/** The places of the portal's geos, with their slugs. */
export function profilePlaces(geos: readonly PlaceEntry[]): ProfilePlace[] {
  const slugs = placeSlugs(geos);
  return geos.map((g) => ({
    code: g.field_value,
    name: g.name,
    type: g.field_geotype,
    ...(g.field_country ? { country: g.field_country } : {}),
    slug: slugs.get(g.field_value)!,
    ...(g.added ? { added: true as const } : {}),
    ...(g.field_status ? { status: g.field_status } : {}),
  }));
}

/** The path of a place's profile: by its slug, or by a name that no other place shares (`Nepal`). */
export const profilePath = (place: Pick<ProfilePlace, "slug"> | string) => `/profiles/${typeof place === "string" ? slugOf(place) : place.slug}`;

/** The path of a place's data pack. */
export const dataPackPath = (place: Pick<ProfilePlace, "slug">) => `${profilePath(place)}/data-pack.zip`;

/** The path of a place's locator map (SVG). */
export const placeMapPath = (place: Pick<ProfilePlace, "slug">) => `${profilePath(place)}/map.svg`;

/** A statistic across the models: median and 10th-90th percentiles of the models' values. */
export interface EnsembleValue {
  median: number | null;
  p10: number | null;
  p90: number | null;
  /** Models with a value. */
  count: number;
}

/** The change of one indicator at one window choice under one scenario. */
export interface ProfileCell extends EnsembleValue {
  /** Models with data for the indicator (at a warming level, `count` are those that reach it). */
  of: number;
  agreement: Agreement | null;
  /** Why there is no value, when some years have data ("incomplete: 1 of 20 years"). */
  incomplete?: string;
  /** Models left out by the one-source rule, with the reason ("NorESM2-MM (baseline not ingested)"). */
  leftOut?: string;
}

/** One indicator's row: its 1995-2014 climate and its change at each choice, per scenario. */
export interface ProfileRow {
  code: string;
  name: string;
  units: string;
  /** Decimals of its period statistics (one more than its values). */
  decimals: number;
  category: string;
  baseline: EnsembleValue | null;
  /** Keyed by scenario code, then by window code (`2040-2059`, `gwl:2.0`). */
  changes: Record<string, Record<string, ProfileCell>>;
}

/** The monthly cycle of one variable over 1995-2014: per calendar month, the ensemble of model means. */
export interface MonthlyCycle {
  code: string;
  name: string;
  units: string;
  decimals: number;
  months: EnsembleValue[];
}

/** What a warming-level column means under a scenario ("+3 °C: 20 of 35 models under SSP2-4.5"). */
export interface LevelNote {
  scenario: string;
  code: string;
  /** Models that reach the level, of the models with data. */
  count: number;
  of: number;
  text: string;
  method: string;
}

export interface PlaceProfile {
  place: ProfilePlace;
  /** Data version the profile was computed from (series store and reference lists). */
  version: string;
  baseline: { start: number; end: number; label: string };
  scenarios: { code: string; name: string }[];
  choices: Pick<WindowChoice, "code" | "label" | "kind">[];
  rows: ProfileRow[];
  cycle: MonthlyCycle[];
  levels: LevelNote[];
  /** Where the numbers come from: sample, ingested or mixed, over every model run read. */
  origin: SourceSummary;
  /** The strongest signals in a few sentences, with numbers from `rows`. */
  signals: string[];
  /** The methods and references, as sentences for the page, the print and the data pack. */
  methods: string[];
}

/** "Cite as" text: portal, place, data version and address (the page and the data pack). */
export const citation = (profile: Pick<PlaceProfile, "place" | "version">, url: string) =>
  `SACAP: South Asia Climate and Agriculture Portal. ${profile.place.name} climate profile (data version ${profile.version}). ${url}`;

/**
 * Which source answered each model run a profile read: per indicator and run (scenario), each model's
 * source id, and the provenance of each id. Only the data pack lists them (`model-sources.csv`); the page
 * says the summary (`origin`).
 */
export interface ProfileRunSources {
  runs: { indicator: string; scenario: string; sources: Record<string, string> }[];
  provenance: Record<string, SeriesProvenance>;
}

