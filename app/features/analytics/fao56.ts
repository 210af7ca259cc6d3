/**
 * Reference evapotranspiration by FAO-56 (Allen, Pereira, Raes and Smith 1998, FAO Irrigation and Drainage
 * Paper 56): the Penman-Monteith equation (eq. 6) and its inputs, and Hargreaves-Samani (eq. 52) as the
 * fallback when humidity, radiation or wind are missing. Pure functions in the units FAO-56 uses: °C, kPa,
 * MJ m-2 day-1, m s-1, mm day-1. The ingest (per grid cell and day), the sample store (per month) and the
 * tests share them; `docs/methods.md` ("Potential evapotranspiration") lists the equations and departures.
 */

/** The reference of the Penman-Monteith method. */
export const FAO56_REFERENCE =
  "Allen, R.G., Pereira, L.S., Raes, D. and Smith, M. (1998): Crop evapotranspiration: guidelines for computing crop water requirements. FAO Irrigation and Drainage Paper 56, Rome.";

/** Stefan-Boltzmann constant, MJ K-4 m-2 day-1. */
export const STEFAN_BOLTZMANN_DAILY = 4.903e-9;
/** Albedo of the grass reference crop. */
export const REFERENCE_ALBEDO = 0.23;
/** W m-2 (a day's mean flux) to MJ m-2 day-1. */
export const WATTS_TO_MJ_PER_DAY = 0.0864;
/** Height of the CMIP6 `sfcWind` variable, m. */
export const CMIP6_WIND_HEIGHT = 10;

/** Saturation vapour pressure at temperature T (°C), kPa (eq. 11). */
export function saturationVapourPressure(t: number): number {
  return 0.6108 * Math.exp((17.27 * t) / (t + 237.3));
}

/** Mean saturation vapour pressure of a day (or month) from its maximum and minimum temperature, kPa (eq. 12). */
export function meanSaturationVapourPressure(tmax: number, tmin: number): number {
  return (saturationVapourPressure(tmax) + saturationVapourPressure(tmin)) / 2;
}

/** Slope of the saturation vapour pressure curve at T (°C), kPa °C-1 (eq. 13). */
export function saturationSlope(t: number): number {
  return (4098 * saturationVapourPressure(t)) / (t + 237.3) ** 2;
}

/**
 * Actual vapour pressure from mean relative humidity (%), kPa: the form of eq. 19 FAO-56 gives for when
 * only RHmean is available, RHmean / 100 times the mean of e°(Tmax) and e°(Tmin). CMIP6 `hurs` is a
 * daily mean relative humidity, so this is the form used (not eq. 17, which needs RHmax and RHmin).
 */
export function actualVapourPressureFromMeanRh(rhMean: number, tmax: number, tmin: number): number {
  return (rhMean / 100) * meanSaturationVapourPressure(tmax, tmin);
}

/** Atmospheric pressure at an elevation (m above sea level), kPa (eq. 7); 101.3 at sea level. */
export function atmosphericPressure(elevation: number): number {
  return 101.3 * ((293 - 0.0065 * elevation) / 293) ** 5.26;
}

/** Psychrometric constant at a pressure (kPa), kPa °C-1 (eq. 8). */
export function psychrometricConstant(pressure: number): number {
  return 0.665e-3 * pressure;
}

/** Wind speed at 2 m from a speed measured at height z (m) above the ground, m s-1 (eq. 47). */
export function windAt2m(speed: number, height = CMIP6_WIND_HEIGHT): number {
  return (speed * 4.87) / Math.log(67.8 * height - 5.42);
}

/**
 * Day of the year (1-365) on the solar calendar of eqs. 23-24 for day `day` (1-based) of a model year of
 * `yearLength` days: 360-day and 366-day years are stretched onto 365 days by proportion (the middle of the
 * model's day maps to the same fraction of the year); 365-day years are unchanged.
 */
export function solarDayOfYear(day: number, yearLength = 365): number {
  return yearLength === 365 ? day : (day - 0.5) * (365 / yearLength) + 0.5;
}

