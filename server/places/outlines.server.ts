import { readFileSync } from "node:fs";
import path from "node:path";
import { GEO_LATITUDES } from "../../app/features/analytics/latitudes";
import { applyWorldview, DE_FACTO, disputedAreas, parseWorldview, worldviewLine, type DisputedArea } from "./worldview.server";
import type { GeoFeature } from "../series/ingest/masks";

/**
 * The shipped outlines of the portal's places (`seeds/geo`, or `$SEEDS_DIR/geo`): the countries
 * (`countries.json`, Natural Earth 1:50m), the river basins (`basins.json`) and the countries' first-level
 * units (`admin1.json`, Natural Earth 1:10m, full resolution: see scripts/build-admin1.mjs). The series
 * ingest computes area means from them, the sample grids fit their fields to them, and the sample series
 * give each state or province its share of its country (`adminUnits`). Read once per folder.
 */

/** The folder of the shipped outlines. */
export const shippedGeoDir = () => path.resolve(process.env.SEEDS_DIR || "seeds", "geo");

type Geometry = GeoFeature["geometry"];
interface Collection<P> {
  features: { properties: P; geometry: Geometry }[];
}

/** Where a country's first-level outlines come from and how current they are (said on its pages). */
export interface AdminSource {
  source: string;
  licence: string;
  /** False where the outlines are behind today's units (Nepal's zones, Bangladesh without Mymensingh). */
  current: boolean;
  note: string;
}

/** A first-level administrative unit with its full-resolution outline. */
export interface AdminUnit extends GeoFeature {
  name: string;
  /** What the country calls it: State, Union territory, Province, Division, Dzongkhag, Atoll, ... */
  type: string;
  /** ISO3 of its country. */
  country: string;
  /** Other names and codes a reader may search by (former ISO codes, older spellings). */
  aliases: string[];
  /** Area on the sphere in equal-area units (degrees of longitude x sin latitude), holes left out. */
  area: number;
  /** Latitude of the outline's area centroid, degrees. */
  lat: number;
}

interface AdminProperties {
  code: string;
  name: string;
  type: string;
  country: string;
  aliases?: string[];
}

const cache = new Map<string, unknown>();
function readOnce<T>(file: string): T {
  if (!cache.has(file)) cache.set(file, JSON.parse(readFileSync(file, "utf8")));
  return cache.get(file) as T;
}

const RAD = Math.PI / 180;
const polygonsOf = (g: Geometry) => (g.type === "Polygon" ? [g.coordinates] : g.coordinates);

/**
 * Area (equal-area units) and area centroid latitude of an outline, holes subtracted: the shoelace sums in
 * the coordinates (longitude, sin latitude), in which areas on the sphere are plane areas.
 */
export function outlineArea(geometry: Geometry): { area: number; lat: number } {
  let area = 0;
  let moment = 0;
  for (const rings of polygonsOf(geometry)) {
    rings.forEach((ring, r) => {
      let twice = 0;
      let cy = 0;
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const xi = ring[i][0];
        const xj = ring[j][0];
        const yi = Math.sin(ring[i][1] * RAD);
        const yj = Math.sin(ring[j][1] * RAD);
        const cross = xj * yi - xi * yj;
        twice += cross;
        cy += (yi + yj) * cross;
      }
      // a ring's area and first moment, signed so that holes subtract whatever their winding
      const sign = (r === 0 ? 1 : -1) * Math.sign(twice);
      area += (sign * twice) / 2;
      moment += (sign * cy) / 6;
    });
  }
  return { area, lat: area > 0 ? Math.asin(Math.max(-1, Math.min(1, moment / area))) / RAD : 0 };
}

/** The countries' first-level units with their full outlines, in the file's order. */
export function adminUnits(geoDir = shippedGeoDir()): AdminUnit[] {
  const key = `units:${geoDir}`;
  if (!cache.has(key)) {
    const file = readOnce<Collection<AdminProperties>>(path.join(geoDir, "admin1.json"));
    cache.set(
      key,
      file.features.map((f) => ({ code: f.properties.code, name: f.properties.name, type: f.properties.type, country: f.properties.country, aliases: f.properties.aliases ?? [], geometry: f.geometry, ...outlineArea(f.geometry) })),
    );
  }
  return cache.get(key) as AdminUnit[];
}

/** Each country's source, licence and currency of its first-level outlines. */
export function adminSources(geoDir = shippedGeoDir()): Record<string, AdminSource> {
  return readOnce<{ sources: Record<string, AdminSource> }>(path.join(geoDir, "admin1.json")).sources;
}

/**
 * What a map of the states and provinces says of their outlines, for `countries` (code and name, in the
 * order the page lists them): where they come from and under what licence (one line, or one per source
 * naming its countries when they differ), then the note of each country whose units are not today's
 * (Nepal's zones, Bangladesh before Mymensingh).
 */
