import { describe, expect, it } from "vitest";
import { decodeTimes, parseCalendar, parseTimeUnits } from "./calendar";
import { DailyIndexer, producedCodes } from "./indices";
import { computeMasks, type GeoFeature } from "./masks";
import { parseCmip6FileName, catalogModel } from "./filename";
import { unitConversion } from "./netcdf";

describe("CF calendars", () => {
  const dates = (values: number[], units: string, calendar: string) =>
    decodeTimes(values, parseTimeUnits(units), parseCalendar(calendar)).map((d) => `${d.year}-${d.month}-${d.day}`);

  it("keeps 365 days in a noleap year and 366 in a standard leap year", () => {
    // 2016 is a leap year: day 424.5 after 2015-01-01 is 2016-02-29 in the standard calendar
    expect(dates([424.5, 425.5], "days since 2015-01-01", "standard")).toEqual(["2016-2-29", "2016-3-1"]);
    // the noleap calendar has no 29 February: the same offsets are 1 and 2 March
    expect(dates([424.5, 425.5], "days since 2015-01-01", "noleap")).toEqual(["2016-3-1", "2016-3-2"]);
    expect(dates([365], "days since 2015-01-01 00:00:00", "365_day")).toEqual(["2016-1-1"]);
  });

  it("has thirty-day months in the 360_day calendar", () => {
    expect(dates([29.5, 30.5, 59.5, 359.5, 360.5], "days since 2015-01-01", "360_day")).toEqual(["2015-1-30", "2015-2-1", "2015-2-30", "2015-12-30", "2016-1-1"]);
  });

  it("reads hours and reference dates with a time of day", () => {
    expect(dates([36], "hours since 1850-01-01 12:00:00", "proleptic_gregorian")).toEqual(["1850-1-3"]);
    expect(dates([0], "days since 1950-1-1", "gregorian")).toEqual(["1950-1-1"]);
  });

  it("refuses calendars and units it cannot read", () => {
    expect(() => parseCalendar("lunar")).toThrow(/unsupported calendar/);
    expect(() => parseTimeUnits("months since 2015-01-01")).toThrow(/unsupported time unit/);
    expect(() => parseTimeUnits("2015-01-01")).toThrow(/days since/);
  });
});

describe("units", () => {
  it("converts kelvin, kg m-2 s-1 and kg/kg to the portal's units", () => {
    const k = unitConversion("tasmax", "K");
    expect(300 * k.scale + k.offset).toBeCloseTo(26.85, 10);
    const p = unitConversion("pr", "kg m-2 s-1");
    expect((10 / 86400) * p.scale + p.offset).toBeCloseTo(10, 10);
    const q = unitConversion("huss", "1");
    expect(0.012 * q.scale).toBeCloseTo(12, 10);
    expect(unitConversion("tas", "degC").offset).toBe(0);
    expect(() => unitConversion("pr", "inches")).toThrow(/expected one of/);
  });
});

describe("file names", () => {
  it("reads NEX-GDDP-CMIP6 and CMIP6 names and finds catalogue models by name and grid", () => {
    expect(parseCmip6FileName("tasmax_day_ACCESS-CM2_ssp245_r1i1p1f1_gn_2015_v1.1.nc")).toMatchObject({
      variable: "tasmax", frequency: "day", model: "ACCESS-CM2", scenario: "ssp245", variant: "r1i1p1f1", grid: "gn", years: "2015",
    });
    expect(parseCmip6FileName("pr_day_MIROC6_historical_r1i1p1f1_gn_19500101-19591231.nc")).toMatchObject({ model: "MIROC6", years: "19500101-19591231" });
    expect(parseCmip6FileName("notes.nc")).toBeUndefined();
    const models = [{ field_value: "GFDL-CM4" }, { field_value: "GFDL-CM4_gr2" }];
    expect(catalogModel({ model: "GFDL-CM4", grid: "gr2" }, { models, scenarios: [] })).toBe("GFDL-CM4_gr2");
    expect(catalogModel({ model: "GFDL-CM4", grid: "gr1" }, { models, scenarios: [] })).toBe("GFDL-CM4");
    expect(catalogModel({ model: "NoSuchModel", grid: "gn" }, { models, scenarios: [] })).toBeUndefined();
  });
});

