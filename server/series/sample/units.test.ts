import { describe, expect, it } from "vitest";
import { adminUnits } from "../../places/outlines.server";
import { SampleSeriesStore } from "./sample-store";
import type { SeriesKey } from "../store";

const store = new SampleSeriesStore();
const units = adminUnits();
const unitsOf = (country: string) => units.filter((u) => u.country === country);

/** The area-weighted mean of a country's units, year by year, from their outlines' areas (independent of the store's weights). */
function areaMean(country: string, key: Omit<SeriesKey, "geo">): Float64Array {
  const members = unitsOf(country);
  const total = members.reduce((s, u) => s + u.area, 0);
  const series = members.map((u) => store.getOne({ ...key, geo: u.code })!);
  const out = new Float64Array(series[0].values.length);
  members.forEach((u, i) => series[i].values.forEach((v, y) => (out[y] += (u.area / total) * v)));
  return out;
}

describe("sample series of states and provinces", () => {
  it("know where their units lie: centre latitudes of the outlines", () => {
    const lat = (code: string) => units.find((u) => u.code === code)!.lat;
    // Uttar Pradesh lies between about 23.9 and 30.4 N, Kerala 8.3-12.8 N, Delhi 28.4-28.9 N, Western Province (Sri Lanka) 6.4-7.4 N
    expect(lat("IN-UP")).toBeGreaterThan(25.5);
    expect(lat("IN-UP")).toBeLessThan(28.5);
    expect(lat("IN-KL")).toBeGreaterThan(9);
    expect(lat("IN-KL")).toBeLessThan(11.5);
    expect(lat("IN-DL")).toBeGreaterThan(28.4);
    expect(lat("IN-DL")).toBeLessThan(28.9);
    expect(lat("LK-1")).toBeGreaterThan(6.4);
    expect(lat("LK-1")).toBeLessThan(7.4);
  });

  for (const [indicator, frequency, model, scenario] of [
    ["tas", "annual", "MIROC6", "ssp585"],
    ["tasmax", "monthly", "EC-Earth3", "historical"],
    ["pr", "annual", "CanESM5", "ssp245"],
    ["pr", "monthly", "MRI-ESM2-0", "ssp585"],
    ["rx1day", "annual", "ACCESS-CM2", "ssp585"],
    ["cdd", "annual", "NorESM2-MM", "ssp245"],
    ["su", "annual", "GFDL-ESM4", "ssp585"],
    ["fd", "annual", "INM-CM5-0", "historical"],
    ["tx90p", "annual", "UKESM1-0-LL", "ssp585"],
  ] as const) {
    it(`${indicator} (${frequency}, ${model}, ${scenario}): each country's units average, by area, to the country's value every year`, () => {
      for (const country of ["IND", "PAK", "NPL", "AFG", "BTN", "LKA", "BGD"]) {
        const key = { indicator, frequency, model, scenario } as const;
        const own = store.getOne({ ...key, geo: country })!.values;
        const mean = areaMean(country, key);
        expect(mean.length).toBe(own.length);
        own.forEach((v, i) => expect(mean[i]).toBeCloseTo(v, 6));
      }
    });
  }

  it("differ from one another and from their country, in climate and in change", () => {
    const key = { indicator: "tas", frequency: "annual", model: "MIROC6", scenario: "ssp585" } as const;
    const mean = (geo: string, from: number, to: number) => {
      const s = store.getOne({ ...key, geo })!;
      const slice = Array.from(s.values.subarray(from - s.startYear, to - s.startYear + 1));
      return slice.reduce((a, b) => a + b, 0) / slice.length;
    };
    // northern Ladakh is colder than southern Kerala in the same model
    expect(mean("IN-LA", 2041, 2060)).toBeLessThan(mean("IN-KL", 2041, 2060) - 2);
    const change = (geo: string) => mean(geo, 2081, 2100) - mean(geo, 2015, 2034);
    const changes = unitsOf("IND").map((u) => change(u.code));
    expect(Math.max(...changes) - Math.min(...changes)).toBeGreaterThan(0.2);
  });

  it("are sample data, from the same generator as the countries'", () => {
    const s = store.getOne({ indicator: "pr", frequency: "annual", model: "MIROC6", scenario: "ssp245", geo: "IN-UP" })!;
    expect(s.source.sample).toBe(true);
    expect(store.getOne({ indicator: "pr", frequency: "annual", model: "MIROC6", scenario: "ssp245", geo: "XX-ZZ" })).toBeUndefined();
  });
});

describe("sample series of the disputed areas", () => {
  const key = { indicator: "tas", frequency: "annual", model: "MIROC6", scenario: "ssp585" } as const;

  it("are shares of one country's outside its units: the units' area mean stays the country's", () => {
    // with the disputed areas given to India and Pakistan, the units still average to the country exactly
    for (const country of ["IND", "PAK"]) {
      const mean = areaMean(country, key);
      const own = store.getOne({ ...key, geo: country })!.values;
      own.forEach((v, y) => expect(mean[y]).toBeCloseTo(v, 9));
    }
  });

  it("have series of their own, apart from the country's and from the state of the same name", () => {
    const aksaiChin = store.getOne({ ...key, geo: "XD-B07" })!.values;
    const india = store.getOne({ ...key, geo: "IND" })!.values;
    // Aksai Chin (about 35 N) is colder than India as a whole (about 22 N): the share's latitude offset
    const mean = (v: Float64Array) => v.reduce((s, x) => s + x, 0) / v.length;
    expect(mean(aksaiChin)).toBeLessThan(mean(india) - 3);
    const disputedArunachal = store.getOne({ ...key, geo: "XD-B00" })!.values;
    const stateArunachal = store.getOne({ ...key, geo: "IN-AR" })!.values;
    expect(Array.from(disputedArunachal)).not.toEqual(Array.from(stateArunachal));
    // a count of days stays within the year whatever the share
    const su = store.getOne({ ...key, indicator: "su", geo: "XD-B45" })!.values;
    expect(su.every((v) => v >= 0 && v <= 365)).toBe(true);
  });
});
