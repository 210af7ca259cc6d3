import type BetterSqlite3 from "better-sqlite3";
import { geoSchema, type Geo } from "../../app/features/cmip6/schema";
import type { CountryIso3 } from "../../app/features/cmip6/countries";
import type { GeoFeature } from "../series/ingest/masks";
import { outlineArea } from "./outlines.server";

/**
 * Places an operator adds to the catalogue: a feature of the ingest's `--places` file whose code the seeds
 * do not have (a district, an official state outline under its own code; `server/series/ingest/outlines.ts`
 * checks it). The ingest computes its series with the others' and records it in the series database it
 * writes (`added_places`, `SERIES_SCHEMA`); the portal started on that database reads them from its store
 * (`SeriesStore.addedPlaces`) and lists them after the seed's places (`withAddedPlaces`), so the series API,
 * the pickers, the profiles, the sitemap and the API's description know them as they know a state. The
 * sample store has none: without an ingest, the catalogue is the seed's.
 */

/** A place a `--places` file added, as the series database records it. */
export interface AddedPlace {
  code: string;
  name: string;
  /** ISO3 of its country. */
  country: CountryIso3;
  /** The outline its series were computed from. */
  geometry: GeoFeature["geometry"];
}

/** Records (or, for a code recorded before, updates) the places a `--places` file added. */
export function recordAddedPlaces(db: BetterSqlite3.Database, places: readonly AddedPlace[], file: string): void {
  if (places.length === 0) return;
  const insert = db.prepare("INSERT OR REPLACE INTO added_places (code, name, country, outline, file, added_at) VALUES (?, ?, ?, ?, ?, ?)");
  const now = new Date().toISOString();
  db.transaction(() => {
    for (const p of places) insert.run(p.code, p.name, p.country, JSON.stringify(p.geometry), file, now);
  })();
}

/** How the places are read from the table, in SQLite and PostgreSQL alike. */
export const ADDED_PLACES_QUERY = "SELECT code, name, country, outline FROM added_places";

/** The rows of `ADDED_PLACES_QUERY` as places, by code (the same order whichever database they come from). */
export function addedPlacesOf(rows: readonly { code: string; name: string; country: string; outline: string }[]): AddedPlace[] {
  return rows
    .map((r) => ({ code: r.code, name: r.name, country: r.country as CountryIso3, geometry: JSON.parse(r.outline) as AddedPlace["geometry"] }))
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}

/** The places a SQLite series database records as added; none in a database from before they were. */
export function readAddedPlaces(db: BetterSqlite3.Database): AddedPlace[] {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'added_places'").get();
  if (!table) return [];
  return addedPlacesOf(db.prepare(ADDED_PLACES_QUERY).all() as Parameters<typeof addedPlacesOf>[0]);
}

/**
 * The seeds with the added places after their own, each a `State` of its country marked `added`, with term
 * ids after the seed's highest. A code the seeds have is never added again (a place the seed has since
 * gained keeps the seed's entry). A record that is not a place the catalogue can hold stops the start with
 * the code and the rule.
 */
export function withAddedPlaces<S extends { geos: Geo[] }>(seeds: S, places: readonly AddedPlace[]): S {
  const codes = new Set(seeds.geos.map((g) => g.field_value));
  const fresh = places.filter((p) => !codes.has(p.code));
  if (fresh.length === 0) return seeds;
  let tid = Math.max(0, ...seeds.geos.map((g) => Number(g.tid)));
  const added = fresh.map((p) => {
    const parsed = geoSchema.safeParse({ tid: String(++tid), field_value: p.code, name: p.name, field_geotype: "State", field_country: p.country, added: true });
    if (!parsed.success) throw new Error(`the series database's added place ${p.code}: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
    return parsed.data;
  });
  return { ...seeds, geos: [...seeds.geos, ...added] };
}

/** Centre latitude of each added place (its outline's area centroid), degrees north, for the drought indices. */
export function addedLatitudes(places: readonly AddedPlace[]): Record<string, number> {
  return Object.fromEntries(places.map((p) => [p.code, Math.round(outlineArea(p.geometry).lat * 10) / 10]));
}

/**
 * The added places whose outlines the server's maps draw (a profile's locator map), kept on `globalThis`:
 * the portal's server and its pages are built as two bundles, each with its own copy of this module, and
 * the server sets them (once it has opened its series store) where the pages draw them.
 */
const DRAWN = Symbol.for("sacap.addedOutlines");
type WithDrawn = typeof globalThis & { [DRAWN]?: readonly AddedPlace[] };

/** Sets the added places the server's maps draw: every list of places learns them at the same time. */
export function drawAddedOutlines(places: readonly AddedPlace[]): void {
  (globalThis as WithDrawn)[DRAWN] = places;
}

/** The outline of an added place, for the server's maps; undefined for any other code. */
export const addedOutline = (code: string): AddedPlace["geometry"] | undefined => (globalThis as WithDrawn)[DRAWN]?.find((p) => p.code === code)?.geometry;
