/**
 * Livestock heat stress from daily values: the temperature-humidity index of the National Research
 * Council (NRC 1971), its two daily definitions, the cited thresholds per species, and the codes of the
 * monthly series of days at or above each threshold. One table, used by the ingest, the sample store,
 * the indicator rules and the livestock page.
 */

/** THI (NRC 1971) from air temperature T (°C) and relative humidity RH (%): (1.8 T + 32) - (0.55 - 0.0055 RH)(1.8 T - 26). */
export function thiNrc(t: number, rh: number): number {
  return 1.8 * t + 32 - (0.55 - 0.0055 * rh) * (1.8 * t - 26);
}

/** Saturation vapour pressure over water at T (°C), kPa (FAO-56, Allen et al. 1998, equation 11). */
export function saturationVapourPressure(t: number): number {
  return 0.6108 * Math.exp((17.27 * t) / (t + 237.3));
}

/** Standard sea-level pressure the humidity conversion takes, kPa (FAO-56 equation 7 at z = 0). */
export const SURFACE_PRESSURE_KPA = 101.3;

/**
 * Vapour pressure (kPa) from specific humidity q (kg/kg) and surface pressure p (kPa): e = q p / (0.622 + 0.378 q)
 * (the mixing-ratio relation with the ratio of the gas constants of dry air and water vapour, 0.622).
 */
export function vapourPressureFromSpecificHumidity(q: number, p = SURFACE_PRESSURE_KPA): number {
  return (q * p) / (0.622 + 0.378 * q);
}

/**
 * Relative humidity (%) at the daily maximum temperature from the day's specific humidity (g/kg, the
 * portal's unit of huss): the day's vapour pressure over the saturation vapour pressure at Tmax, at most 100.
 */
export function relativeHumidityAt(tmax: number, hussGramsPerKg: number, p = SURFACE_PRESSURE_KPA): number {
  const e = vapourPressureFromSpecificHumidity(hussGramsPerKg / 1000, p);
  return Math.min(100, (100 * e) / saturationVapourPressure(tmax));
}

/** The two daily definitions: which daily variables each takes and how its THI is computed. */
export const THI_DEFINITIONS = [
  {
    code: "mean",
    label: "Daily mean (tas with hurs)",
    variables: ["tas", "hurs"],
    text: "THI of the daily mean temperature (tas) with the daily mean relative humidity (hurs)",
  },
  {
    code: "max",
    label: "Daily maximum (tasmax with huss)",
    variables: ["tasmax", "huss"],
    text:
      "THI of the daily maximum temperature (tasmax) with the relative humidity at that temperature: vapour pressure from the daily specific humidity (huss) " +
      "at 101.3 kPa, e = q p / (0.622 + 0.378 q), over the saturation vapour pressure at Tmax (FAO-56 eq. 11), at most 100 %",
  },
] as const;
export type ThiDefinition = (typeof THI_DEFINITIONS)[number]["code"];

/** One day's THI under a definition, from that definition's two variables in the portal's units. */
export function dailyThi(definition: ThiDefinition, t: number, humidity: number): number {
  return definition === "mean" ? thiNrc(t, humidity) : thiNrc(t, relativeHumidityAt(t, humidity));
}

export const THI_REFERENCES = {
  nrc: "National Research Council (1971) A guide to environmental research on animals. National Academy of Sciences, Washington, DC.",
  lci: "Livestock Conservation Institute (1970) Patterns of transit losses. Omaha, NE.",
  hahn: "Hahn, G.L. (1999) Dynamic responses of cattle to thermal heat loads. Journal of Animal Science 77 (Suppl. 2), 10-20.",
  nienaber:
    "Nienaber, J.A., Hahn, G.L. (2007) Livestock production system management responses to thermal challenges. International Journal of Biometeorology 52, 149-157. doi:10.1007/s00484-007-0103-x",
  armstrong: "Armstrong, D.V. (1994) Heat stress interaction with shade and cooling. Journal of Dairy Science 77, 2044-2050. doi:10.3168/jds.S0022-0302(94)77149-6",
  zimbelman:
    "Zimbelman, R.B., Rhoads, R.P., Rhoads, M.L., Duff, G.C., Baumgard, L.H., Collier, R.J. (2009) A re-evaluation of the impact of temperature humidity index (THI) and black globe humidity index (BGHI) on milk production in high producing dairy cows. Proceedings of the 24th Southwest Nutrition and Management Conference, Tempe, AZ, 158-169.",
  fao56: "Allen, R.G., Pereira, L.S., Raes, D., Smith, M. (1998) Crop evapotranspiration. FAO Irrigation and Drainage Paper 56, Rome (equations 7 and 11).",
} as const;

