import { describe, expect, it } from "vitest";
import {
  actualVapourPressureFromMeanRh,
  atmosphericPressure,
  clearSkyRadiation,
  extraterrestrialRadiation,
  hargreavesPet,
  meanSaturationVapourPressure,
  monthlySoilHeatFlux,
  monthlySoilHeatFluxWithoutNext,
  netLongwave,
  netShortwave,
  parsePetMethod,
  penmanMonteith,
  petMethodFor,
  petMethodSummary,
  petMethodText,
  psychrometricConstant,
  referenceEt0,
  saturationSlope,
  saturationVapourPressure,
  solarDayOfYear,
  windAt2m,
} from "./fao56";

/**
 * Against the worked examples of FAO-56 (Allen et al. 1998, chapters 3 and 4), with the published values and
 * their published rounding, and against a second implementation written out below from the paper's
 * equations in one piece.
 */

/** Example 18: Brussels (50°48' N, 100 m), 6 July, daily. */
const BRUSSELS = { latitude: 50.8, elevation: 100, day: 187, tmax: 21.5, tmin: 12.3, rhmax: 84, rhmin: 63, wind10: 2.78, rs: 22.07 };
/** Example 17: Bangkok (13°44' N, 2 m), April, monthly; n = 8.5 h, ea = 2.85 kPa, u2 = 2 m/s, G = 0.14. */
const BANGKOK = { latitude: 13 + 44 / 60, elevation: 2, day: 105, tmax: 34.8, tmin: 25.6, ea: 2.85, u2: 2, sunshine: 8.5, tMarch: 29.2 };

/** Sunset hour angle and daylight hours (eqs. 25 and 34), for the Angstrom radiation of example 17. */
function daylightHours(latitude: number, day: number) {
  const delta = 0.409 * Math.sin((2 * Math.PI * day) / 365 - 1.39);
  return (24 / Math.PI) * Math.acos(-Math.tan((latitude * Math.PI) / 180) * Math.tan(delta));
}

