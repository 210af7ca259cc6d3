import { readFileSync } from "node:fs";
import path from "node:path";
import { ringArea, type GeoFeature } from "./masks";
import { ADDED_SUBDIVISION_CODE, OPERATOR_PLACE_CODE } from "../../../app/features/cmip6/schema";
import { COUNTRY_ISO2, COUNTRY_ISO3, type CountryIso3 } from "../../../app/features/cmip6/countries";
import { placeSlugs, slugOf, type PlaceEntry } from "../../../app/features/places/places";
import { nearestPlaces } from "../../../app/features/places/search";

/**
 * Outlines an operator brings (official borders, HydroBASINS, GADM) for `npm run ingest -- --places FILE`:
 * a GeoJSON FeatureCollection in WGS 84 longitude-latitude degrees, one Polygon or MultiPolygon per place,
 * each naming its place by `properties.code` (or `properties.iso3`). A code of the catalogue (a country's
 * ISO alpha-3 code, a basin's code, a state's ISO 3166-2 code) replaces that place's shipped outline; any
 * other code adds a new place (a district, an official state outline under its own code), which needs
 * `properties.name` and `properties.country` (one of the eight ISO3 codes) and a code of its own: an
 * ISO 3166-2 code of that country or an operator's sub-code of the same shape (`IN-UP-LKO`), or a lowercase
 * code (`lucknow-district`). An added place is a state-level place of its country (geotype `State`); the
 * ingest records it in the series store, and the portal started on that store lists it.
 *
 * Every feature is checked before anything is read, and the first problem stops the ingest with the file,
 * the feature and the rule it breaks. Places the file does not name keep the shipped outlines.
 */

export class OutlineError extends Error {}

/** An operator's outline; `added` is set when it adds a place the catalogue does not have. */
export interface OperatorOutline extends GeoFeature {
  added?: { name: string; country: CountryIso3 };
}

type Position = readonly number[];
type Ring = readonly Position[];

const describe = (value: unknown) => (value === null ? "null" : Array.isArray(value) ? "an array" : typeof value === "object" ? `a ${(value as { type?: unknown }).type ?? "object"}` : `a ${typeof value}`);

