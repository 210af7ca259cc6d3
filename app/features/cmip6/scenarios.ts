/**
 * Scenario codes, kept apart from the zod schemas (`schema.ts` re-exports them) so that the browser code
 * that needs them (the series query codec) does not carry the validation library.
 */
export const SCENARIO_VALUES = ["historical", "ssp245", "ssp585"] as const;
export type ScenarioValue = (typeof SCENARIO_VALUES)[number];
