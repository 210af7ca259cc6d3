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

/**
 * The eight countries' ISO 3166-1 alpha-2 codes, by ISO3: the first part of their subdivisions' ISO 3166-2
 * codes (`IN-UP`), which a place an operator adds (`IN-UP-LKO`) must start with too.
 */
export const COUNTRY_ISO2: Readonly<Record<CountryIso3, string>> = {
  AFG: "AF",
  BGD: "BD",
  BTN: "BT",
  IND: "IN",
  LKA: "LK",
  MDV: "MV",
  NPL: "NP",
  PAK: "PK",
};