/**
 * Extraterrestrial radiation Ra (MJ m-2 day-1) at a latitude (degrees, north positive) on a day of the year
 * (1-365; eqs. 21-25).
 */
export function extraterrestrialRadiation(latitude: number, dayOfYear: number): number {
  const phi = (latitude * Math.PI) / 180;
  const dr = 1 + 0.033 * Math.cos(((2 * Math.PI) / 365) * dayOfYear);
  const delta = 0.409 * Math.sin(((2 * Math.PI) / 365) * dayOfYear - 1.39);
  const ws = Math.acos(Math.max(-1, Math.min(1, -Math.tan(phi) * Math.tan(delta))));
  return ((24 * 60) / Math.PI) * 0.082 * dr * (ws * Math.sin(phi) * Math.sin(delta) + Math.cos(phi) * Math.cos(delta) * Math.sin(ws));
}

/** Clear-sky solar radiation, MJ m-2 day-1, from Ra and the elevation (m) (eq. 37). */
export function clearSkyRadiation(ra: number, elevation: number): number {
  return (0.75 + 2e-5 * elevation) * ra;
}

/** Net shortwave radiation of the reference grass, MJ m-2 day-1 (eq. 38). */
export function netShortwave(rs: number, albedo = REFERENCE_ALBEDO): number {
  return (1 - albedo) * rs;
}

/**
 * Net outgoing longwave radiation, MJ m-2 day-1 (eq. 39), from Tmax and Tmin (°C), ea (kPa), Rs and Rso.
 * Rs/Rso is limited to 1.0 as FAO-56 says, and to at least 0.3 as ASCE-EWRI (2005) adds, so that an overcast
 * day cannot turn the cloudiness factor negative.
 */
export function netLongwave(tmax: number, tmin: number, ea: number, rs: number, rso: number): number {
  const ratio = rso > 0 ? Math.min(1, Math.max(0.3, rs / rso)) : 0.3;
  const kx = (tmax + 273.16) * (tmax + 273.16);
  const kn = (tmin + 273.16) * (tmin + 273.16);
  const k4 = (kx * kx + kn * kn) / 2;
  return STEFAN_BOLTZMANN_DAILY * k4 * (0.34 - 0.14 * Math.sqrt(Math.max(0, ea))) * (1.35 * ratio - 0.35);
}

/** Soil heat flux of a month from the mean temperatures of the months before and after, MJ m-2 day-1 (eq. 43). */
export function monthlySoilHeatFlux(previous: number, next: number): number {
  return 0.07 * (next - previous);
}

/** Soil heat flux of a month when the next month is not known: from this month and the one before (eq. 44). */
export function monthlySoilHeatFluxWithoutNext(previous: number, current: number): number {
  return 0.14 * (current - previous);
}

/** The terms of eq. 6. */
export interface PenmanMonteithTerms {
  /** Mean air temperature at 2 m, °C. */
  t: number;
  /** Net radiation, MJ m-2 day-1. */
  rn: number;
  /** Soil heat flux, MJ m-2 day-1 (0 for days). */
  g: number;
  /** Wind speed at 2 m, m s-1. */
  u2: number;
  /** Saturation and actual vapour pressure, kPa. */
  es: number;
  ea: number;
  /** Slope of the vapour pressure curve and psychrometric constant, kPa °C-1. */
  delta: number;
  gamma: number;
}

/** FAO-56 Penman-Monteith reference evapotranspiration ET0, mm day-1 (eq. 6). */
export function penmanMonteith({ t, rn, g, u2, es, ea, delta, gamma }: PenmanMonteithTerms): number {
  return (0.408 * delta * (rn - g) + gamma * (900 / (t + 273)) * u2 * (es - ea)) / (delta + gamma * (1 + 0.34 * u2));
}

