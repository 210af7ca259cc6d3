import * as z from "zod";
import { COUNTRY_ISO3 } from "../cmip6/schema";
import { CATALOG_SECTORS, CATALOG_TOPICS, KNOWN_ENTRY_KEYS, PRODUCT_ID_KEY } from "./constants";

export { CATALOG_SECTORS, CATALOG_TOPICS, PRODUCT_ID_KEY, catalogProductRef } from "./constants";

/**
 * The data catalogue: entries, the filter menu categories, the climate metadata lookups and facets.
 */

export const catalogSectorSchema = z.enum(CATALOG_SECTORS);
export type { CatalogSector, CatalogTopic } from "./constants";

export const catalogTopicSchema = z.enum(CATALOG_TOPICS);

export const CATALOG_PERIODS = ["annual", "monthly", "seasonal", "daily"] as const;
export const ADMIN_LEVELS = ["1", "2"] as const;
export const CATALOG_FORMATS = [
  "CSV",
  "XLSX",
  "JSON",
  "GeoJSON",
  "GeoPackage",
  "Shapefile",
  "GeoTIFF",
  "NetCDF",
  "WMS",
  "PBF",
] as const;


const knownEntryShape = {
  /** Stable unique id, a lowercase slug. */
  id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "expected a lowercase slug id"),
  data_sector: catalogSectorSchema,
  name: z.string().min(1),
  /** A public page of the dataset's provider. */
  link: z.url({ protocol: /^https?$/, error: "expected an http(s) URL" }).optional(),
  topic: catalogTopicSchema,
  source: z.string().min(1),
  indic: z.string().min(1).nullable(),
  /** ISO3 code of one of the eight countries, or "regional" for the whole region. */
  geo: z.union([z.enum(COUNTRY_ISO3), z.literal("regional")]),
  level: z.enum(ADMIN_LEVELS).nullable(),
  period: z.enum(CATALOG_PERIODS).nullable(),
  year_range: z
    .string()
    .regex(/^\d{4}(-\d{4})?$/, "expected a year or a year range such as 1981-2021")
    .nullable(),
  format: z.enum(CATALOG_FORMATS),
  description: z.string().min(1),
};


/** Field names of the entry shape (checked against KNOWN_ENTRY_KEYS by a test). */
export const CATALOG_ENTRY_FIELDS = Object.keys(knownEntryShape);

export const catalogEntrySchema = z
  .object(knownEntryShape)
  .catchall(z.string().min(1))
  .superRefine((entry, ctx) => {
    const extraKeys = Object.keys(entry).filter((k) => !KNOWN_ENTRY_KEYS.has(k));
    for (const key of extraKeys) {
      if (!PRODUCT_ID_KEY.test(key)) {
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: `Unrecognized key: "${key}" (only known fields and <product>_id keys are allowed)`,
        });
      }
    }
    const productKeys = extraKeys.filter((k) => PRODUCT_ID_KEY.test(k));
    if (productKeys.length === 0 && entry.link === undefined) {
      ctx.addIssue({ code: "custom", path: [], message: "expected a <product>_id key or a link" });
    }
    if (productKeys.length > 1) {
      ctx.addIssue({ code: "custom", path: [], message: `expected one <product>_id key, found ${productKeys.join(", ")}` });
    }
    if (entry.year_range !== null && entry.year_range.length === 9 && entry.year_range.slice(0, 4) > entry.year_range.slice(5)) {
      ctx.addIssue({ code: "custom", path: ["year_range"], message: "year range must not end before it starts" });
    }
  });
export const catalogEntryListSchema = z.array(catalogEntrySchema);

/** A catalogue entry: the known fields plus one `<product>_id` key or a link. */
export type CatalogEntry = z.infer<typeof catalogEntrySchema>;

/** The filter categories of the catalogue menu, in display order. */
export const MENU_CATEGORY_VALUES = ["indic", "geo", "level", "district", "period", "source", "year_range"] as const;
export const menuCategoryValueSchema = z.enum(MENU_CATEGORY_VALUES);
export type MenuCategoryValue = z.infer<typeof menuCategoryValueSchema>;

export const menuCategorySchema = z.strictObject({
  name: z.string().min(1),
  value: menuCategoryValueSchema,
});
export const menuCategoryListSchema = z.array(menuCategorySchema);
export type MenuCategory = z.infer<typeof menuCategorySchema>;

/** A selectable value of a facet, with the number of matching entries when known. */
export const facetSchema = z.strictObject({
  category: menuCategoryValueSchema,
  name: z.string().min(1),
  value: z.string().min(1),
  count: z.number().int().nonnegative().optional(),
});
export const facetListSchema = z.array(facetSchema);
export type Facet = z.infer<typeof facetSchema>;

/** Values the climate metadata lookups may hold. */
export const CLIMATE_SOURCES = [
  "MSWEP",
  "ERA5",
  "APHRODITE",
  "CRU",
  "CHIRPS",
  "GPCC",
  "ERA5_land",
  "IMD",
  "MODIS",
  "custom",
] as const;
export const CLIMATE_INDICS = [
  "rainfall",
  "tmin",
  "tmax",
  "tavg",
  "hurs",
  "rsds",
  "sfcWind",
  "sfcWindDir",
  "area_snowcover",
  "soil_loss",
] as const;
export const CLIMATE_PERIODS = ["annual", "monthly", "seasonal"] as const;

function lookupOptionSchema<const T extends readonly [string, ...string[]]>(values: T) {
  return z.strictObject({ name: z.string().min(1), value: z.enum(values) });
}

function uniqueValues<T extends { value: string }>(options: T[], ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  options.forEach((o, i) => {
    if (seen.has(o.value)) ctx.addIssue({ code: "custom", path: [i, "value"], message: `duplicate value "${o.value}"` });
    seen.add(o.value);
  });
}

/** Lookup lists that label the climate catalogue's filters: each a list of { name, value }. */
export const climateMetadataSchema = z.strictObject({
  source: z.array(lookupOptionSchema(CLIMATE_SOURCES)).superRefine(uniqueValues),
  geo: z.array(lookupOptionSchema(COUNTRY_ISO3)).superRefine(uniqueValues),
  indic: z.array(lookupOptionSchema(CLIMATE_INDICS)).superRefine(uniqueValues),
  period: z.array(lookupOptionSchema(CLIMATE_PERIODS)).superRefine(uniqueValues),
  level: z.array(lookupOptionSchema(ADMIN_LEVELS)).superRefine(uniqueValues),
});
export type ClimateMetadata = z.infer<typeof climateMetadataSchema>;
export type ClimateLookupOption = ClimateMetadata[keyof ClimateMetadata][number];
