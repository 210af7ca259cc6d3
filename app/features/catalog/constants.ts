import type { CatalogEntry } from "./schema";

/**
 * Catalogue constants the browser needs, kept apart from the zod schemas so that client bundles do not
 * carry the validation library.
 */
export const CATALOG_SECTORS = [
  "Administrative",
  "Environment",
  "Social",
  "Weather & Climate",
  "Water Resources",
  "Disaster Management",
  "Agriculture",
  "Transport",
] as const;
export type CatalogSector = (typeof CATALOG_SECTORS)[number];

/** The catalogue pages under /catalog/<topic>. */
export const CATALOG_TOPICS = ["agriculture", "climate", "data", "disaster", "livestock", "planning", "water"] as const;
export type CatalogTopic = (typeof CATALOG_TOPICS)[number];

/** A product id key: names the portal product an entry opens, e.g. cmip6_id, aez_id, viewer_id. */
export const PRODUCT_ID_KEY = /^[a-z][a-z0-9]*_id$/;

/** The fields every entry may have besides its `<product>_id`. */
export const KNOWN_ENTRY_KEYS = new Set([
  "id", "data_sector", "name", "link", "topic", "source", "indic", "geo", "level", "period", "year_range", "format", "description",
]);

/** The product id of an entry, if it has one, e.g. { product: "cmip6", id: "215" }. */
export function catalogProductRef(entry: CatalogEntry): { product: string; id: string } | null {
  for (const [key, value] of Object.entries(entry)) {
    if (!KNOWN_ENTRY_KEYS.has(key) && PRODUCT_ID_KEY.test(key) && typeof value === "string") {
      return { product: key.slice(0, -"_id".length), id: value };
    }
  }
  return null;
}
