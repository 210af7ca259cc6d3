import { MID_MONTH_DAY } from "../../../app/features/analytics/compute";
import {
  extraterrestrialRadiation,
  hargreavesPet,
  monthlySoilHeatFlux,
  monthlySoilHeatFluxWithoutNext,
  petMethodText,
  referenceEt0,
  type PetMethod,
} from "../../../app/features/analytics/fao56";
import { MONTHS, type SampleRun } from "./run";

/**
 * Sample potential evapotranspiration (mm/day) of a run, one value per month, from the generator's own
 * monthly means: FAO-56 Penman-Monteith with monthly steps (FAO-56 allows them: chapter 4, example 17), the
 * soil heat flux G of each month from the mean temperatures of the months around it (eq. 43; the last month
 * by eq. 44, the first by eq. 44 turned forward), Ra on the month's middle day, the geo's mean elevation and
 * centroid latitude. Hargreaves-Samani (eq. 52) from tas, tasmax and tasmin when the model lacks hurs, rsds
 * or sfcWind in the archive (the generator does not make what the archive lacks).
 */
export function samplePet(run: SampleRun, method: PetMethod): Float64Array {
  const { lat, elevation } = run.clim.geo;
  const ra = MID_MONTH_DAY.map((day) => extraterrestrialRadiation(lat, day));
  const n = run.years * MONTHS;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const m = i % MONTHS;
    if (method === "hargreaves-samani") {
      out[i] = hargreavesPet(run.tas[i], run.tasmax[i], run.tasmin[i], ra[m]);
      continue;
    }
    const g =
      i === 0 ? monthlySoilHeatFluxWithoutNext(run.tas[0], run.tas[1]) : i === n - 1 ? monthlySoilHeatFluxWithoutNext(run.tas[i - 1], run.tas[i]) : monthlySoilHeatFlux(run.tas[i - 1], run.tas[i + 1]);
    out[i] = referenceEt0({
      tmax: run.tasmax[i],
      tmin: run.tasmin[i],
      hurs: run.hurs[i],
      rsds: run.rsds[i],
      wind: run.sfcWind[i],
      latitude: lat,
      dayOfYear: MID_MONTH_DAY[m],
      elevation,
      g,
    });
  }
  return out;
}

/** The method line of a sample `pet` series. */
export function samplePetMethod(run: Pick<SampleRun, "clim">, method: PetMethod, missing: readonly string[]): string {
  return `Sample: ${petMethodText({
    method,
    missing,
    inputs:
      method === "penman-monteith"
        ? "the generator's monthly means of tasmax, tasmin, hurs, rsds and sfcWind (10 m), monthly steps with G by eq. 43/44"
        : "the generator's monthly means of tas, tasmax and tasmin",
    elevation: `elevation ${run.clim.geo.elevation} m (the place's mean)`,
  })}`;
}
