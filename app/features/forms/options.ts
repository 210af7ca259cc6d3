import { CATALOG_SECTORS } from "~/features/catalog/constants";
import { COUNTRY_ISO3, COUNTRY_NAMES } from "~/features/cmip6/countries";
import type { FieldOption } from "./fields";

/** The eight countries, by ISO3 code, in the order of their names. */
export const COUNTRY_OPTIONS: FieldOption[] = COUNTRY_ISO3.map((code) => ({ value: code, label: COUNTRY_NAMES[code] })).sort(
  (a, b) => a.label.localeCompare(b.label),
);

export const TOPIC_OPTIONS: FieldOption[] = [
  { value: "question", label: "A question about the data" },
  { value: "data-request", label: "A data request" },
  { value: "correction", label: "A correction" },
  { value: "technical", label: "A technical problem" },
  { value: "partnership", label: "Partnership or training" },
  { value: "other", label: "Something else" },
];

/** The eight catalogue sectors; the value is the sector's name as the catalogue stores it. */
export const SECTOR_OPTIONS: FieldOption[] = CATALOG_SECTORS.map((sector) => ({ value: sector, label: sector }));

export const LICENCE_OPTIONS: FieldOption[] = [
  { value: "CC-BY-4.0", label: "Creative Commons Attribution 4.0 (CC BY 4.0)" },
  { value: "CC-BY-SA-4.0", label: "Creative Commons Attribution-ShareAlike 4.0 (CC BY-SA 4.0)" },
  { value: "CC-BY-NC-4.0", label: "Creative Commons Attribution-NonCommercial 4.0 (CC BY-NC 4.0)" },
  { value: "CC0-1.0", label: "Public domain dedication (CC0 1.0)" },
  { value: "ODbL-1.0", label: "Open Database Licence (ODbL 1.0)" },
  { value: "government-open", label: "A government open data licence" },
  { value: "other", label: "Another licence (name it in the description)" },
];