describe("place masks", () => {
  const S = (lat: number) => Math.sin((lat * Math.PI) / 180);
  /** Area of a lon-lat box in the masks' equal-area units (degrees of longitude x sin latitude). */
  const box = (lon0: number, lon1: number, lat0: number, lat1: number) => (lon1 - lon0) * (S(lat1) - S(lat0));
  const square: GeoFeature = { code: "SQ", geometry: { type: "Polygon", coordinates: [[[10, 10], [12, 10], [12, 12], [10, 12], [10, 10]]] } };

  it("weights each cell by the area of its intersection with the outline, and leaves holes out", () => {
    // 1-degree cells centred on half degrees: the square covers four whole cells
    const lat = Float64Array.of(9.5, 10.5, 11.5, 12.5);
    const lon = Float64Array.of(9.5, 10.5, 11.5, 12.5);
    const [mask] = computeMasks(lat, lon, [square]).masks;
    expect(Array.from(mask.cells)).toEqual([5, 6, 9, 10]);
    expect(mask.weights[0]).toBeCloseTo(box(10, 11, 10, 11), 12);
    expect(mask.weights[2]).toBeCloseTo(box(10, 11, 11, 12), 12);
    expect(mask.coverage).toBeCloseTo(1, 12);
    // cells offset by half a degree: the square takes a quarter, a half or all of each cell
    const offset = computeMasks(Float64Array.of(10, 11, 12), Float64Array.of(10, 11, 12), [square]).masks[0];
    expect(Array.from(offset.cells)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(offset.weights[0]).toBeCloseTo(box(10, 10.5, 10, 10.5), 12);
    expect(offset.weights[4]).toBeCloseTo(box(10.5, 11.5, 10.5, 11.5), 12);
    expect(offset.weights.reduce((x, w) => x + w, 0)).toBeCloseTo(box(10, 12, 10, 12), 12);
    const holed: GeoFeature = {
      code: "H",
      geometry: { type: "Polygon", coordinates: [square.geometry.coordinates[0] as number[][], [[10.9, 10.9], [11.1, 10.9], [11.1, 11.1], [10.9, 11.1], [10.9, 10.9]]] },
    };
    const [h] = computeMasks(lat, lon, [holed]).masks;
    expect(h.weights.reduce((x, w) => x + w, 0)).toBeCloseTo(box(10, 12, 10, 12) - box(10.9, 11.1, 10.9, 11.1), 12);
  });

  it("gives a small island the cell it lies in, weighted by its own area", () => {
    const islet: GeoFeature = { code: "I", geometry: { type: "MultiPolygon", coordinates: [[[[73.5, 4.2], [73.6, 4.2], [73.6, 4.3], [73.5, 4.3], [73.5, 4.2]]]] } };
    const [mask] = computeMasks(Float64Array.of(3, 4, 5), Float64Array.of(72, 73, 74), [islet]).masks;
    // the islet (73.5-73.6 E, 4.2-4.3 N) lies in the cell centred at 4 N, 74 E (73.5-74.5 E): row 1, column 2
    expect(Array.from(mask.cells)).toEqual([5]);
    expect(mask.weights[0]).toBeCloseTo(box(73.5, 73.6, 4.2, 4.3), 12);
    expect(mask.coverage).toBeCloseTo(1, 12);
  });

  it("says how much of a place a partial grid covers", () => {
    // the grid's cells reach 11 N: half of the square lies outside
    const [half] = computeMasks(Float64Array.of(9.5, 10.5), Float64Array.of(9.5, 10.5, 11.5, 12.5), [square]).masks;
    expect(half.coverage).toBeCloseTo(box(10, 12, 10, 11) / box(10, 12, 10, 12), 12);
    // a grid beside the place: nothing
    const [none] = computeMasks(Float64Array.of(30.5), Float64Array.of(30.5), [square]).masks;
    expect(none.cells.length).toBe(0);
    expect(none.coverage).toBe(0);
  });
});

describe("ETCCDI indices from daily values", () => {
  /** A noleap 2015 of known days in one cell; hand-computed indices below. */
  function year() {
    const tx: number[] = [];
    const tn: number[] = [];
    const pr: number[] = [];
    for (let d = 0; d < 365; d++) {
      const summer = d >= 90 && d <= 272; // 1 April to 30 September
      let x = summer ? 30 : 10;
      if (d === 200) x = 42; // 20 July
      tx.push(x);
      tn.push(d < 10 ? -5 : x - 8);
      pr.push(0);
    }
    [5, 12, 25, 3, 0.5].forEach((p, k) => (pr[100 + k] = p)); // 11-15 April
    pr[300] = 21; // 28 October
    pr[301] = 1;
    return { tx, tn, pr };
  }

  function run(cells: { tx: number[]; tn: number[]; pr: number[] }[], weights: number[]) {
    const indexer = new DailyIndexer("noleap", [{ code: "G", cells: Uint32Array.from(cells, (_, i) => i), weights: Float64Array.from(weights), coverage: 1 }], cells.length, ["tasmax", "tasmin", "pr"]);
    const dates = decodeTimes(Array.from({ length: 365 }, (_, d) => d + 0.5), parseTimeUnits("days since 2015-01-01"), "noleap");
    dates.forEach((date, d) => indexer.day(date, { tasmax: cells.map((c) => c.tx[d]), tasmin: cells.map((c) => c.tn[d]), pr: cells.map((c) => c.pr[d]) }));
    const out = indexer.finish();
    return {
      annual: (code: string) => out.annual.get(code)!.get("G")!.get(2015)!,
      monthly: (code: string) => Array.from(out.monthly.get(code)!.get("G")!.get(2015)!),
    };
  }

  it("counts, extremes, spells and totals as ETCCDI defines them", () => {
    const { annual, monthly } = run([year()], [1]);
    expect(annual("fd")).toBe(10);
    expect(annual("id")).toBe(0);
    expect(annual("su")).toBe(183);
    expect(annual("tr")).toBe(183);
    expect(annual("txx")).toBe(42);
    expect(monthly("txx")[6]).toBe(42);
    expect(monthly("txx")[5]).toBe(30);
    expect(annual("tnn")).toBe(-5);
    expect(monthly("tnn")[1]).toBe(2);
    expect(annual("tnx")).toBe(34);
    expect(monthly("dtr")[0]).toBeCloseTo((10 * 15 + 21 * 8) / 31, 12);
    expect(monthly("dtr")[3]).toBe(8);
    expect(annual("rx1day")).toBe(25);
    expect(monthly("rx5day")[3]).toBeCloseTo(45.5, 12);
    expect(annual("rx5day")).toBeCloseTo(45.5, 12);
    expect(monthly("rx5day")[9]).toBe(22);
    expect(annual("r10mm")).toBe(3);
    expect(annual("r20mm")).toBe(2);
    expect(annual("rnnmm")).toBe(1);
    expect(annual("prcptot")).toBe(67);
    expect(annual("sdii")).toBeCloseTo(67 / 6, 12);
    expect(annual("cwd")).toBe(4);
    // 15 April (0.5 mm is a dry day) to 27 October
    expect(annual("cdd")).toBe(196);
    expect(monthly("pr")[3]).toBeCloseTo(45.5 / 30, 12);
    expect(annual("pr")).toBeCloseTo(67.5 / 365, 12);
  });

  it("averages each cell's index over the place with the cells' weights", () => {
    const warm = year();
    const cold = { ...year(), tn: year().tn.map((t, d) => (d < 40 ? -3 : t)) }; // 40 frost days
    const { annual } = run([warm, cold], [1, 3]);
    expect(annual("fd")).toBeCloseTo((10 * 1 + 40 * 3) / 4, 12);
  });

  it("has no value for a month with a missing day, and no annual value for its year", () => {
    const gappy = year();
    gappy.pr[45] = NaN; // 15 February
    const { annual, monthly } = run([gappy], [1]);
    expect(monthly("pr")[1]).toBeNaN();
    expect(monthly("pr")[2]).toBe(0);
    expect(annual("pr")).toBeNaN();
    expect(annual("prcptot")).toBeNaN();
    expect(annual("fd")).toBe(10);
  });

  it("measures the growing season from the first warm spell to the first cold spell after 1 July", () => {
    // noleap 2015, daily mean temperature per cell; day 0 is 1 January, day 181 is 1 July
    const days = (f: (d: number) => number) => Array.from({ length: 365 }, (_, d) => f(d));
    const temperate = days((d) => {
      if (d >= 80 && d <= 84) return 8; // five warm days: not a spell
      if (d >= 160 && d <= 170) return 2; // a cold spell in June does not end the season
      return d >= 86 && d < 300 ? 15 : 1; // season from day 86; cold from 28 October (day 300)
    });
    const tropical = days(() => 26);
    const alpine = days(() => -4);
    const lateStart = days((d) => (d >= 355 ? 9 : 0)); // a warm spell from 22 December runs to the year's end
    const gappy = days((d) => (d === 200 ? NaN : 26));
    const cells = [temperate, tropical, alpine, lateStart, gappy];
    const masks = cells.map((_, i) => ({ code: `C${i}`, cells: Uint32Array.of(i), weights: Float64Array.of(1), coverage: 1 }));
    const indexer = new DailyIndexer("noleap", masks, cells.length, ["tas"]);
    const dates = decodeTimes(Array.from({ length: 365 }, (_, d) => d + 0.5), parseTimeUnits("days since 2015-01-01"), "noleap");
    dates.forEach((date, d) => indexer.day(date, { tas: cells.map((c) => c[d]) }));
    const gsl = indexer.finish().annual.get("gsl")!;
    expect(["C0", "C1", "C2", "C3", "C4"].map((code) => gsl.get(code)!.get(2015))).toEqual([300 - 86, 365, 0, 365 - 355, NaN]);
  });

  it("computes the indices its variables allow", () => {
    expect(producedCodes(new Set(["pr"]))).toEqual({ monthly: ["pr", "rx1day", "rx5day"], annual: ["r10mm", "r20mm", "rnnmm", "prcptot", "sdii", "cdd", "cwd"] });
    expect(producedCodes(new Set(["tasmax"])).monthly).toEqual(["tasmax", "txx", "txn"]);
    expect(producedCodes(new Set(["tasmax", "tasmin"])).monthly).toContain("dtr");
  });
});

describe("daily time axes", () => {
  it("finds the first step that is not the next day of the calendar", async () => {
    const { dailyGap } = await import("./calendar");
    const decode = (values: number[], calendar: "noleap" | "360_day" | "standard") => decodeTimes(values, parseTimeUnits("days since 2015-01-01"), calendar);
    expect(dailyGap("360_day", decode([58.5, 59.5, 60.5], "360_day"))).toBeUndefined();
    expect(dailyGap("noleap", decode([0.5, 1.5, 3.5], "noleap"))).toBe("time steps are not consecutive days: 2015-01-02 then 2015-01-04 (step 2)");
    expect(dailyGap("standard", decode([0.5, 31.5], "standard"))).toMatch(/2015-01-01 then 2015-02-01/);
  });
});