/** Thresholds of daily THI: a day counts when its THI is at or above `value`. */
export const THI_THRESHOLDS = [
  { value: 68, species: "dairy", label: "68: onset of milk-yield losses in high-yielding cows", source: "Zimbelman et al. 2009", references: ["zimbelman"] },
  { value: 72, species: "dairy", label: "72: onset of heat stress in dairy cows", source: "Armstrong 1994", references: ["armstrong"] },
  { value: 75, species: "cattle", label: "75: alert (75-78)", source: "Livestock Weather Safety Index: LCI 1970; Hahn 1999; Nienaber and Hahn 2007", references: ["lci", "hahn", "nienaber"] },
  { value: 79, species: "cattle", label: "79: danger (79-83)", source: "Livestock Weather Safety Index: LCI 1970; Hahn 1999; Nienaber and Hahn 2007", references: ["lci", "hahn", "nienaber"] },
  { value: 84, species: "cattle", label: "84: emergency (84 and above)", source: "Livestock Weather Safety Index: LCI 1970; Hahn 1999; Nienaber and Hahn 2007", references: ["lci", "hahn", "nienaber"] },
] as const satisfies readonly { value: number; species: string; label: string; source: string; references: readonly (keyof typeof THI_REFERENCES)[] }[];
export type ThiThreshold = (typeof THI_THRESHOLDS)[number];

/** The species the page offers, each with its thresholds (those of the NRC formula; see docs/methods.md). */
export const THI_SPECIES = [
  { code: "dairy", name: "Dairy cattle" },
  { code: "cattle", name: "Cattle (Livestock Weather Safety Index)" },
] as const;
export type ThiSpecies = (typeof THI_SPECIES)[number]["code"];

export const thresholdsOf = (species: ThiSpecies): ThiThreshold[] => THI_THRESHOLDS.filter((t) => t.species === species);

/**
 * The code of the monthly series of days with daily THI at or above `value` under a definition:
 * `thi{definition}{value}`, e.g. `thimean72`, `thimax84`.
 */
export const thiCode = (definition: ThiDefinition, value: number) => `thi${definition}${value}`;

/** Every THI day-count code with its definition and threshold. */
export const THI_CODES: readonly { code: string; definition: ThiDefinition; threshold: ThiThreshold }[] = THI_DEFINITIONS.flatMap((d) =>
  THI_THRESHOLDS.map((threshold) => ({ code: thiCode(d.code, threshold.value), definition: d.code, threshold })),
);

const BY_CODE = new Map(THI_CODES.map((c) => [c.code, c]));
export const thiCodeInfo = (code: string) => BY_CODE.get(code);
export const isThiCode = (code: string) => BY_CODE.has(code);

/** The daily variables a THI day count needs. */
export const thiVariables = (definition: ThiDefinition): readonly ("tas" | "hurs" | "tasmax" | "huss")[] =>
  THI_DEFINITIONS.find((d) => d.code === definition)!.variables;

/** One line for notes and CSV headers: formula, definition, thresholds and their sources. */
export function thiMethodText(definition: ThiDefinition, species: ThiSpecies): string {
  const d = THI_DEFINITIONS.find((x) => x.code === definition)!;
  const thresholds = thresholdsOf(species)
    .map((t) => `${t.label} (${t.source})`)
    .join("; ");
  return (
    `Days per month with daily THI at or above each threshold, counted per grid cell from daily values and averaged over the place (area-weighted). ` +
    `THI = (1.8 T + 32) - (0.55 - 0.0055 RH)(1.8 T - 26) (NRC 1971), ${d.text}. Thresholds: ${thresholds}. ` +
    `Each model's days are averaged per calendar month over each period; seasons and years add the months.`
  );
}
