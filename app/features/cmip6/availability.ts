import { THI_CODES, thiVariables } from "./livestockHeat";

/** The daily variables of NEX-GDDP-CMIP6 the portal serves and derives its indices from. */
export const ARCHIVE_VARIABLES = ["pr", "tas", "tasmax", "tasmin", "hurs", "huss", "rsds", "rlds", "sfcWind"] as const;
export type ArchiveVariable = (typeof ARCHIVE_VARIABLES)[number];

/** The part of the availability the rules read. */
export type Availability = { missing: Readonly<Record<string, readonly string[]>> };

const PRECIPITATION = ["pr"] as const;
const DAILY_MAXIMUM = ["tasmax"] as const;
const DAILY_MINIMUM = ["tasmin"] as const;

/**
 * The daily variables each indicator is computed from (ETCCDI definitions; SPEI's water balance uses
 * Hargreaves evapotranspiration from tas, tasmax and tasmin; GSL counts days of daily mean temperature). PET
 * needs tas, tasmax and tasmin (Hargreaves-Samani); with hurs, rsds and sfcWind too it is FAO-56
 * Penman-Monteith (`petMethodOf`). Livestock heat-stress days take tas and hurs, or tasmax and huss, by their
 * THI definition.
 */
const INDICATOR_VARIABLES: Readonly<Record<string, readonly ArchiveVariable[]>> = {
  ...Object.fromEntries(ARCHIVE_VARIABLES.map((v) => [v, [v]])),
  ...Object.fromEntries(["prcptot", "r10mm", "r20mm", "rnnmm", "sdii", "rx1day", "rx5day", "cdd", "cwd", "r95ptot", "r99ptot", "spi"].map((c) => [c, PRECIPITATION])),
  ...Object.fromEntries(["txx", "txn", "tx10p", "tx90p", "su", "id", "wsdi"].map((c) => [c, DAILY_MAXIMUM])),
  ...Object.fromEntries(["tnx", "tnn", "tn10p", "tn90p", "fd", "tr", "csdi"].map((c) => [c, DAILY_MINIMUM])),
  dtr: ["tasmax", "tasmin"],
  gsl: ["tas"],
  spei: ["pr", "tas", "tasmax", "tasmin"],
  pet: ["tas", "tasmax", "tasmin"],
  ...Object.fromEntries(THI_CODES.map((c) => [c.code, thiVariables(c.definition)])),
};

/** Variables PET by Penman-Monteith needs beyond those of the Hargreaves-Samani fallback. */
export const PET_PENMAN_MONTEITH_EXTRA = ["hurs", "rsds", "sfcWind"] as const;

/**
 * How `model`'s PET is computed from the archive's variables: Penman-Monteith when it has all six,
 * Hargreaves-Samani with the variables it lacks, or undefined without tas, tasmax or tasmin.
 */
export function petMethodOf(availability: Availability, model: string): { method: "penman-monteith" | "hargreaves-samani"; missing: string[] } | undefined {
  if (!modelHasIndicator(availability, model, "pet")) return undefined;
  const missing = PET_PENMAN_MONTEITH_EXTRA.filter((v) => availability.missing[model]?.includes(v));
  return { method: missing.length === 0 ? "penman-monteith" : "hargreaves-samani", missing };
}

/** The variables an indicator needs; an unknown code needs itself (a variable of its own name). */
export function indicatorVariables(code: string): readonly string[] {
  return INDICATOR_VARIABLES[code] ?? [code];
}

/** Whether the archive has what `model` needs for `indicator`. */
export function modelHasIndicator(availability: Availability, model: string, indicator: string): boolean {
  const missing = availability.missing[model];
  return !missing || !indicatorVariables(indicator).some((v) => missing.includes(v));
}

/**
 * One sentence for method notes: which models the archive lacks the variables of `indicators` for, so
 * their ensembles have fewer members (from the shipped `seeds/model-variables.json`).
 */
export function availabilityNote(availability: Availability, indicators: readonly string[]): string {
  const needed = new Set(indicators.flatMap((code) => indicatorVariables(code)));
  const byVariable = new Map<string, string[]>();
  for (const [model, variables] of Object.entries(availability.missing)) {
    for (const variable of variables) if (needed.has(variable)) byVariable.set(variable, [...(byVariable.get(variable) ?? []), model]);
  }
  if (byVariable.size === 0) return "Every model of the archive has these variables.";
  const list = (items: readonly string[]) => (items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`);
  const gaps = [...byVariable].map(([variable, models]) => `${variable} for ${list(models)}`);
  const left = new Set([...byVariable.values()].flat());
  return `The archive has no ${list(gaps)}: ${left.size === 1 ? "that model is" : `those ${left.size} models are`} left out of the ensemble.`;
}
