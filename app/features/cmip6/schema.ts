import * as z from "zod";
import { COUNTRY_ISO3 } from "./countries";
import { SCENARIO_VALUES } from "./scenarios";

/**
 * Reference lists behind the CMIP6 screens: geographies, indicators, models and scenarios.
 * Shapes follow the portal's taxonomy export: term ids and codes are strings.
 */

/** A taxonomy term id: a positive integer written as a string, as the catalogue backend sends it. */
export const tidSchema = z.string().regex(/^[1-9]\d*$/, "expected a term id: digits, no leading zero");

export { COUNTRY_ISO3, type CountryIso3 } from "./countries";
export const countryIso3Schema = z.enum(COUNTRY_ISO3);

/**
 * Country: one of the eight, by ISO 3166-1 alpha-3 code. Basin: a river basin, by slug. State: a country's
 * first-level administrative unit (state, union territory, province, division, dzongkhag, atoll), by its
 * ISO 3166-2 code, with the country it belongs to. Disputed: one of Natural Earth's disputed areas, a place
 * of its own that belongs to no country (`XD-` and the layer's code), with what is known of who administers
 * and who claims it.
 */
export const GEO_TYPES = ["Country", "Basin", "State", "Disputed"] as const;

/** A disputed area's code: `XD` (user-assigned in ISO 3166, "disputed") and Natural Earth's BRK_A3 (`XD-B07`). */
export const DISPUTED_CODE = /^XD-[A-Z0-9]{3}$/;
const disputedCodeSchema = z.string().regex(DISPUTED_CODE, "expected a code such as XD-B07");

/** An ISO 3166-2 subdivision code (`IN-UP`, `NP-BA`, `LK-1`), or an operator's code of the same shape. */
export const SUBDIVISION_CODE = /^[A-Z]{2}-[A-Z0-9]{1,3}$/;
const subdivisionSchema = z.string().regex(SUBDIVISION_CODE, "expected an ISO 3166-2 code such as IN-UP");

const slugSchema = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "expected a lowercase slug such as amu-darya");

/**
 * The codes of a place an operator's series ingest adds (`--places`, `added: true`): an ISO 3166-2 code of
 * its country or an operator's sub-code of the same shape (`IN-UP-LKO`), or the operator's own lowercase
 * code (`lucknow-district`).
 */
export const ADDED_SUBDIVISION_CODE = /^[A-Z]{2}-[A-Z0-9-]{1,12}$/;
export const OPERATOR_PLACE_CODE = /^[a-z0-9][a-z0-9-]{1,40}$/;
const addedCodeSchema = z
  .string()
  .refine((code) => ADDED_SUBDIVISION_CODE.test(code) || OPERATOR_PLACE_CODE.test(code), "expected an ISO 3166-2 code such as IN-UP-LKO or a lowercase code such as lucknow-district");

export const geoSchema = z
  .strictObject({
    tid: tidSchema,
    /** ISO3 code for a country, lowercase slug for a river basin, ISO 3166-2 code for a state or province. */
    field_value: z.string().min(1),
    name: z.string().min(1),
    field_geotype: z.enum(GEO_TYPES),
    /** The country a state or province belongs to (ISO3); absent for countries and basins. */
    field_country: countryIso3Schema.optional(),
    /**
     * Set on a place the series store's ingest added from an operator's outlines (`--places`), listed after
     * the seed's places when the portal starts on that store; such a place is a `State` with its country.
     * The shipped seed has none.
     */
    added: z.literal(true).optional(),
    /** Of a disputed area: who administers it and who claims it (`Administered by China; claimed by India`). */
    field_status: z.string().min(1).optional(),
  })
  .superRefine((geo, ctx) => {
    if ((geo.field_geotype === "State") !== (geo.field_country !== undefined)) {
      ctx.addIssue({ code: "custom", path: ["field_country"], message: geo.field_geotype === "State" ? "State: the country it belongs to is required" : `${geo.field_geotype}: only a state or province belongs to a country` });
    }
    if (geo.added && geo.field_geotype !== "State") ctx.addIssue({ code: "custom", path: ["added"], message: `${geo.field_geotype}: an added place is a State` });
    if ((geo.field_geotype === "Disputed") !== (geo.field_status !== undefined)) {
      ctx.addIssue({ code: "custom", path: ["field_status"], message: "a disputed area, and only one, has a status" });
    }
    const check =
      geo.field_geotype === "Country" ? countryIso3Schema : geo.field_geotype === "Disputed" ? disputedCodeSchema : geo.field_geotype !== "State" ? slugSchema : geo.added ? addedCodeSchema : subdivisionSchema;
    const result = check.safeParse(geo.field_value);
    if (!result.success) {
      for (const issue of result.error.issues) {
        ctx.addIssue({
          code: "custom",
          path: ["field_value"],
          message: `${geo.field_geotype}: ${issue.message}`,
        });
      }
    }
  });
