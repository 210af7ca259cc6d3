import { BASELINE_PERIOD, type YearRange } from "../../../app/features/cmip6/periods";

/**
 * Global mean warming above 1850-1900 of a model with average sensitivity, °C, by year: the shape of
 * the CMIP6 multi-model mean (slow mid-century rise, rapid warming since the 1970s, SSP2-4.5 levelling
 * off near 2.7 °C and SSP5-8.5 reaching about 4.5 °C by 2100). Linear between anchors.
 */
const ANCHORS: Readonly<Record<string, readonly (readonly [number, number])[]>> = {
  historical: [
    [1950, 0.3],
    [1960, 0.33],
    [1970, 0.32],
    [1980, 0.45],
    [1990, 0.6],
    [2000, 0.78],
    [2014, 1.0],
  ],
  ssp245: [
    [2014, 1.0],
    [2020, 1.15],
    [2030, 1.4],
    [2040, 1.65],
    [2050, 1.9],
    [2060, 2.1],
    [2070, 2.3],
    [2080, 2.45],
    [2090, 2.6],
    [2100, 2.7],
  ],
  ssp585: [
    [2014, 1.0],
    [2020, 1.17],
    [2030, 1.5],
    [2040, 1.85],
    [2050, 2.25],
    [2060, 2.7],
    [2070, 3.15],
    [2080, 3.6],
    [2090, 4.05],
    [2100, 4.45],
  ],
};

export function hasForcing(scenario: string): boolean {
  return scenario in ANCHORS;
}

/** Global warming in `year` under `scenario` (historical anchors before 2015 for every scenario). */
export function globalWarming(scenario: string, year: number): number {
  const anchors = year <= 2014 ? ANCHORS.historical : ANCHORS[scenario];
  if (!anchors) throw new Error(`No forcing for scenario ${scenario}`);
  if (year <= anchors[0][0]) return anchors[0][1];
  for (let i = 1; i < anchors.length; i++) {
    const [y1, w1] = anchors[i];
    if (year <= y1) {
      const [y0, w0] = anchors[i - 1];
      return w0 + ((w1 - w0) * (year - y0)) / (y1 - y0);
    }
  }
  return anchors[anchors.length - 1][1];
}

/** Mean global warming over a range of years. */
export function meanGlobalWarming(scenario: string, range: YearRange): number {
  let sum = 0;
  for (let y = range.start; y <= range.end; y++) sum += globalWarming(scenario, y);
  return sum / (range.end - range.start + 1);
}

/** Global warming of the baseline (1995-2014) that the geo climatologies describe. */
export const BASELINE_WARMING = meanGlobalWarming("historical", BASELINE_PERIOD);
