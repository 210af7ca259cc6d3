import { describe, expect, it } from "vitest";
import {
  dailyThi,
  isThiCode,
  relativeHumidityAt,
  saturationVapourPressure,
  THI_CODES,
  THI_THRESHOLDS,
  thiCode,
  thiCodeInfo,
  thiMethodText,
  thiNrc,
  thresholdsOf,
  vapourPressureFromSpecificHumidity,
} from "./livestockHeat";

/** The NRC (1971) index as it was published, in degrees Fahrenheit: THI = Tdb - (0.55 - 0.55 RH/100)(Tdb - 58). */
const thiFahrenheit = (tdbF: number, rh: number) => tdbF - (0.55 - (0.55 * rh) / 100) * (tdbF - 58);
const toF = (c: number) => c * 1.8 + 32;

describe("THI (NRC 1971)", () => {
  it("matches readings of published THI charts (whole index points)", () => {
    // 72 at 72 °F and 100 % and at 77 °F and 50 % (De Vries, eXtension, after Ravagnolo et al. 2000);
    // 78 at 31 °C and 40 % and at 27 °C and 80 %; 72 at 25 °C and 50 % (dairy THI chart)
    const chart: [number, number, number][] = [
      [(72 - 32) / 1.8, 100, 72],
      [(77 - 32) / 1.8, 50, 72],
      [31, 40, 78],
      [27, 80, 78],
      [25, 50, 72],
    ];
    for (const [t, rh, published] of chart) expect(Math.abs(thiNrc(t, rh) - published), `${t} °C ${rh} %`).toBeLessThanOrEqual(0.5);
  });

  it("equals the Fahrenheit form for any temperature and humidity", () => {
    for (const t of [-10, 0, 12.3, 25, 33.7, 45]) {
      for (const rh of [0, 15, 50, 87.5, 100]) expect(thiNrc(t, rh)).toBeCloseTo(thiFahrenheit(toF(t), rh), 10);
    }
    // at saturation the index is the temperature in °F
    expect(thiNrc(30, 100)).toBeCloseTo(86, 10);
  });
});

describe("humidity at the daily maximum", () => {
  it("gives the saturation vapour pressures of FAO-56 Table 2.3", () => {
    const table: [number, number][] = [[10, 1.228], [20, 2.338], [25, 3.168], [30, 4.243]];
    for (const [t, es] of table) expect(Math.abs(saturationVapourPressure(t) - es), `${t} °C`).toBeLessThanOrEqual(0.0011);
  });

  it("takes vapour pressure from specific humidity through the mixing ratio", () => {
    // second route: mixing ratio w = q / (1 - q), e = p w / (0.622 + w)
    for (const q of [0.001, 0.012, 0.025]) {
      const w = q / (1 - q);
      expect(vapourPressureFromSpecificHumidity(q, 101.3)).toBeCloseTo((101.3 * w) / (0.622 + w), 12);
    }
  });

  it("is the day's vapour pressure over saturation at Tmax, capped at 100 %", () => {
    // 20 g/kg at 101.3 kPa: e = 3.218 kPa; at 35 °C saturation is 5.624 kPa -> 57.2 %
    const e = (0.02 * 101.3) / (0.622 + 0.378 * 0.02);
    expect(relativeHumidityAt(35, 20)).toBeCloseTo((100 * e) / (0.6108 * Math.exp((17.27 * 35) / (35 + 237.3))), 10);
    expect(relativeHumidityAt(35, 20)).toBeCloseTo(57.2, 1);
    // more vapour than saturation at a cold maximum: 100
    expect(relativeHumidityAt(5, 20)).toBe(100);
    expect(dailyThi("max", 35, 20)).toBeCloseTo(thiFahrenheit(95, relativeHumidityAt(35, 20)), 10);
    expect(dailyThi("mean", 30, 60)).toBeCloseTo(thiFahrenheit(86, 60), 10);
  });
});

describe("thresholds and codes", () => {
  it("has one code per definition and threshold, each with its source", () => {
    expect(THI_CODES.map((c) => c.code)).toEqual([
      "thimean68", "thimean72", "thimean75", "thimean79", "thimean84", "thimax68", "thimax72", "thimax75", "thimax79", "thimax84",
    ]);
    expect(thiCodeInfo("thimax79")).toMatchObject({ definition: "max", threshold: { value: 79, species: "cattle" } });
    expect(isThiCode("thimean70")).toBe(false);
    expect(thiCode("mean", 72)).toBe("thimean72");
    expect(thresholdsOf("cattle").map((t) => t.value)).toEqual([75, 79, 84]);
    expect(thresholdsOf("dairy").map((t) => t.value)).toEqual([68, 72]);
    for (const t of THI_THRESHOLDS) expect(t.source.length).toBeGreaterThan(5);
    expect(thiMethodText("max", "cattle")).toContain("Nienaber and Hahn 2007");
  });
});