/** The outlines of a file, checked against the catalogue's places (`seeds.geos`). */
export function readOutlines(file: string, catalogue: readonly PlaceEntry[]): OperatorOutline[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new OutlineError(`--places ${file}: cannot read the file (${error instanceof Error ? error.message : error})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new OutlineError(`--places ${file}: not JSON (${error instanceof Error ? error.message : error})`);
  }
  return checkOutlines(parsed, path.basename(file), catalogue);
}

export function checkOutlines(collection: unknown, source: string, catalogue: readonly PlaceEntry[]): OperatorOutline[] {
  const fail = (message: string): never => {
    throw new OutlineError(`--places ${source}: ${message}`);
  };
  const body = collection as { type?: unknown; features?: unknown };
  if (!body || body.type !== "FeatureCollection" || !Array.isArray(body.features)) fail(`not a GeoJSON FeatureCollection (found ${describe(collection)})`);
  const features = body.features as unknown[];
  if (features.length === 0) fail("the FeatureCollection has no features");
  const known = new Set(catalogue.map((p) => p.field_value));
  const seen = new Map<string, number>();
  const outlines = features.map((raw, index): OperatorOutline => {
    const feature = raw as { type?: unknown; properties?: Record<string, unknown> | null; geometry?: { type?: unknown; coordinates?: unknown } | null };
    const n = index + 1;
    const code = feature?.properties?.code ?? feature?.properties?.iso3;
    if (typeof code !== "string" || code === "") {
      return fail(`feature ${n}: missing code (properties.code or properties.iso3: a country's ISO alpha-3 code such as NPL, a basin's code such as indus, a state's ISO 3166-2 code such as IN-UP, or the code of a place the file adds)`);
    }
    const at = `feature ${n} (${code})`;
    if (seen.has(code)) fail(`${at}: a second outline for ${code} (feature ${seen.get(code)} has one)`);
    seen.set(code, n);
    const added = known.has(code) ? undefined : newPlace(feature.properties ?? {}, code, catalogue, (rule) => fail(`${at}: ${rule}`));
    const geometry = feature.geometry;
    if (!geometry || (geometry.type !== "Polygon" && geometry.type !== "MultiPolygon")) {
      return fail(`${at}: not a polygon: the geometry is ${geometry ? `a ${String(geometry.type)}` : "missing"}, a Polygon or MultiPolygon is needed`);
    }
    const polygons = (geometry.type === "Polygon" ? [geometry.coordinates] : geometry.coordinates) as unknown[];
    if (!Array.isArray(polygons) || polygons.length === 0) fail(`${at}: the ${geometry.type} has no coordinates`);
    polygons.forEach((polygon, p) => {
      const where = (r: number) => `${at}: ring ${r + 1} of polygon ${p + 1}`;
      if (!Array.isArray(polygon) || polygon.length === 0) fail(`${at}: polygon ${p + 1} has no rings`);
      const rings = polygon as unknown[];
      rings.forEach((ring, r) => {
        if (!Array.isArray(ring)) return fail(`${where(r)} is not a list of positions`);
        ring.forEach((position: unknown, k: number) => {
          const [lon, lat] = Array.isArray(position) ? (position as unknown[]) : [];
          if (typeof lon !== "number" || typeof lat !== "number" || !Number.isFinite(lon) || !Number.isFinite(lat)) {
            fail(`${where(r)}, position ${k + 1}: not a [longitude, latitude] pair of numbers`);
          }
          if ((lon as number) < -180 || (lon as number) > 360 || (lat as number) < -90 || (lat as number) > 90) {
            fail(`${where(r)}, position ${k + 1} (${lon}, ${lat}): outside the longitude-latitude grid; coordinates must be WGS 84 degrees (EPSG:4326), not projected`);
          }
        });
        if (ring.length < 4) fail(`${where(r)} has ${ring.length} positions; a ring needs at least 4`);
        const [first, last] = [ring[0] as Position, ring[ring.length - 1] as Position];
        if (first[0] !== last[0] || first[1] !== last[1]) fail(`${where(r)} is not closed: its first and last positions differ`);
        if (ringArea((ring as Ring).flatMap(([x, y]) => [x, y])) === 0) fail(`${where(r)} encloses no area`);
      });
      const crossing = findCrossing(rings as Ring[]);
      if (crossing) {
        const [a, b] = crossing.rings;
        const which = a === b ? `ring ${a + 1} of polygon ${p + 1} crosses or touches itself` : `rings ${a + 1} and ${b + 1} of polygon ${p + 1} cross or touch`;
        fail(`${at}: self-intersection: ${which} near (${crossing.at[0].toFixed(4)}, ${crossing.at[1].toFixed(4)})`);
      }
    });
    return { code, geometry: geometry as GeoFeature["geometry"], ...(added ? { added } : {}) };
  });
  checkAddresses(outlines, catalogue, fail);
  return outlines;
}

/**
 * The name and country of a place a feature adds (its code is not the catalogue's), or the rule it breaks:
 * a code of a new place's shape, a name, one of the eight countries, and an ISO-shaped code of that country.
 */
function newPlace(properties: Record<string, unknown>, code: string, catalogue: readonly PlaceEntry[], fail: (rule: string) => never): OperatorOutline["added"] {
  const iso = ADDED_SUBDIVISION_CODE.test(code);
  if (!iso && !OPERATOR_PLACE_CODE.test(code)) {
    const near = nearestPlaces(catalogue, code).map((p) => `${p.field_value} (${p.name})`);
    fail(
      `not a place of the catalogue${near.length > 0 ? ` (did you mean ${near.join(", ")}?)` : ""}, nor a code for a new place: an ISO 3166-2 code of its country such as IN-UP-LKO, or a lowercase code such as lucknow-district`,
    );
  }
  const name = typeof properties.name === "string" ? properties.name.trim() : "";
  if (name === "") fail("not a place of the catalogue: a new place needs its name (properties.name)");
  const country = properties.country;
  if (typeof country !== "string" || !(COUNTRY_ISO3 as readonly string[]).includes(country)) {
    fail(`a new place needs its country (properties.country, one of ${COUNTRY_ISO3.join(", ")})${country === undefined ? "" : `, not ${JSON.stringify(country)}`}`);
  }
  const iso2 = COUNTRY_ISO2[country as CountryIso3];
  if (iso && !code.startsWith(`${iso2}-`)) fail(`an ISO 3166-2 code of ${country} starts with ${iso2}-, not ${code.slice(0, 3)}`);
  return { name, country: country as CountryIso3 };
}