describe("FAO-56 worked examples", () => {
  it("example 8: Ra at 20° S on 3 September is 32.2 MJ/m²/day", () => {
    expect(extraterrestrialRadiation(-20, 246)).toBeCloseTo(32.2, 1);
  });

  it("examples 3 and 5: e° and ea from mean relative humidity (eq. 19: 1.78 kPa)", () => {
    expect(saturationVapourPressure(25)).toBeCloseTo(3.168, 3);
    expect(saturationVapourPressure(18)).toBeCloseTo(2.064, 3);
    expect(meanSaturationVapourPressure(25, 18)).toBeCloseTo(2.616, 3);
    expect(actualVapourPressureFromMeanRh(68, 25, 18)).toBeCloseTo(1.78, 2);
  });

  it("example 2: the psychrometric constant at 1800 m is 0.054 kPa/°C (81.8 kPa)", () => {
    expect(atmosphericPressure(1800)).toBeCloseTo(81.8, 1);
    expect(psychrometricConstant(atmosphericPressure(1800))).toBeCloseTo(0.054, 3);
    expect(atmosphericPressure(0)).toBeCloseTo(101.3, 10);
  });

  it("example 14: 3.2 m/s at 10 m is 2.4 m/s at 2 m", () => {
    expect(windAt2m(3.2, 10)).toBeCloseTo(2.4, 1);
  });

  it("examples 10 and 11: Rnl 3.5 and Rn 7.6 MJ/m²/day (Rio de Janeiro, May)", () => {
    const rnl = netLongwave(25.1, 19.1, 2.1, 14.5, 18.8);
    expect(rnl).toBeCloseTo(3.5, 1);
    // 0.77 × 14.5 = 11.165, printed as 11.1
    expect(Math.abs(netShortwave(14.5) - 11.1)).toBeLessThan(0.07);
    expect(netShortwave(14.5) - rnl).toBeCloseTo(7.6, 1);
  });

  it("example 18: the intermediate values and ET0 = 3.9 mm/day at Brussels on 6 July", () => {
    const b = BRUSSELS;
    const u2 = windAt2m(b.wind10, 10);
    // the example multiplies by the rounded factor 0.748
    expect(Math.abs(u2 - 2.078)).toBeLessThan(0.002);
    const gamma = psychrometricConstant(atmosphericPressure(b.elevation));
    expect(atmosphericPressure(b.elevation)).toBeCloseTo(100.1, 1);
    expect(gamma).toBeCloseTo(0.0666, 4);
    const t = (b.tmax + b.tmin) / 2;
    expect(saturationSlope(t)).toBeCloseTo(0.122, 3);
    const es = meanSaturationVapourPressure(b.tmax, b.tmin);
    expect(es).toBeCloseTo(1.997, 3);
    // the example's ea is from RHmax and RHmin (eq. 17)
    const ea = (saturationVapourPressure(b.tmin) * b.rhmax + saturationVapourPressure(b.tmax) * b.rhmin) / 200;
    expect(ea).toBeCloseTo(1.409, 3);
    const ra = extraterrestrialRadiation(b.latitude, b.day);
    expect(ra).toBeCloseTo(41.09, 2);
    const rso = clearSkyRadiation(ra, b.elevation);
    expect(rso).toBeCloseTo(30.9, 1);
    expect(netShortwave(b.rs)).toBeCloseTo(17.0, 1);
    const rnl = netLongwave(b.tmax, b.tmin, ea, b.rs, rso);
    expect(rnl).toBeCloseTo(3.71, 2);
    const rn = netShortwave(b.rs) - rnl;
    expect(rn).toBeCloseTo(13.28, 2);
    const et0 = penmanMonteith({ t, rn, g: 0, u2, es, ea, delta: saturationSlope(t), gamma });
    expect(et0).toBeCloseTo(3.9, 1);
    // the same day through the one-call form, with the mean RH that gives the example's ea (eq. 19)
    const hurs = (100 * ea) / es;
    expect(referenceEt0({ tmax: b.tmax, tmin: b.tmin, hurs, rsds: b.rs / 0.0864, wind: b.wind10, latitude: b.latitude, dayOfYear: b.day, elevation: b.elevation })).toBeCloseTo(et0, 10);
  });

  it("examples 17 and 18: a month (G from eq. 43/44) gives ET0 = 5.72 mm/day at Bangkok in April", () => {
    const k = BANGKOK;
    const ra = extraterrestrialRadiation(k.latitude, k.day);
    expect(ra).toBeCloseTo(38.06, 1);
    const daylight = daylightHours(k.latitude, k.day);
    expect(daylight).toBeCloseTo(12.31, 1);
    const rs = (0.25 + (0.5 * k.sunshine) / daylight) * ra;
    expect(rs).toBeCloseTo(22.65, 1);
    const rso = clearSkyRadiation(ra, k.elevation);
    expect(rso).toBeCloseTo(28.54, 1);
    const rnl = netLongwave(k.tmax, k.tmin, k.ea, rs, rso);
    expect(rnl).toBeCloseTo(3.11, 1);
    const t = (k.tmax + k.tmin) / 2;
    const g = monthlySoilHeatFluxWithoutNext(k.tMarch, t);
    expect(g).toBeCloseTo(0.14, 2);
    expect(monthlySoilHeatFlux(k.tMarch, k.tMarch + 2)).toBeCloseTo(0.14, 10);
    const es = meanSaturationVapourPressure(k.tmax, k.tmin);
    const et0 = penmanMonteith({
      t,
      rn: netShortwave(rs) - rnl,
      g,
      u2: k.u2,
      es,
      ea: k.ea,
      delta: saturationSlope(t),
      gamma: psychrometricConstant(atmosphericPressure(k.elevation)),
    });
    expect(et0).toBeCloseTo(5.72, 1);
    // through the one-call form: 10 m wind that is 2 m/s at 2 m, RH that gives the example's ea
    const wind10 = (k.u2 * Math.log(67.8 * 10 - 5.42)) / 4.87;
    expect(referenceEt0({ tmax: k.tmax, tmin: k.tmin, hurs: (100 * k.ea) / es, rsds: rs / 0.0864, wind: wind10, latitude: k.latitude, dayOfYear: k.day, elevation: k.elevation, g })).toBeCloseTo(et0, 10);
  });
});

