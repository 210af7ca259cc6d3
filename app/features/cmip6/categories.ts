import type { Indicator } from "./schema";

/** Titles of the indicator categories (`field_category`). */
export const INDICATOR_CATEGORY_TITLES: Record<Indicator["field_category"], string> = {
  "1000": "CMIP6 variables",
  "1001": "Climate extreme indices",
};