/**
 * Each added place needs an address of its own, and leaves every catalogue place its own: its profile's
 * path segment (its name's slug, with its country's where another place shares the name: `placeSlugs`)
 * must be no other place's nor move a catalogue place's (a state whose name it shares would gain its
 * country's), and its code, by which the profiles are also found, must be no place's path segment nor
 * another place's code in other letters.
 */
function checkAddresses(outlines: readonly OperatorOutline[], catalogue: readonly PlaceEntry[], fail: (message: string) => never): void {
  const added = outlines.filter((o) => o.added);
  if (added.length === 0) return;
  const places: PlaceEntry[] = [
    ...catalogue,
    ...added.map((o) => ({ field_value: o.code, name: o.added!.name, field_geotype: "State" as const, field_country: o.added!.country, added: true as const })),
  ];
  const slugs = placeSlugs(places);
  const before = placeSlugs(catalogue);
  const at = (o: OperatorOutline) => `feature ${outlines.indexOf(o) + 1} (${o.code})`;
  const label = (p: PlaceEntry) => `${p.name} (${p.field_value})`;
  for (const o of added) {
    const moved = catalogue.find((p) => slugs.get(p.field_value) !== before.get(p.field_value) && slugs.get(p.field_value)!.startsWith(`${slugOf(o.added!.name)}-`));
    if (moved) {
      fail(`${at(o)}: its name "${o.added!.name}" is ${label(moved)}'s, whose address /profiles/${before.get(moved.field_value)} would become /profiles/${slugs.get(moved.field_value)}; give it another name`);
    }
    const slug = slugs.get(o.code)!;
    const other = places.find((p) => p.field_value !== o.code && slugs.get(p.field_value) === slug);
    if (other) fail(`${at(o)}: its name "${o.added!.name}" gives it the address /profiles/${slug}, which is ${label(other)}'s; give it another name`);
    const lower = o.code.toLowerCase();
    const named = places.find((p) => p.field_value !== o.code && (slugs.get(p.field_value) === lower || p.field_value.toLowerCase() === lower));
    if (named) {
      fail(`${at(o)}: the code ${o.code} is ${slugs.get(named.field_value) === lower ? `the address of ${label(named)} (/profiles/${lower})` : `${named.field_value} in other letters (${label(named)})`}; give it another code`);
    }
  }
}

/** The shipped outlines with the operator's in place of those they name. */
export function withOperatorOutlines(shipped: readonly GeoFeature[], operator: readonly GeoFeature[]): GeoFeature[] {
  const byCode = new Map(operator.map((f) => [f.code, f]));
  return [...shipped.map((f) => byCode.get(f.code) ?? f), ...operator.filter((f) => !shipped.some((s) => s.code === f.code))];
}

interface Edge {
  ring: number;
  index: number;
  /** edges in the ring (to tell the closing edge's neighbour) */
  count: number;
  ax: number;
  ay: number;
  bx: number;
  by: number;
}

const orient = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number) => Math.sign((bx - ax) * (cy - ay) - (by - ay) * (cx - ax));
const within = (a: number, b: number, c: number) => Math.min(a, b) <= c && c <= Math.max(a, b);

