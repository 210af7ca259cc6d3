/**
 * The eight countries the portal covers, by ISO 3166-1 alpha-3 code. Kept apart from the zod schemas
 * (`schema.ts` re-exports them) so that browser code that lists the countries does not carry zod.
 */
export const COUNTRY_ISO3 = ["AFG", "BGD", "BTN", "IND", "LKA", "MDV", "NPL", "PAK"] as const;
export type CountryIso3 = (typeof COUNTRY_ISO3)[number];

/** The eight countries' names, by ISO3 (as `seeds/geos.json` has them). */
export const COUNTRY_NAMES: Readonly<Record<CountryIso3, string>> = {
  AFG: "Afghanistan",
  BGD: "Bangladesh",
  BTN: "Bhutan",
  IND: "India",
  LKA: "Sri Lanka",
  MDV: "Maldives",
  NPL: "Nepal",
  PAK: "Pakistan",
};
