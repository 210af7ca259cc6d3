import { readFileSync } from "node:fs";
import path from "node:path";
import polygonClipping, { type MultiPolygon as ClipMultiPolygon, type Polygon as ClipPolygon } from "polygon-clipping";
import type { GeoFeature } from "../series/ingest/masks";

/**
 * Points of view on South Asia's disputed areas. The portal draws and averages Natural Earth's de facto
 * depiction unless the deployment sets `WORLDVIEW` to a country whose point of view Natural Earth publishes
 * (`ADM0_A3_<xx>` of its breakaway and disputed areas layer, `seeds/geo/sources/ne_50m_disputed_south_asia.geojson`,
 * checked by `scripts/check-disputed.mjs`). Under a worldview each country's outline gains the disputed areas
 * that point of view gives it and another holds, and loses those it holds and that point of view gives to
 * another (polygon union and difference, `polygon-clipping`); the countries' area means, maps and masks
 * then follow. The layer's 1:50m areas and the 1:50m admin-0 countries are drawn by Natural Earth to fit one
 * another; the states and provinces stay as the admin-1 layer has them.
 */

/** A worldview's ISO3 code and the suffix of its point-of-view field in the layer (`ADM0_A3_IN`). */
export const WORLDVIEWS: Readonly<Record<string, { field: string; name: string }>> = {
  IND: { field: "IN", name: "India" },
  PAK: { field: "PK", name: "Pakistan" },
  NPL: { field: "NP", name: "Nepal" },
  BGD: { field: "BD", name: "Bangladesh" },
  CHN: { field: "CN", name: "China" },
  USA: { field: "US", name: "the United States" },
  GBR: { field: "GB", name: "the United Kingdom" },
};

/** The de facto depiction: no worldview set. */
export const DE_FACTO = "de facto";

/** A disputed area of the layer: its name, who holds it and who holds it from each point of view. */
export interface DisputedArea {
  id: number;
  /** The area's place code: `XD-` (a user-assigned ISO 3166 prefix, "disputed") and the layer's BRK_A3 (`XD-B07`). */
  code: string;
  name: string;
  note: string;
  /** ISO3 of the holder in Natural Earth's de facto depiction (KAS: Siachen, held by neither country's outline). */
  deFacto: string;
  /** ISO3 of the holder from each point of view, by ISO3 of the worldview. */
  holders: Record<string, string>;
  /** ISO3 of the countries that claim it: its holder from some point of view other than the de facto holder, in the order of `WORLDVIEWS`. */
  claimants: string[];
  geometry: GeoFeature["geometry"];
}

interface Layer {
  source: { layer: string; version: string; commit: string; licence: string };
  features: { properties: Record<string, unknown>; geometry: GeoFeature["geometry"] }[];
}

const FILE = path.join("sources", "ne_50m_disputed_south_asia.geojson");

/** The de facto holder code of an area held by neither country's outline (the Siachen Glacier). */
export const INDETERMINATE = "KAS";

const layers = new Map<string, DisputedArea[]>();

/** The disputed areas of the shipped layer (read once per folder). */
export function disputedAreas(geoDir: string): DisputedArea[] {
  const known = layers.get(geoDir);
  if (known) return known;
  const layer = JSON.parse(readFileSync(path.join(geoDir, FILE), "utf8")) as Layer;
  const areas = layer.features.map((f) => {
    const p = f.properties;
    const deFacto = String(p.ADM0_A3);
    const holders = Object.fromEntries(Object.entries(WORLDVIEWS).map(([iso3, { field }]) => [iso3, String(p[`ADM0_A3_${field}`])]));
    return {
      id: Number(p.NE_ID),
      code: `XD-${String(p.BRK_A3)}`,
      name: String(p.BRK_NAME),
      note: String(p.NOTE_BRK ?? ""),
      deFacto,
      holders,
      claimants: [...new Set(Object.values(holders))].filter((h) => h !== deFacto && h !== INDETERMINATE && /^[A-Z]{3}$/.test(h)),
      geometry: f.geometry,
    };
  });
  layers.set(geoDir, areas);
  return areas;
}

/** Names of the countries that hold or claim an area of the layer. */
const HOLDER_NAMES: Readonly<Record<string, string>> = { IND: "India", PAK: "Pakistan", CHN: "China", NPL: "Nepal", BGD: "Bangladesh" };

/**
 * What a disputed area's pages say of it, from the layer's holders: `Administered by India; claimed by
 * China`, or for the area no country's outline holds, `Held by neither country's outline; claimed by India
 * and Pakistan`.
 */
export function disputedStatus(area: Pick<DisputedArea, "deFacto" | "claimants">): string {
  const names = area.claimants.map((c) => HOLDER_NAMES[c] ?? c);
  const claimed = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names[0];
  const held = area.deFacto === INDETERMINATE ? "Held by neither country's outline" : `Administered by ${HOLDER_NAMES[area.deFacto] ?? area.deFacto}`;
  return `${held}; claimed by ${claimed}`;
}