/** Where two segments meet (an end point, or their crossing), or undefined. */
function meet(e: Edge, f: Edge): [number, number] | undefined {
  const o1 = orient(e.ax, e.ay, e.bx, e.by, f.ax, f.ay);
  const o2 = orient(e.ax, e.ay, e.bx, e.by, f.bx, f.by);
  const o3 = orient(f.ax, f.ay, f.bx, f.by, e.ax, e.ay);
  const o4 = orient(f.ax, f.ay, f.bx, f.by, e.bx, e.by);
  if (o1 !== o2 && o3 !== o4 && o1 !== 0 && o2 !== 0 && o3 !== 0 && o4 !== 0) {
    const t = ((f.ax - e.ax) * (f.by - f.ay) - (f.ay - e.ay) * (f.bx - f.ax)) / ((e.bx - e.ax) * (f.by - f.ay) - (e.by - e.ay) * (f.bx - f.ax));
    return [e.ax + t * (e.bx - e.ax), e.ay + t * (e.by - e.ay)];
  }
  if (o1 === 0 && within(e.ax, e.bx, f.ax) && within(e.ay, e.by, f.ay)) return [f.ax, f.ay];
  if (o2 === 0 && within(e.ax, e.bx, f.bx) && within(e.ay, e.by, f.by)) return [f.bx, f.by];
  if (o3 === 0 && within(f.ax, f.bx, e.ax) && within(f.ay, f.by, e.ay)) return [e.ax, e.ay];
  if (o4 === 0 && within(f.ax, f.bx, e.bx) && within(f.ay, f.by, e.by)) return [e.bx, e.by];
  return undefined;
}

/**
 * The first place where edges of a polygon's rings meet, other than where an edge meets the next one of
 * its ring. Edges are put in the buckets of a grid over the polygon, and only edges sharing a bucket are
 * compared, so outlines of hundreds of thousands of positions are checked in about linear time.
 */
export function findCrossing(rings: readonly Ring[]): { rings: [number, number]; at: [number, number] } | undefined {
  const edges: Edge[] = [];
  rings.forEach((ring, r) => {
    // repeated positions make edges of no length: leave them out
    const points = ring.filter((p, k) => k === 0 || p[0] !== ring[k - 1][0] || p[1] !== ring[k - 1][1]);
    const count = points.length - 1;
    for (let k = 0; k < count; k++) edges.push({ ring: r, index: k, count, ax: points[k][0], ay: points[k][1], bx: points[k + 1][0], by: points[k + 1][1] });
  });
  if (edges.length < 2) return undefined;
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const e of edges) {
    x0 = Math.min(x0, e.ax, e.bx); x1 = Math.max(x1, e.ax, e.bx);
    y0 = Math.min(y0, e.ay, e.by); y1 = Math.max(y1, e.ay, e.by);
  }
  // square buckets about twice the mean edge length (at most 4096 across), so a bucket holds a few edges
  const mean = edges.reduce((sum, e) => sum + Math.hypot(e.bx - e.ax, e.by - e.ay), 0) / edges.length;
  const size = Math.max(2 * mean, (x1 - x0) / 4096, (y1 - y0) / 4096, 1e-12);
  const across = Math.floor((x1 - x0) / size) + 1;
  const column = (x: number) => Math.floor((x - x0) / size);
  const row = (y: number) => Math.floor((y - y0) / size);
  const buckets = new Map<number, number[]>();
  edges.forEach((e, i) => {
    for (let r = row(Math.min(e.ay, e.by)); r <= row(Math.max(e.ay, e.by)); r++) {
      for (let c = column(Math.min(e.ax, e.bx)); c <= column(Math.max(e.ax, e.bx)); c++) {
        const key = r * across + c;
        const list = buckets.get(key);
        if (list) list.push(i);
        else buckets.set(key, [i]);
      }
    }
  });
  const neighbours = (e: Edge, f: Edge) =>
    e.ring === f.ring && (Math.abs(e.index - f.index) === 1 || (e.count > 2 && Math.abs(e.index - f.index) === e.count - 1));
  for (const [key, list] of buckets) {
    for (let a = 0; a < list.length; a++) {
      for (let b = a + 1; b < list.length; b++) {
        const [e, f] = [edges[list[a]], edges[list[b]]];
        // a pair sharing several buckets is compared in the first of them only
        const first = row(Math.max(Math.min(e.ay, e.by), Math.min(f.ay, f.by))) * across + column(Math.max(Math.min(e.ax, e.bx), Math.min(f.ax, f.bx)));
        if (first !== key || neighbours(e, f)) continue;
        const at = meet(e, f);
        if (at) return { rings: [e.ring, f.ring], at };
      }
    }
  }
  return undefined;
}