/** FAO-56 eq. 6 written out in one piece from the paper, with none of the module's functions. */
function secondEt0(tmax: number, tmin: number, rh: number, rsdsWm2: number, wind10: number, lat: number, doy: number, z: number): number {
  const e0 = (t: number) => 0.6108 * Math.exp((17.27 * t) / (t + 237.3));
  const T = (tmax + tmin) / 2;
  const es = (e0(tmax) + e0(tmin)) / 2;
  const ea = (rh / 100) * es;
  const slope = (4098 * e0(T)) / Math.pow(T + 237.3, 2);
  const P = 101.3 * Math.pow((293 - 0.0065 * z) / 293, 5.26);
  const gamma = 0.000665 * P;
  const u2 = wind10 * (4.87 / Math.log(672.58));
  const rad = (Math.PI / 180) * lat;
  const dec = 0.409 * Math.sin(0.0172142 * doy - 1.39);
  const ws = Math.acos(Math.min(1, Math.max(-1, -Math.tan(rad) * Math.tan(dec))));
  const Ra = (37.586 * (1 + 0.033 * Math.cos(0.0172142 * doy))) * (ws * Math.sin(rad) * Math.sin(dec) + Math.cos(rad) * Math.cos(dec) * Math.sin(ws));
  const Rs = rsdsWm2 * 86400 / 1e6;
  const Rso = (0.75 + 0.00002 * z) * Ra;
  const f = Math.min(1, Math.max(0.3, Rs / Rso));
  const Rnl = 4.903e-9 * (Math.pow(tmax + 273.16, 4) + Math.pow(tmin + 273.16, 4)) / 2 * (0.34 - 0.14 * Math.sqrt(ea)) * (1.35 * f - 0.35);
  const Rn = 0.77 * Rs - Rnl;
  return (0.408 * slope * Rn + gamma * (900 / (T + 273)) * u2 * (es - ea)) / (slope + gamma * (1 + 0.34 * u2));
}

describe("against a second implementation", () => {
  it("agrees on a spread of South Asian days", () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let i = 0; i < 300; i++) {
      const tmin = -15 + 40 * rand();
      const tmax = tmin + 1 + 18 * rand();
      const hurs = 5 + 95 * rand();
      const rsds = 20 + 330 * rand();
      const wind = 0.2 + 9 * rand();
      const latitude = 2 + 38 * rand();
      const day = 1 + Math.floor(365 * rand());
      const elevation = 4500 * rand();
      const ours = referenceEt0({ tmax, tmin, hurs, rsds, wind, latitude, dayOfYear: day, elevation });
      expect(ours).toBeCloseTo(secondEt0(tmax, tmin, hurs, rsds, wind, latitude, day, elevation), 4);
    }
  });

  it("Hargreaves-Samani (eq. 52) as written: 0.0023 (T + 17.8) (Tmax - Tmin)^0.5 Ra / 2.45 with Ra in MJ", () => {
    const ra = extraterrestrialRadiation(25, 166);
    expect(hargreavesPet(30, 36, 24, ra)).toBeCloseTo((0.0023 * (30 + 17.8) * Math.sqrt(12) * ra) / 2.45, 2);
    expect(hargreavesPet(30, 38, 22, ra)).toBeGreaterThan(hargreavesPet(30, 36, 24, ra));
    expect(hargreavesPet(30, 20, 22, ra)).toBe(0);
  });

  it("Penman-Monteith rises less with warming alone than Hargreaves-Samani (same humidity, wind and sunshine)", () => {
    const base = { tmax: 33, tmin: 21, hurs: 60, rsds: 240, wind: 2.5, latitude: 25, dayOfYear: 166, elevation: 100 };
    const warm = { ...base, tmax: base.tmax + 3, tmin: base.tmin + 3 };
    const ra = extraterrestrialRadiation(25, 166);
    const pm = referenceEt0(warm) / referenceEt0(base) - 1;
    const hs = hargreavesPet(30, 36, 24, ra) / hargreavesPet(27, 33, 21, ra) - 1;
    expect(pm).toBeGreaterThan(0);
    expect(pm).toBeLessThan(hs + 0.05);
  });
});