/** The worldview a setting names: an ISO3 code of `WORLDVIEWS`, or the de facto depiction when unset. */
export function parseWorldview(value: string | undefined): string {
  const v = (value ?? "").trim().toUpperCase();
  if (v === "" || v === "DE FACTO" || v === "DEFACTO") return DE_FACTO;
  if (!(v in WORLDVIEWS)) throw new Error(`WORLDVIEW: "${value}" is not a point of view the disputed areas layer publishes; use one of ${Object.keys(WORLDVIEWS).join(", ")}, or leave it unset for Natural Earth's de facto depiction`);
  return v;
}

const asClip = (g: GeoFeature["geometry"]): ClipPolygon | ClipMultiPolygon =>
  (g.type === "Polygon" ? g.coordinates : g.coordinates) as unknown as ClipPolygon | ClipMultiPolygon;

/**
 * The countries' outlines from a point of view: each country of `features` with the areas that view gives
 * it and another holds added, and the areas it holds and that view gives to another taken away. Other
 * places (basins, states and provinces) are returned as they are. The de facto depiction returns `features`.
 */
export function applyWorldview(features: readonly GeoFeature[], worldview: string, areas: readonly DisputedArea[]): GeoFeature[] {
  if (worldview === DE_FACTO) return [...features];
  return features.map((feature) => {
    const gains = areas.filter((a) => a.holders[worldview] === feature.code && a.deFacto !== feature.code);
    const losses = areas.filter((a) => a.deFacto === feature.code && a.holders[worldview] !== feature.code);
    if (gains.length === 0 && losses.length === 0) return feature;
    let shape: ClipMultiPolygon = polygonClipping.union(asClip(feature.geometry), ...gains.map((a) => asClip(a.geometry)));
    if (losses.length) shape = polygonClipping.difference(shape, ...losses.map((a) => asClip(a.geometry)));
    return { code: feature.code, geometry: { type: "MultiPolygon", coordinates: shape as unknown as GeoFeature["geometry"]["coordinates"][] } } as GeoFeature;
  });
}

/** What a number's outline says of the worldview: the line under answers, downloads and maps. */
export function worldviewLine(worldview: string): string {
  if (worldview === DE_FACTO) return "Boundaries: Natural Earth's de facto depiction (1:50m admin-0; no point of view set).";
  return `Boundaries: the point of view of ${WORLDVIEWS[worldview].name} as Natural Earth publishes it (1:50m breakaway and disputed areas, version 5.1): disputed areas are in the country that point of view gives them to.`;
}

/** The smallest part of a redrawn outline kept, square degrees. */
const SLIVER = 1e-3;

/** A ring's area in square degrees (shoelace), unsigned: for telling slivers from parts. */
function planarArea(ring: readonly (readonly number[])[]): number {
  let twice = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) twice += ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
  return Math.abs(twice) / 2;
}

/** Codes of the drawing's neighbours that hold disputed areas and have no ISO code among the places. */
const DRAWING_CODES: Readonly<Record<string, string>> = { China: "CHN", "Siachen Glacier": "KAS" };

interface DrawingFeature {
  type: "Feature";
  properties: { name: string; iso3: string | null };
  geometry: GeoFeature["geometry"];
}

/**
 * The countries' drawing (`seeds/geo/countries.json`: the eight countries and their neighbours, coordinates
 * to 0.01°) from a point of view: every country, neighbours included (China, and the Siachen Glacier that
 * Natural Earth draws as its own unit), gains and loses the disputed areas as `applyWorldview` gives them,
 * rounded to the drawing's 0.01°; a unit left with no area is dropped. The de facto depiction returns it as it is.
 */
export function worldviewDrawing<C extends { features: DrawingFeature[] }>(collection: C, worldview: string, areas: readonly DisputedArea[]): C {
  if (worldview === DE_FACTO) return collection;
  const codeOf = (f: DrawingFeature) => f.properties.iso3 ?? DRAWING_CODES[f.properties.name] ?? `name:${f.properties.name}`;
  const moved = applyWorldview(collection.features.map((f) => ({ code: codeOf(f), geometry: f.geometry })), worldview, areas);
  const round = (x: number) => Math.round(x * 100) / 100;
  const features = collection.features.flatMap((f, i) => {
    const geometry = moved[i].geometry;
    if (geometry === f.geometry) return [f];
    // slivers left where the drawing's 0.01° outline and the layer's own edge of an area do not meet exactly
    // (under a thousandth of a square degree, some 10 km²) are dropped with the parts they form
    const polygons = (geometry.type === "Polygon" ? [geometry.coordinates] : geometry.coordinates)
      .map((rings) => rings.map((ring) => ring.map(([x, y]) => [round(x), round(y)])))
      .filter((rings) => rings[0].length >= 4 && planarArea(rings[0]) >= SLIVER)
      .map((rings) => [rings[0], ...rings.slice(1).filter((hole) => hole.length >= 4 && planarArea(hole) >= SLIVER)]);
    return polygons.length ? [{ ...f, geometry: { type: "MultiPolygon", coordinates: polygons } as GeoFeature["geometry"] }] : [];
  });
  return { ...collection, features };
}
