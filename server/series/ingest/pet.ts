import {
  atmosphericPressure,
  extraterrestrialRadiation,
  hargreavesPet,
  netLongwave,
  netShortwave,
  petMethodFor,
  petMethodText,
  psychrometricConstant,
  saturationSlope,
  saturationVapourPressure,
  SEA_LEVEL_NOTE,
  solarDayOfYear,
  WATTS_TO_MJ_PER_DAY,
  windAt2m,
  type PetMethod,
} from "../../../app/features/analytics/fao56";
import { daysInMonth, daysInYear, type Calendar, type CalendarDate } from "./calendar";
import type { DailyVariable, DerivedDaily } from "./indices";

/**
 * Daily potential evapotranspiration per grid cell at ingest (mm/day), fed to the indexer as a derived
 * field (`DerivedDaily`), which keeps its monthly means and the places' area-weighted means like any
 * variable's. FAO-56 Penman-Monteith when the model-year's files include tasmax, tasmin, hurs, rsds and
 * sfcWind (with tas, which the fallback and the availability rules read); otherwise Hargreaves-Samani from
 * tas, tasmax and tasmin. Ra for the cell centre's latitude and the day of the year (360- and 366-day years
 * stretched onto the solar year), pressure from the cell's elevation (sea level without an elevation file).
 */
export class DailyPet implements DerivedDaily {
  readonly code = "pet";
  private readonly out: Float64Array;
  /** per cell: its row among the distinct latitudes, psychrometric constant, Rso / Ra */
  private readonly row: Uint32Array;
  private readonly latitudes: number[];
  private readonly gamma: Float64Array;
  private readonly clearSky: Float64Array;
  private readonly ra: Float64Array;

  private constructor(
    private readonly calendar: Calendar,
    readonly method: PetMethod,
    readonly missing: readonly string[],
    cellLatitudes: ArrayLike<number>,
    cellElevations: ArrayLike<number> | undefined,
  ) {
    const n = cellLatitudes.length;
    this.out = new Float64Array(n);
    this.latitudes = [...new Set(Array.from(cellLatitudes))];
    const rowOf = new Map(this.latitudes.map((lat, i) => [lat, i]));
    this.row = Uint32Array.from(cellLatitudes, (lat) => rowOf.get(lat)!);
    this.ra = new Float64Array(this.latitudes.length);
    this.gamma = new Float64Array(n);
    this.clearSky = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const z = cellElevations?.[i] ?? 0;
      this.gamma[i] = psychrometricConstant(atmosphericPressure(z));
      // eq. 37: Rso = (0.75 + 2e-5 z) Ra
      this.clearSky[i] = 0.75 + 2e-5 * z;
    }
  }

  /** The PET of a model-year's variables, or undefined when they have no tas, tasmax or tasmin. */
  static of(calendar: Calendar, variables: readonly string[], cellLatitudes: ArrayLike<number>, cellElevations?: ArrayLike<number>): DailyPet | undefined {
    const how = petMethodFor(new Set(variables));
    return how && new DailyPet(calendar, how.method, how.missing, cellLatitudes, cellElevations);
  }

  /** The method line stored with the series (`StoredSeries.method`). */
  describe(elevation: { file: string; variable: string } | undefined): string {
    return petMethodText({
      method: this.method,
      missing: this.missing,
      inputs:
        this.method === "penman-monteith"
          ? "daily tasmax, tasmin, hurs (mean RH, eq. 19), rsds and sfcWind (10 m, eq. 47) per grid cell, G = 0"
          : "daily tas, tasmax and tasmin per grid cell",
      elevation: elevation ? `elevation from ${elevation.variable} in ${elevation.file} (nearest cell)` : SEA_LEVEL_NOTE,
    });
  }

  day(date: CalendarDate, values: Partial<Record<DailyVariable, ArrayLike<number>>>): Float64Array {
    let day = date.day;
    for (let m = 1; m < date.month; m++) day += daysInMonth(this.calendar, date.year, m);
    const solarDay = solarDayOfYear(day, daysInYear(this.calendar, date.year));
    for (let r = 0; r < this.latitudes.length; r++) this.ra[r] = extraterrestrialRadiation(this.latitudes[r], solarDay);
    const out = this.out;
    const tx = values.tasmax!;
    const tn = values.tasmin!;
    if (this.method === "hargreaves-samani") {
      const tg = values.tas!;
      for (let i = 0; i < out.length; i++) out[i] = hargreavesPet(tg[i], tx[i], tn[i], this.ra[this.row[i]]);
      return out;
    }
    const rh = values.hurs!;
    const rsds = values.rsds!;
    const wind = values.sfcWind!;
    for (let i = 0; i < out.length; i++) {
      const tmax = tx[i];
      const tmin = tn[i];
      const t = (tmax + tmin) / 2;
      const es = (saturationVapourPressure(tmax) + saturationVapourPressure(tmin)) / 2;
      const ea = (rh[i] / 100) * es;
      const rs = rsds[i] * WATTS_TO_MJ_PER_DAY;
      const rn = netShortwave(rs) - netLongwave(tmax, tmin, ea, rs, this.clearSky[i] * this.ra[this.row[i]]);
      const u2 = windAt2m(wind[i]);
      const delta = saturationSlope(t);
      const gamma = this.gamma[i];
      // eq. 6 with G = 0 for days (eq. 42)
      out[i] = (0.408 * delta * rn + gamma * (900 / (t + 273)) * u2 * (es - ea)) / (delta + gamma * (1 + 0.34 * u2));
    }
    return out;
  }
}