/** What one step (a day or a month) of reference ET0 needs, in the units CMIP6 daily data come in. */
export interface Et0Inputs {
  /** Maximum and minimum air temperature, °C. */
  tmax: number;
  tmin: number;
  /** Mean relative humidity, %. */
  hurs: number;
  /** Mean downwelling shortwave radiation at the surface, W m-2. */
  rsds: number;
  /** Mean wind speed at `windHeight` m, m s-1. */
  wind: number;
  /** Height of the wind speed, m (default 10, CMIP6 `sfcWind`). */
  windHeight?: number;
  /** Latitude, degrees north. */
  latitude: number;
  /** Day of the year on the 365-day solar calendar (`solarDayOfYear`). */
  dayOfYear: number;
  /** Elevation above sea level, m. */
  elevation: number;
  /** Soil heat flux, MJ m-2 day-1: 0 for days (eq. 42), eq. 43 or 44 for months. */
  g?: number;
}

/**
 * FAO-56 Penman-Monteith ET0 (mm day-1) of a day or a month: T = (Tmax + Tmin) / 2 as FAO-56 standardises,
 * es by eq. 12, ea from mean RH (eq. 19), P and gamma from the elevation (eqs. 7-8), u2 by eq. 47, Rns from
 * rsds with albedo 0.23, Rso by eq. 37 and Rnl by eq. 39, Ra by eqs. 21-25. Not clamped at 0: a negative
 * value (net radiation loss, dew) is what the equation gives.
 */
export function referenceEt0(x: Et0Inputs): number {
  const t = (x.tmax + x.tmin) / 2;
  const es = meanSaturationVapourPressure(x.tmax, x.tmin);
  const ea = actualVapourPressureFromMeanRh(x.hurs, x.tmax, x.tmin);
  const rs = x.rsds * WATTS_TO_MJ_PER_DAY;
  const rso = clearSkyRadiation(extraterrestrialRadiation(x.latitude, x.dayOfYear), x.elevation);
  const rn = netShortwave(rs) - netLongwave(x.tmax, x.tmin, ea, rs, rso);
  return penmanMonteith({
    t,
    rn,
    g: x.g ?? 0,
    u2: windAt2m(x.wind, x.windHeight ?? CMIP6_WIND_HEIGHT),
    es,
    ea,
    delta: saturationSlope(t),
    gamma: psychrometricConstant(atmosphericPressure(x.elevation)),
  });
}

/**
 * Hargreaves-Samani potential evapotranspiration (mm/day; FAO-56 eq. 52) from mean, maximum and minimum
 * temperature (°C) and Ra (MJ m-2 day-1): 0.0023 · 0.408 Ra · (T + 17.8) · √(Tmax − Tmin).
 */
export function hargreavesPet(tmean: number, tmax: number, tmin: number, ra: number): number {
  return 0.0023 * 0.408 * ra * (tmean + 17.8) * Math.sqrt(Math.max(0, tmax - tmin));
}

/** The PET methods, and the variables each reads (beyond latitude, day and elevation). */
export const PET_METHODS = {
  "penman-monteith": { name: "FAO-56 Penman-Monteith", variables: ["tasmax", "tasmin", "hurs", "rsds", "sfcWind"] },
  "hargreaves-samani": { name: "Hargreaves-Samani", variables: ["tas", "tasmax", "tasmin"] },
} as const;
export type PetMethod = keyof typeof PET_METHODS;

/** Variables Penman-Monteith needs beyond those of Hargreaves-Samani: without one, PET falls back. */
export const PENMAN_MONTEITH_EXTRA = ["hurs", "rsds", "sfcWind"] as const;

/** Which method a set of variables allows: Penman-Monteith with all six, else Hargreaves-Samani, else none. */
export function petMethodFor(variables: ReadonlySet<string>): { method: PetMethod; missing: string[] } | undefined {
  if (!PET_METHODS["hargreaves-samani"].variables.every((v) => variables.has(v))) return undefined;
  const missing = PENMAN_MONTEITH_EXTRA.filter((v) => !variables.has(v));
  return { method: missing.length === 0 ? "penman-monteith" : "hargreaves-samani", missing };
}

/**
 * The one-line method text a `pet` series carries (`StoredSeries.method`, `methods` in series answers):
 * it starts with the method's name (after "Sample: " for generated series) and, for the fallback, says which variables were missing ("(no hurs)"),
 * which `parsePetMethod` reads back.
 */