describe("calendars and methods", () => {
  it("maps 360- and 366-day years onto the 365-day solar year by proportion", () => {
    expect(solarDayOfYear(187)).toBe(187);
    expect(solarDayOfYear(1, 360)).toBeCloseTo(0.5 + 0.5 * (365 / 360), 10);
    expect(solarDayOfYear(360, 360)).toBeCloseTo(365 - 0.5 * (365 / 360) + 0.5, 10);
    expect(solarDayOfYear(366, 366)).toBeCloseTo(365 - 0.5 * (365 / 366) + 0.5, 10);
    // 30 June of a 360-day year (day 180) is the middle of the solar year
    expect(solarDayOfYear(180.5, 360)).toBeCloseTo(183, 0);
  });

  it("picks Penman-Monteith with all six variables, Hargreaves-Samani without humidity, radiation or wind", () => {
    expect(petMethodFor(new Set(["tas", "tasmax", "tasmin", "hurs", "rsds", "sfcWind", "pr"]))).toEqual({ method: "penman-monteith", missing: [] });
    expect(petMethodFor(new Set(["tas", "tasmax", "tasmin", "rsds", "sfcWind"]))).toEqual({ method: "hargreaves-samani", missing: ["hurs"] });
    expect(petMethodFor(new Set(["tasmax", "tasmin", "hurs", "rsds", "sfcWind"]))).toBeUndefined();
  });

  it("writes method texts that read back", () => {
    const pm = petMethodText({ method: "penman-monteith", inputs: "daily tasmax", elevation: "elevation from orog.nc" });
    expect(parsePetMethod(pm)).toEqual({ method: "penman-monteith", missing: [] });
    const hs = petMethodText({ method: "hargreaves-samani", missing: ["hurs", "rsds"], inputs: "daily tas, tasmax, tasmin", elevation: "" });
    expect(hs).toBe("Hargreaves-Samani (FAO-56 eq. 52) from daily tas, tasmax, tasmin (no hurs, rsds)");
    expect(parsePetMethod(hs)).toEqual({ method: "hargreaves-samani", missing: ["hurs", "rsds"] });
    expect(parsePetMethod("something else").method).toBeUndefined();
    expect(parsePetMethod(`Sample: ${hs}`)).toEqual({ method: "hargreaves-samani", missing: ["hurs", "rsds"] });
  });
});

describe("the method sentence of series answers", () => {
  it("counts the models per method, names the fallback's models and reason, and a missing elevation", () => {
    const pm = petMethodText({ method: "penman-monteith", inputs: "x", elevation: "elevation 300 m" });
    const seaLevel = petMethodText({ method: "penman-monteith", inputs: "x", elevation: "elevation not given: sea-level pressure (101.3 kPa)" });
    const hs = petMethodText({ method: "hargreaves-samani", missing: ["hurs"], inputs: "y", elevation: "" });
    const values = (models: string[]) => Object.fromEntries(models.map((m) => [m, [1]]));
    const models = Array.from({ length: 30 }, (_, i) => `M${String(i).padStart(2, "0")}`);
    const baseline = { values: values([...models, "BCC-CSM2-MR", "NESM3"]), methods: { ...Object.fromEntries(models.map((m) => [m, pm])), "BCC-CSM2-MR": hs, NESM3: hs } };
    expect(petMethodSummary([baseline, baseline])).toBe("FAO-56 Penman-Monteith for 30 models, Hargreaves-Samani for 2 (no hurs: BCC-CSM2-MR, NESM3)");
    const sample = (text: string) => `Sample: ${text}`;
    const sampled = { values: baseline.values, methods: Object.fromEntries(Object.entries(baseline.methods).map(([m, t]) => [m, sample(t)])) };
    expect(petMethodSummary([sampled])).toBe("FAO-56 Penman-Monteith for 30 models, Hargreaves-Samani for 2 (no hurs: BCC-CSM2-MR, NESM3)");
    expect(petMethodSummary([{ values: values(["A"]), methods: { A: hs } }])).toBe("Hargreaves-Samani for 1 model (no hurs: A)");
    expect(petMethodSummary([{ values: values(["A", "B"]), methods: { A: pm } }, { values: values(["A"]), methods: { A: hs } }])).toBe(
      "both methods in different years for 1 (A), method not recorded for 1 (B)",
    );
    expect(petMethodSummary([{ values: values(["A"]), methods: { A: seaLevel } }])).toBe(
      "FAO-56 Penman-Monteith for 1 model; elevation not given: sea-level pressure (101.3 kPa) for 1 model",
    );
  });
});
