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
  name: string;
  note: string;
  /** ISO3 of the holder in Natural Earth's de facto depiction (KAS: Siachen, held by neither country's outline). */
  deFacto: string;
  /** ISO3 of the holder from each point of view, by ISO3 of the worldview. */
  holders: Record<string, string>;
  geometry: GeoFeature["geometry"];
}

interface Layer {
  source: { layer: string; version: string; commit: string; licence: string };
  features: { properties: Record<string, unknown>; geometry: GeoFeature["geometry"] }[];
}

const FILE = path.join("sources", "ne_50m_disputed_south_asia.geojson");

/** The disputed areas of the shipped layer. */
export function disputedAreas(geoDir: string): DisputedArea[] {
  const layer = JSON.parse(readFileSync(path.join(geoDir, FILE), "utf8")) as Layer;
  return layer.features.map((f) => {
    const p = f.properties;
    return {
      id: Number(p.NE_ID),
      name: String(p.BRK_NAME),
      note: String(p.NOTE_BRK ?? ""),
      deFacto: String(p.ADM0_A3),
      holders: Object.fromEntries(Object.entries(WORLDVIEWS).map(([iso3, { field }]) => [iso3, String(p[`ADM0_A3_${field}`])])),
      geometry: f.geometry,
    };
  });
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