export function petMethodText(p: { method: PetMethod; missing?: readonly string[]; inputs: string; elevation: string }): string {
  if (p.method === "penman-monteith") {
    return `FAO-56 Penman-Monteith (Allen et al. 1998, eq. 6) from ${p.inputs}; ${p.elevation}`;
  }
  const why = p.missing && p.missing.length > 0 ? ` (no ${p.missing.join(", ")})` : "";
  return `Hargreaves-Samani (FAO-56 eq. 52) from ${p.inputs}${why}`;
}

/** The method a `pet` method text names, and the variables it says were missing. */
export function parsePetMethod(text: string): { method: PetMethod | undefined; missing: string[] } {
  // sample series say so first ("Sample: FAO-56 Penman-Monteith ...")
  const named = text.replace(/^Sample: /, "");
  const method = named.startsWith(PET_METHODS["penman-monteith"].name) ? "penman-monteith" : named.startsWith(PET_METHODS["hargreaves-samani"].name) ? "hargreaves-samani" : undefined;
  const missing = /\(no ([^)]+)\)/.exec(text)?.[1].split(/,\s*/) ?? [];
  return { method, missing };
}

/** The sentence saying the elevation a series assumed. */
export const SEA_LEVEL_NOTE = "elevation not given: sea-level pressure (101.3 kPa)";

/**
 * One sentence for screens and downloads: which method made the `pet` series of how many models, from the
 * `methods` of series blocks ("FAO-56 Penman-Monteith for 30 models, Hargreaves-Samani for 2 (no hurs:
 * BCC-CSM2-MR, NESM3)"), and where the elevation was not given. Only models with values count.
 */
export function petMethodSummary(blocks: readonly { values: Record<string, unknown>; methods?: Record<string, string> }[]): string {
  const perModel = new Map<string, Set<string>>();
  for (const block of blocks) {
    for (const model of Object.keys(block.values)) {
      const set = perModel.get(model) ?? new Set<string>();
      set.add(block.methods?.[model] ?? "");
      perModel.set(model, set);
    }
  }
  const pm: string[] = [];
  const hs = new Map<string, string[]>();
  const mixed: string[] = [];
  const unstated: string[] = [];
  const seaLevel: string[] = [];
  for (const [model, texts] of [...perModel].sort(([a], [b]) => a.localeCompare(b))) {
    const parsed = [...texts].map((t) => ({ text: t, ...parsePetMethod(t) }));
    if (parsed.some((p) => p.text.includes(SEA_LEVEL_NOTE))) seaLevel.push(model);
    const kinds = new Set(parsed.map((p) => p.method));
    if (kinds.size > 1) mixed.push(model);
    else if (kinds.has("penman-monteith")) pm.push(model);
    else if (kinds.has("hargreaves-samani")) {
      const why = [...new Set(parsed.flatMap((p) => p.missing))].join(", ") || "inputs missing";
      hs.set(why, [...(hs.get(why) ?? []), model]);
    } else unstated.push(model);
  }
  const count = (n: number) => `${n} model${n === 1 ? "" : "s"}`;
  const parts: string[] = [];
  if (pm.length > 0) parts.push(`${PET_METHODS["penman-monteith"].name} for ${count(pm.length)}`);
  const hsCount = [...hs.values()].reduce((n, models) => n + models.length, 0);
  if (hsCount > 0) {
    const reasons = [...hs].map(([why, models]) => `no ${why}: ${models.join(", ")}`).join("; ");
    parts.push(`${PET_METHODS["hargreaves-samani"].name} for ${parts.length > 0 ? hsCount : count(hsCount)} (${reasons})`);
  }
  if (mixed.length > 0) parts.push(`both methods in different years for ${mixed.length} (${mixed.join(", ")})`);
  if (unstated.length > 0) parts.push(`method not recorded for ${unstated.length} (${unstated.join(", ")})`);
  const sentence = parts.join(", ") || "no PET series";
  return seaLevel.length > 0 ? `${sentence}; ${SEA_LEVEL_NOTE} for ${count(seaLevel.length)}` : sentence;
}
