/**
 * The series API's vocabulary for the drought indices (codes, scales, defaults), apart from the fitting in
 * ./drought.ts so that the query parsing every page ships does not carry the distributions and their texts.
 */

export type DroughtScale = 1 | 3 | 6 | 12;

/** Accumulation scales, months. */
export const DROUGHT_SCALES: readonly DroughtScale[] = [1, 3, 6, 12];

export function isDroughtScale(value: unknown): value is DroughtScale {
  return value === 1 || value === 3 || value === 6 || value === 12;
}

/** Indicator codes of the series API computed by these functions (server/series/drought-store.ts). */
export const DROUGHT_INDICATORS = ["spi", "spei"] as const;
export type DroughtIndicator = (typeof DROUGHT_INDICATORS)[number];

export function isDroughtIndicator(code: string): code is DroughtIndicator {
  return code === "spi" || code === "spei";
}

/**
 * Scales each series path serves, the default first. Monthly: 1, 3, 6 and 12 months, 3 by default (the
 * scale WMO-No. 1090 gives for agricultural drought: soil moisture and crop stress follow about three
 * months of precipitation). Annual: the 12-month index ending in December (calendar-year SPI-12/SPEI-12),
 * the one scale whose December value sums exactly the year's months; other scales would need a rule for
 * which month stands for the year, so the annual path has none.
 */
export const DROUGHT_SCALES_OF: Readonly<Record<"monthly" | "annual", readonly DroughtScale[]>> = {
  monthly: [3, 1, 6, 12],
  annual: [12],
};

/** The scale a query without `scale` gets at each frequency. */
export const DEFAULT_DROUGHT_SCALE: Readonly<Record<"monthly" | "annual", DroughtScale>> = { monthly: 3, annual: 12 };

/** How an annual value is taken from the monthly index, in a sentence (answers, docs). */
export const DROUGHT_ANNUAL_RULE = "An annual value is the 12-month index ending in December (calendar-year SPI-12 or SPEI-12).";