export const geoListSchema = z.array(geoSchema);
export type Geo = z.infer<typeof geoSchema>;

/** "1000": CMIP6 variable groups; "1001": climate extreme indices. */
export const INDICATOR_CATEGORIES = ["1000", "1001"] as const;
export const INDICATOR_API_TYPES = ["annual", "monthly", "projected"] as const;

export const indicatorSchema = z
  .strictObject({
    tid: tidSchema,
    field_category: z.enum(INDICATOR_CATEGORIES),
    name: z.string().min(1),
    field_chart_title: z.string().min(1).optional(),
    /** Variable or index code, e.g. "tasmax" or "rx5day". */
    field_value: z.string().regex(/^[a-z][a-zA-Z0-9]*$/, "expected a variable or index code such as tasmax"),
    field_axis_unit: z.string().min(1),
    field_axis_unit2: z.string().min(1).optional(),
    field_var_unit: z.string().min(1),
    /** Data path relative to the API root, e.g. "cmip6/v1/monthly". */
    field_api_url: z
      .string()
      .regex(/^[a-z0-9_-]+(?:\/[a-z0-9_-]+)*$/, "expected a relative data path such as cmip6/annual")
      .optional(),
    field_api_type: z.enum(INDICATOR_API_TYPES).optional(),
    field_description: z.string().min(1).optional(),
  })
  .refine((i) => (i.field_api_url === undefined) !== (i.field_api_type === undefined), {
    message: "expected exactly one of field_api_url or field_api_type",
  });
export const indicatorListSchema = z.array(indicatorSchema);
export type Indicator = z.infer<typeof indicatorSchema>;

export const MODEL_GRIDS = ["gn", "gr", "gr1", "gr2"] as const;
export type ModelGrid = (typeof MODEL_GRIDS)[number];

export const cmip6ModelSchema = z
  .strictObject({
    tid: tidSchema,
    /** CMIP6 source_id as used in NEX-GDDP-CMIP6 file names, e.g. "ACCESS-CM2". */
    field_value: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, "expected a CMIP6 model id such as ACCESS-CM2"),
    name: z.string().min(1),
    /** Ensemble member label: realization, initialization, physics, forcing. */
    field_variant: z.string().regex(/^r\d+i\d+p\d+f\d+$/, "expected a variant label such as r1i1p1f1"),
    field_grid: z.enum(MODEL_GRIDS),
  })
  .refine((m) => m.name === m.field_value, { message: "name must equal field_value (the model id)", path: ["name"] });
export const cmip6ModelListSchema = z.array(cmip6ModelSchema);
export type Cmip6Model = z.infer<typeof cmip6ModelSchema>;

export { SCENARIO_VALUES, type ScenarioValue } from "./scenarios";

export const scenarioSchema = z
  .strictObject({
    tid: tidSchema,
    field_value: z.enum(SCENARIO_VALUES),
    name: z.string().min(1),
    /** Years the experiment covers, e.g. "1950-2014". */
    field_period: z
      .string()
      .regex(/^\d{4}-\d{4}$/, "expected a year range such as 2015-2100")
      .optional(),
  })
  .refine((s) => s.field_period === undefined || s.field_period.slice(0, 4) < s.field_period.slice(5), {
    message: "period must start before it ends",
    path: ["field_period"],
  });
export const scenarioListSchema = z.array(scenarioSchema);
export type Scenario = z.infer<typeof scenarioSchema>;
