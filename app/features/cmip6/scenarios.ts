/**
 * Scenario codes, kept apart from the zod schemas (`schema.ts` re-exports them) so that the browser code
 * that needs them (the series query codec) does not carry the validation library.
 */
export const SCENARIO_VALUES = ["historical", "ssp245", "ssp585"] as const;
export type ScenarioValue = (typeof SCENARIO_VALUES)[number];

/** The scenarios' short names as the screens write them. */
export const SCENARIO_NAMES: Readonly<Record<string, string>> = { historical: "Historical", ssp245: "SSP2-4.5", ssp585: "SSP5-8.5" };