export function adminSourceLines(countries: readonly { code: string; name: string }[], geoDir = shippedGeoDir()): string[] {
  const sources = adminSources(geoDir);
  const covered = countries.filter((c) => c.code in sources);
  const bySource = new Map<string, string[]>();
  for (const c of covered) {
    const text = `${sources[c.code].source}; ${sources[c.code].licence}`;
    bySource.set(text, [...(bySource.get(text) ?? []), c.name]);
  }
  const and = (names: string[]) => (names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names[0]);
  const lines = [...bySource].map(([text, names]) => `Outlines of the states and provinces${bySource.size > 1 ? ` of ${and(names)}` : ""}: ${text}.`);
  for (const c of covered) if (!sources[c.code].current) lines.push(sources[c.code].note);
  return lines;
}

/** A disputed area as a place: its outline as the layer draws it, its area and centre latitude. */
export interface DisputedPlace extends DisputedArea {
  area: number;
  lat: number;
}

/** The disputed areas as places of their own (`XD-B07`), with their areas (read once per folder). */
export function disputedPlaces(geoDir = shippedGeoDir()): DisputedPlace[] {
  const key = `disputed:${geoDir}`;
  if (!cache.has(key)) cache.set(key, disputedAreas(geoDir).map((a) => ({ ...a, ...outlineArea(a.geometry) })));
  return cache.get(key) as DisputedPlace[];
}

/**
 * The outlines of the catalogue's places (`seeds.geos`): countries, basins, states and provinces, the
 * countries' from the deployment's point of view on the disputed areas (`WORLDVIEW`, `./worldview.server.ts`),
 * and the disputed areas themselves, each whole whatever the point of view (a place of its own).
 */
export function loadGeoFeatures(geoDir: string, seeds: { geos: readonly { field_value: string }[] }, worldview = parseWorldview(process.env.WORLDVIEW)): GeoFeature[] {
  const codes = new Set(seeds.geos.map((g) => g.field_value));
  const features: GeoFeature[] = [];
  for (const f of readOnce<Collection<{ iso3?: unknown }>>(path.join(geoDir, "countries.json")).features) {
    const code = f.properties.iso3;
    if (typeof code === "string" && codes.has(code)) features.push({ code, geometry: f.geometry });
  }
  for (const f of readOnce<Collection<{ code?: unknown }>>(path.join(geoDir, "basins.json")).features) {
    const code = f.properties.code;
    if (typeof code === "string" && codes.has(code)) features.push({ code, geometry: f.geometry });
  }
  for (const unit of adminUnits(geoDir)) if (codes.has(unit.code)) features.push({ code: unit.code, geometry: unit.geometry });
  for (const area of disputedAreas(geoDir)) if (codes.has(area.code)) features.push({ code: area.code, geometry: area.geometry });
  return worldview === DE_FACTO ? features : applyWorldview(features, worldview, disputedAreas(geoDir));
}

/** Centre latitude of every place, degrees north: the countries' and basins' table, the units' and disputed areas' outlines. */
export function placeLatitudes(geoDir = shippedGeoDir()): Readonly<Record<string, number>> {
  const fromOutlines = [...adminUnits(geoDir), ...disputedPlaces(geoDir)].map((u) => [u.code, Math.round(u.lat * 10) / 10]);
  return { ...GEO_LATITUDES, ...Object.fromEntries(fromOutlines) };
}

/** The outline line of a place whose outline is the operator's. */
const OPERATOR_OUTLINE_LINE = "Outline: an operator's own (--places).";

/**
 * Where a place's outline comes from, for its pages and downloads: the layer, its licence and, for a state
 * or province, how current its country's units are (`sources`, said where they are behind); for a place
 * the operator's ingest added (`added`), the operator's file.
 */
export function outlineSourceLine(place: { code: string; type: string; country?: string; added?: true }, geoDir = shippedGeoDir()): string {
  if (place.added) return OPERATOR_OUTLINE_LINE;
  const layer = (name: string) => readOnce<{ source?: string }>(path.join(geoDir, name)).source ?? "";
  if (place.type === "Basin") return `Outline: ${layer("basins.json")}`;
  if (place.type === "Disputed") {
    const { source } = readOnce<{ source: { layer: string; version: string; licence: string } }>(path.join(geoDir, "sources", "ne_50m_disputed_south_asia.geojson"));
    const area = disputedAreas(geoDir).find((a) => a.code === place.code);
    const note = area?.note ? ` The layer's note: "${area.note}".` : "";
    return `Outline: ${source.layer}, version ${source.version} (2022); ${source.licence}.${note} A place of its own, whole whatever point of view the portal is set to (WORLDVIEW), never merged into a country's state or province.`;
  }
  if (place.type === "Country") return `Outline: ${layer("countries.json")}. ${worldviewLine(parseWorldview(process.env.WORLDVIEW))}`;
  const source = place.country ? adminSources(geoDir)[place.country] : undefined;
  if (!source) return OPERATOR_OUTLINE_LINE;
  const worldview = parseWorldview(process.env.WORLDVIEW);
  const asDrawn = worldview === DE_FACTO ? "" : " Drawn and averaged as the layer has it: the point of view set for the portal (WORLDVIEW) moves disputed areas between countries' outlines only.";
  return `Outline: ${source.source}; ${source.licence}. ${source.note}${asDrawn}`;
}
