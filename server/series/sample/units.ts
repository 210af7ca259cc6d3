import { hashString } from "./random";

/**
 * Sample series of a country's states and provinces, made from the country's own so that the two agree:
 * for every indicator, model and year, the area-weighted mean of a country's units is the country's value
 * (to rounding, where the units tile the country). Each
 * unit differs from its country by a fixed climate offset and by a share of the country's change:
 *
 * - temperatures (°C): `unit = c + a + b (c - c0)`, where `c0` is the country's 1995-2014 mean, `a` an
 *   offset of about -0.45 °C per degree of latitude north of the country's centre plus a seeded part, and
 *   `b` a seeded ±15 % of the change; the area-weighted means of `a` and of `b` are zero;
 * - counts of days and shares, bounded by `N` (the days of the year or month, 100 %):
 *   `unit = c + d c (N - c) / N`, a seeded `d` within ±0.9 whose area-weighted mean is zero, which keeps
 *   the unit's value within 0 and `N` whatever the country's;
 * - everything else (rain, evapotranspiration, radiation, wind, specific humidity):
 *   `unit = c (f + b tanh(ln(c / c0)))`, a seeded factor `f` (about 0.8 to 1.25) whose area-weighted mean
 *   is one and a seeded `b` (within ±0.15, area-weighted mean zero) that makes a unit wetter or drier than
 *   its country where the country's value departs from its baseline; the factor stays positive;
 * - standardised indices (SPI, SPEI) asked of this generator are the country's; the portal fits them to
 *   each unit's own rainfall (`DroughtIndexStore`).
 *
 * A disputed area (`outside`) gets a share of one country's series in the same way, measured from the same
 * centre and means, but takes no part in the country's weights: it overlaps the country's units (or lies
 * beyond the country) rather than tiling with them, so the units' means stay exactly the country's.
 *
 * The numbers are generated, like every sample series, and the answers say so.
 */

export interface SampleUnit {
  code: string;
  country: string;
  /** Area on the sphere (equal-area units); the weight of the unit in its country. */
  area: number;
  /** Latitude of the outline's centre, degrees. */
  lat: number;
  /** A disputed area: a share of the country's series outside its tiling (weight zero). */
  outside?: true;
}

/** A unit's share of its country's series. */
export interface UnitShare {
  country: string;
  /** Additive offset of temperatures, °C. */
  offset: number;
  /** Factor of unbounded positive indicators (area-weighted mean one). */
  factor: number;
  /** Departure of counts and shares towards their bound (area-weighted mean zero, within ±0.9). */
  bounded: number;
  /** Share of the country's change added to a temperature, or of its departure's sign to others (area-weighted mean zero). */
  change: number;
  /** Weight in the country's area mean (sums to one over the country's units). */
  weight: number;
}

/** Indicators in °C whose unit values are the country's plus an offset. */
const ADDITIVE_INDICATORS: ReadonlySet<string> = new Set(["tas", "tasmax", "tasmin", "txx", "tnx", "txn", "tnn"]);
/** Standardised indices: the unit's are the country's. */
const SAME_AS_COUNTRY: ReadonlySet<string> = new Set(["spi", "spei"]);
/** Shares of days or of saturation, at most 100 %. */
const PERCENT_INDICATORS: ReadonlySet<string> = new Set(["tn10p", "tx10p", "tn90p", "tx90p", "hurs", "r95ptot", "r99ptot"]);
/** Counts of days in a year (or in a month, monthly). */
const COUNT_INDICATORS: ReadonlySet<string> = new Set(["fd", "su", "id", "tr", "gsl", "wsdi", "csdi", "r10mm", "r20mm", "rnnmm", "cdd", "cwd"]);
const isCount = (indicator: string) => COUNT_INDICATORS.has(indicator) || indicator.startsWith("thi");

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A seeded number in [-0.5, 0.5) from a unit and a purpose. */
const seeded = (code: string, purpose: string) => (hashString(`${code}|${purpose}`) % 1_000_003) / 1_000_003 - 0.5;

/** Each unit's share of its country, with the weighted means of the offsets and changes exactly zero. */
export function unitShares(units: readonly SampleUnit[]): Map<string, UnitShare> {
  const shares = new Map<string, UnitShare>();
  const byCountry = new Map<string, SampleUnit[]>();
  for (const u of units) byCountry.set(u.country, [...(byCountry.get(u.country) ?? []), u]);
  for (const [country, all] of byCountry) {
    // the tiling units first, then the areas outside it, which are weighted zero
    const members = [...all.filter((u) => !u.outside), ...all.filter((u) => u.outside)];
    const tiling = members.filter((u) => !u.outside);
    const total = tiling.reduce((s, u) => s + u.area, 0);
    const weights = members.map((u) => (u.outside ? 0 : total > 0 ? u.area / total : 1 / tiling.length));
    const centre = tiling.length ? members.reduce((s, u, i) => s + weights[i] * u.lat, 0) : members[0].lat;
    const rawOffset = members.map((u) => -0.45 * (u.lat - centre) + 1.6 * seeded(u.code, "offset"));
    const rawFactor = members.map((u) => Math.exp(0.45 * seeded(u.code, "factor")));
    const rawChange = members.map((u) => 0.3 * seeded(u.code, "change"));
    const rawBounded = members.map((u) => 0.9 * seeded(u.code, "factor"));
    const mean = (values: number[]) => (tiling.length ? values.reduce((s, v, i) => s + weights[i] * v, 0) : 0);
    const offsetMean = mean(rawOffset);
    const factorMean = mean(rawFactor);
    const factors = rawFactor.map((f) => (tiling.length ? f / factorMean : f));
    const changeMean = mean(rawChange);
    const boundedMean = mean(rawBounded);
    members.forEach((u, i) => {
      shares.set(u.code, {
        country,
        offset: rawOffset[i] - offsetMean,
        factor: factors[i],
        bounded: rawBounded[i] - boundedMean,
        change: rawChange[i] - changeMean,
        weight: weights[i],
      });
    });
  }
  return shares;
}

/**
 * A unit's series from its country's: `values` (annual, or monthly January to December) and `reference`,
 * the country's 1995-2014 mean of the same series (one value for annual series, twelve for monthly).
 */
export function unitSeries(indicator: string, monthly: boolean, country: Float64Array, reference: ArrayLike<number>, share: UnitShare): Float64Array {
  if (SAME_AS_COUNTRY.has(indicator)) return country;
  const out = new Float64Array(country.length);
  const additive = ADDITIVE_INDICATORS.has(indicator);
  const [percent, count] = [PERCENT_INDICATORS.has(indicator), isCount(indicator)];
  for (let i = 0; i < country.length; i++) {
    const c = country[i];
    const ref = reference[monthly ? i % 12 : 0];
    const bound = percent ? 100 : count ? (monthly ? DAYS_IN_MONTH[i % 12] : 365) : Infinity;
    if (Number.isNaN(c)) {
      out[i] = NaN;
    } else if (additive) {
      out[i] = c + share.offset + share.change * (Number.isFinite(ref) ? c - ref : 0);
    } else if (bound !== Infinity) {
      out[i] = c + (share.bounded * c * (bound - c)) / bound;
    } else {
      const departure = Number.isFinite(ref) && ref > 0 && c > 0 ? Math.tanh(Math.log(c / ref)) : 0;
      out[i] = c * (share.factor + share.change * departure);
    }
  }
  return out;
}
