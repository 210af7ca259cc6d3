import { describe, expect, it } from "vitest";
import geoSeeds from "../../../seeds/geos.json";
import modelSeeds from "../../../seeds/cmip6-models.json";
import { DAYS_IN_MONTH } from "../../../app/features/cmip6/periods";
import type { SeriesFrequency } from "../../../app/features/cmip6/seriesQuery";
import { GEO_CLIMATES } from "./geo-climates";
import { ANNUAL_INDEX_CODES, MONTHLY_INDEX_CODES, VARIABLE_CODES } from "./indices";
import { modelTraits, warmingFactor } from "./models";
import { SampleSeriesStore } from "./sample-store";
import availability from "../../../seeds/model-variables.json";
import { modelHasIndicator } from "../../../app/features/cmip6/availability";
import { referenceEt0 } from "../../../app/features/analytics/fao56";

const store = new SampleSeriesStore();
const MODELS = modelSeeds.map((m) => m.field_value);
const GEOS = Object.keys(GEO_CLIMATES);
const HIST = 1950;
const FUTURE = 2015;

function series(indicator: string, geo: string, scenario: string, model: string, frequency: SeriesFrequency = "annual") {
  const found = store.getOne({ indicator, geo, scenario, model, frequency });
  if (!found) throw new Error(`no ${frequency} ${indicator} for ${geo} ${scenario} ${model}`);
  return found;
}

/** Mean of the annual values over [from, to]. */
function meanOver(indicator: string, geo: string, scenario: string, model: string, from: number, to: number) {
  const { startYear, values } = series(indicator, geo, scenario, model);
  let sum = 0;
  for (let y = from; y <= to; y++) sum += values[y - startYear];
  return sum / (to - from + 1);
}

/** Mean of calendar month `month` (1-12) over [from, to]. */
function monthMean(indicator: string, geo: string, month: number, model = "MRI-ESM2-0", from = 1995, to = 2014) {
  const { startYear, values } = series(indicator, geo, "historical", model, "monthly");
  let sum = 0;
  for (let y = from; y <= to; y++) sum += values[(y - startYear) * 12 + month - 1];
  return sum / (to - from + 1);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
/** The models the archive has `code` for (every model but those lacking one of its variables). */
const modelsWith = (code: string) => MODELS.filter((m) => modelHasIndicator(availability, m, code));
/** Ensemble median of a per-model quantity of `code` over the models that have it. */
const ensembleMedian = (code: string, f: (model: string) => number) => median(modelsWith(code).map(f));

describe("SampleSeriesStore", () => {
  it("has climate parameters for every country and basin of the seeds, and series for every state and province and disputed area", () => {
    expect(GEOS.sort()).toEqual(geoSeeds.filter((g) => g.field_geotype === "Country" || g.field_geotype === "Basin").map((g) => g.field_value).sort());
    // a state's or province's series are shares of its country's (units.test.ts), and so are a disputed area's
    for (const g of geoSeeds.filter((s) => s.field_geotype === "State" || s.field_geotype === "Disputed")) {
      expect(store.getOne({ indicator: "tas", geo: g.field_value, scenario: "ssp245", model: "MIROC6", frequency: "annual" }), g.field_value).toBeDefined();
    }
  });

  it("is deterministic: a fresh store gives the same numbers", async () => {
    const other = new SampleSeriesStore();
    for (const [indicator, frequency] of [["tas", "monthly"], ["cdd", "annual"], ["txx", "monthly"], ["rx5day", "annual"]] as const) {
      const key = { indicator, geo: "NPL", scenario: "ssp585", model: "CanESM5", frequency };
      expect(Array.from(other.getOne(key)!.values)).toEqual(Array.from(store.getOne(key)!.values));
    }
    expect(other.version).toBe(store.version);
    const [a, missing] = await store.getSeries([
      { indicator: "pr", geo: "MDV", scenario: "historical", model: "MIROC6", frequency: "annual" },
      { indicator: "pr", geo: "atlantis", scenario: "historical", model: "MIROC6", frequency: "annual" },
    ]);
    expect(a?.values).toBe(store.getOne({ indicator: "pr", geo: "MDV", scenario: "historical", model: "MIROC6", frequency: "annual" })!.values);
    expect(missing).toBeUndefined();
  });

  it("covers the experiments' years with one value per year or per month", () => {
    const hist = series("tas", "IND", "historical", "ACCESS-CM2", "monthly");
    expect(hist.startYear).toBe(HIST);
    expect(hist.values).toHaveLength(65 * 12);
    const future = series("fd", "IND", "ssp245", "ACCESS-CM2");
    expect(future.startYear).toBe(FUTURE);
    expect(future.values).toHaveLength(86);
    expect(hist.source).toMatchObject({ id: "sample", source: "sample generator", sample: true });
  });

  it("answers nothing for what it cannot generate", () => {
    expect(store.getOne({ indicator: "fd", geo: "NPL", scenario: "historical", model: "MIROC6", frequency: "monthly" })).toBeUndefined();
    expect(store.getOne({ indicator: "snow", geo: "NPL", scenario: "historical", model: "MIROC6", frequency: "annual" })).toBeUndefined();
    expect(store.getOne({ indicator: "tas", geo: "NPL", scenario: "ssp126", model: "MIROC6", frequency: "annual" })).toBeUndefined();
    expect(store.getOne({ indicator: "tas", geo: "NPL", scenario: "historical", model: "", frequency: "annual" })).toBeUndefined();
  });

  it("makes every variable and index of the seeds, finite everywhere", () => {
    for (const geo of ["MDV", "AFG", "brahmaputra"]) {
      for (const code of [...VARIABLE_CODES, ...MONTHLY_INDEX_CODES]) {
        for (const frequency of ["monthly", "annual"] as const) {
          for (const v of series(code, geo, "ssp585", "UKESM1-0-LL", frequency).values) expect(Number.isFinite(v), `${geo} ${code}`).toBe(true);
        }
      }
      for (const code of ANNUAL_INDEX_CODES) {
        for (const v of series(code, geo, "historical", "UKESM1-0-LL").values) expect(Number.isFinite(v), `${geo} ${code}`).toBe(true);
      }
    }
  });
});

describe("plausibility for South Asia (1995-2014 climate, one model)", () => {
  const model = "MRI-ESM2-0";
  const base = (indicator: string, geo: string) => meanOver(indicator, geo, "historical", model, 1995, 2014);

  it("keeps every variable of every geo in a physical range", () => {
    const bounds: Record<string, [number, number]> = {
      tas: [-8, 30], tasmax: [0, 36], tasmin: [-15, 27], pr: [0.3, 10], hurs: [25, 90], huss: [3, 21],
      rsds: [150, 260], rlds: [260, 450], sfcWind: [1, 6],
    };
    for (const geo of GEOS) {
      for (const [code, [lo, hi]] of Object.entries(bounds)) {
        const value = base(code, geo);
        expect(value, `${code} ${geo}`).toBeGreaterThanOrEqual(lo);
        expect(value, `${code} ${geo}`).toBeLessThanOrEqual(hi);
      }
      expect(base("tasmin", geo)).toBeLessThan(base("tas", geo));
      expect(base("tas", geo)).toBeLessThan(base("tasmax", geo));
    }
  });

  it("keeps the Maldives at 26-30 °C in every month and every historical year, without frost and with warm nights", () => {
    for (const m of MODELS.slice(0, 8)) {
      for (const v of series("tas", "MDV", "historical", m, "monthly").values) {
        expect(v).toBeGreaterThan(26);
        expect(v).toBeLessThan(30);
      }
    }
    expect(base("fd", "MDV")).toBe(0);
    expect(base("tr", "MDV")).toBeGreaterThan(360);
    expect(base("su", "MDV")).toBeGreaterThan(360);
  });

  it("freezes Afghanistan's highlands in winter", () => {
    expect(monthMean("tas", "AFG", 1)).toBeLessThan(0);
    for (const geo of ["kabul", "amu-darya"]) {
      const djf = (monthMean("tas", geo, 12) * 31 + monthMean("tas", geo, 1) * 31 + monthMean("tas", geo, 2) * 28) / 90;
      expect(djf, geo).toBeLessThan(0);
    }
    expect(monthMean("tas", "AFG", 7)).toBeGreaterThan(20);
  });

  it("counts frost days where it freezes and none in the tropical lowlands", () => {
    for (const geo of ["MDV", "LKA", "BGD", "mahaweli", "meghna", "godavari", "cauvery"]) expect(base("fd", geo), geo).toBeLessThan(0.05);
    expect(base("fd", "AFG")).toBeGreaterThan(90);
    expect(base("fd", "kabul")).toBeGreaterThan(120);
    expect(base("fd", "NPL")).toBeGreaterThan(40);
    expect(base("fd", "BTN")).toBeGreaterThan(40);
    for (const geo of GEOS) {
      expect(base("id", geo), geo).toBeLessThanOrEqual(base("fd", geo));
      expect(base("gsl", geo), geo).toBeLessThanOrEqual(365);
    }
    expect(base("gsl", "MDV")).toBeCloseTo(365, 3);
  });

  it("brings most rain in June-September to the monsoon basins and in winter-spring to the west", () => {
    const share = (geo: string, months: number[]) => {
      const monthly = Array.from({ length: 12 }, (_, m) => monthMean("pr", geo, m + 1) * DAYS_IN_MONTH[m]);
      const total = monthly.reduce((a, b) => a + b, 0);
      return months.reduce((a, m) => a + monthly[m - 1], 0) / total;
    };
    for (const geo of ["ganges", "BGD", "narmada", "tapi", "mahanadi", "IND", "NPL"]) expect(share(geo, [6, 7, 8, 9]), geo).toBeGreaterThan(0.68);
    for (const geo of ["AFG", "helmand", "harirud-murghab", "amu-darya", "kabul"]) {
      expect(share(geo, [11, 12, 1, 2, 3, 4]), geo).toBeGreaterThan(0.6);
      expect(share(geo, [6, 7, 8, 9]), geo).toBeLessThan(0.2);
    }
    // Sri Lanka's Mahaweli basin gets its rain from the north-east monsoon
    expect(share("mahaweli", [10, 11, 12, 1])).toBeGreaterThan(0.45);
    expect(base("pr", "meghna") * 365).toBeGreaterThan(3000);
    expect(base("pr", "brahmaputra")).toBeGreaterThan(3 * base("pr", "indus"));
  });

  it("keeps the precipitation indices consistent with each other", () => {
    for (const geo of GEOS) {
      expect(base("r20mm", geo)).toBeLessThanOrEqual(base("r10mm", geo));
      expect(base("rnnmm", geo)).toBeLessThanOrEqual(base("r20mm", geo));
      expect(base("r99ptot", geo)).toBeLessThan(base("r95ptot", geo));
      expect(base("r95ptot", geo)).toBeLessThan(base("prcptot", geo));
      expect(base("prcptot", geo) / (base("pr", geo) * 365)).toBeCloseTo(1, 1);
      expect(base("rx5day", geo)).toBeGreaterThan(base("rx1day", geo));
      expect(base("cdd", geo)).toBeLessThan(366);
    }
    expect(base("cdd", "helmand")).toBeGreaterThan(2 * base("cdd", "MDV"));
    expect(base("cwd", "meghna")).toBeGreaterThan(2 * base("cwd", "helmand"));
  });
});

describe("forced change and model spread", () => {
  const change = (indicator: string, geo: string, scenario: string, model: string) =>
    meanOver(indicator, geo, scenario, model, 2080, 2099) - meanOver(indicator, geo, "historical", model, 1995, 2014);

  it("warms every geo more under SSP5-8.5 than under SSP2-4.5 by 2080-2099 (ensemble median)", () => {
    for (const geo of GEOS) {
      const ssp245 = ensembleMedian("tas", (m) => change("tas", geo, "ssp245", m));
      const ssp585 = ensembleMedian("tas", (m) => change("tas", geo, "ssp585", m));
      expect(ssp245, geo).toBeGreaterThan(0.8);
      expect(ssp585, geo).toBeGreaterThan(ssp245 + 0.8);
      expect(ssp585, geo).toBeLessThan(6);
    }
  });

  it("warms high-sensitivity models more", () => {
    expect(change("tas", "IND", "ssp585", "CanESM5")).toBeGreaterThan(change("tas", "IND", "ssp585", "INM-CM4-8") + 1.5);
    expect(modelTraits("GFDL-CM4_gr2").warming).toBe(modelTraits("GFDL-CM4").warming);
    for (const m of MODELS) {
      expect(modelTraits(m).warming).toBeGreaterThanOrEqual(0.6);
      expect(modelTraits(m).warming).toBeLessThanOrEqual(1.6);
    }
    expect(warmingFactor(1.8)).toBeCloseTo(0.6, 10);
    expect(warmingFactor(5.6)).toBeCloseTo(1.5, 10);
    const unknown = modelTraits("NEW-MODEL-1");
    expect(unknown.ecs).toBeGreaterThanOrEqual(2);
    expect(unknown.ecs).toBeLessThanOrEqual(5);
  });

  it("varies from year to year and from model to model", () => {
    const a = series("tas", "NPL", "historical", "MIROC6").values;
    const b = series("tas", "NPL", "historical", "NorESM2-LM").values;
    expect(new Set(Array.from(a)).size).toBe(a.length);
    expect(Array.from(a)).not.toEqual(Array.from(b));
  });

  it("keeps the percentile indices near 10% in the ETCCDI base period and moves them with warming", () => {
    for (const geo of ["MDV", "IND", "AFG", "brahmaputra"]) {
      for (const code of ["tx90p", "tn90p", "tx10p", "tn10p"]) {
        const base = ensembleMedian(code, (m) => meanOver(code, geo, "historical", m, 1961, 1990));
        expect(base, `${code} ${geo}`).toBeGreaterThan(8);
        expect(base, `${code} ${geo}`).toBeLessThan(12);
      }
      expect(ensembleMedian("tx90p", (m) => meanOver("tx90p", geo, "ssp585", m, 2080, 2099))).toBeGreaterThan(30);
      expect(ensembleMedian("tn10p", (m) => meanOver("tn10p", geo, "ssp585", m, 2080, 2099))).toBeLessThan(3);
      expect(ensembleMedian("wsdi", (m) => change("wsdi", geo, "ssp585", m))).toBeGreaterThan(20);
    }
    expect(ensembleMedian("fd", (m) => change("fd", "AFG", "ssp585", m))).toBeLessThan(-20);
  });

  it("wets the monsoon and dries the western basins", () => {
    const relative = (geo: string, m: string) => change("pr", geo, "ssp585", m) / meanOver("pr", geo, "historical", m, 1995, 2014);
    expect(ensembleMedian("pr", (m) => relative("ganges", m))).toBeGreaterThan(0.05);
    expect(ensembleMedian("pr", (m) => relative("helmand", m))).toBeLessThan(0);
  });
});

describe("annual values agree with the monthly ones", () => {
  it("averages means by days, takes block extremes of the months", () => {
    const monthly = series("tas", "PAK", "ssp245", "EC-Earth3", "monthly").values;
    const annual = series("tas", "PAK", "ssp245", "EC-Earth3").values;
    const txxMonthly = series("txx", "PAK", "ssp245", "EC-Earth3", "monthly").values;
    const txxAnnual = series("txx", "PAK", "ssp245", "EC-Earth3").values;
    for (let y = 0; y < annual.length; y++) {
      let sum = 0;
      for (let m = 0; m < 12; m++) sum += monthly[y * 12 + m] * DAYS_IN_MONTH[m];
      expect(annual[y]).toBeCloseTo(sum / 365, 10);
      expect(txxAnnual[y]).toBe(Math.max(...txxMonthly.subarray(y * 12, y * 12 + 12)));
    }
  });

  it("makes no series of a variable a model lacks in the archive, nor of the indices derived from it", () => {
    const key = (indicator: string, model: string) => ({ indicator, geo: "NPL", scenario: "ssp585", model, frequency: "annual" as const });
    for (const model of ["CESM2", "CESM2-WACCM", "IITM-ESM"]) {
      for (const code of ["tasmax", "tasmin", "txx", "tnn", "dtr", "su", "fd", "wsdi", "csdi"]) expect(store.getOne(key(code, model)), `${model} ${code}`).toBeUndefined();
      for (const code of ["tas", "pr", "cdd", "hurs"]) expect(store.getOne(key(code, model)), `${model} ${code}`).toBeDefined();
    }
    expect(store.getOne(key("hurs", "BCC-CSM2-MR"))).toBeUndefined();
    // SPI and SPEI are fitted from the store's monthly series by DroughtIndexStore, not generated
    for (const frequency of ["annual", "monthly"] as const) {
      for (const code of ["spi", "spei"]) expect(store.getOne({ ...key(code, "MIROC6"), frequency }), code).toBeUndefined();
    }
    expect(store.getOne(key("hurs", "NESM3"))).toBeUndefined();
    for (const model of ["IPSL-CM6A-LR", "MIROC6", "NESM3"]) expect(store.getOne(key("huss", model))).toBeUndefined();
    expect(modelsWith("tasmax")).toHaveLength(32);
    expect(modelsWith("hurs")).toHaveLength(33);
    expect(modelsWith("huss")).toHaveLength(32);
    expect(modelsWith("pr")).toHaveLength(35);
  });
});

describe("potential evapotranspiration (pet)", () => {
  const monthlyPet = (model: string, geo = "IND") => series("pet", geo, "historical", model, "monthly");

  it("is FAO-56 Penman-Monteith of the run's own monthly means, G from the months around (eq. 43)", () => {
    const pet = monthlyPet("MRI-ESM2-0");
    expect(pet.method).toMatch(/^Sample: FAO-56 Penman-Monteith .*eq\. 43\/44.*elevation 300 m/);
    const v = (code: string) => series(code, "IND", "historical", "MRI-ESM2-0", "monthly").values;
    const [tas, tasmax, tasmin, hurs, rsds, wind] = ["tas", "tasmax", "tasmin", "hurs", "rsds", "sfcWind"].map(v);
    const i = 30 * 12 + 6; // July 1980
    const expected = referenceEt0({
      tmax: tasmax[i], tmin: tasmin[i], hurs: hurs[i], rsds: rsds[i], wind: wind[i], latitude: GEO_CLIMATES.IND.lat,
      dayOfYear: 196, elevation: GEO_CLIMATES.IND.elevation, g: 0.07 * (tas[i + 1] - tas[i - 1]),
    });
    expect(pet.values[i]).toBeCloseTo(expected, 10);
  });

  it("falls back to Hargreaves-Samani for models without hurs, and has none without tasmax", () => {
    for (const model of ["BCC-CSM2-MR", "NESM3"]) expect(monthlyPet(model).method).toMatch(/^Sample: Hargreaves-Samani .*\(no hurs\)$/);
    expect(store.getOne({ indicator: "pet", geo: "IND", scenario: "historical", model: "CESM2", frequency: "monthly" })).toBeUndefined();
    const methods = MODELS.map((m) => store.getOne({ indicator: "pet", geo: "IND", scenario: "ssp245", model: m, frequency: "monthly" })?.method?.split(" ")[1]);
    expect(methods.filter((m) => m === "FAO-56")).toHaveLength(30);
    expect(methods.filter((m) => m === "Hargreaves-Samani")).toHaveLength(2);
  });

  it("gives plausible rates (mm/day) that rise with warming", () => {
    for (const geo of GEOS) {
      for (const v of monthlyPet("EC-Earth3", geo).values) expect(v, geo).toBeGreaterThan(-0.5), expect(v, geo).toBeLessThan(12);
    }
    const annual = (model: string) => meanOver("pet", "PAK", "ssp585", model, 2080, 2099) / meanOver("pet", "PAK", "historical", model, 1995, 2014);
    expect(annual("EC-Earth3")).toBeGreaterThan(1);
    // the annual value is the day-weighted mean of the months
    const monthly = series("pet", "PAK", "ssp585", "EC-Earth3", "monthly").values;
    const year = series("pet", "PAK", "ssp585", "EC-Earth3").values;
    expect(year[0]).toBeCloseTo(monthly.subarray(0, 12).reduce((s, x, m) => s + x * DAYS_IN_MONTH[m], 0) / 365, 10);
  });
});

describe("livestock heat-stress days (generated)", () => {
  const model = "MRI-ESM2-0";
  const monthly = (code: string, geo: string, scenario = "historical", m = model) => series(code, geo, scenario, m, "monthly");

  it("counts fewer days at higher thresholds, within the month's days, and adds the months for the year", () => {
    for (const geo of ["IND", "PAK", "NPL", "MDV"]) {
      for (const definition of ["mean", "max"]) {
        const counts = [68, 72, 75, 79, 84].map((t) => monthly(`thi${definition}${t}`, geo).values);
        const annual = series(`thi${definition}72`, geo, "historical", model).values;
        for (let i = 0; i < counts[0].length; i++) {
          expect(counts[0][i]).toBeLessThanOrEqual(DAYS_IN_MONTH[i % 12] + 1e-9);
          for (let k = 1; k < counts.length; k++) expect(counts[k][i], `${geo} ${definition}`).toBeLessThanOrEqual(counts[k - 1][i]);
          expect(counts[4][i]).toBeGreaterThanOrEqual(0);
        }
        for (let y = 0; y < annual.length; y++) {
          let sum = 0;
          for (let m = 0; m < 12; m++) sum += counts[1][y * 12 + m];
          expect(annual[y]).toBeCloseTo(sum, 9);
        }
      }
    }
  });

  it("has India's heat-stress days in the hot months, few in January, and more in a warmer future", () => {
    const jan = monthMean("thimean72", "IND", 1, model);
    const may = monthMean("thimean72", "IND", 5, model);
    expect(jan).toBeLessThan(5);
    expect(may).toBeGreaterThan(20);
    // the daily maximum counts at least as many days as the daily mean at the same threshold
    expect(monthMean("thimax72", "IND", 5, model)).toBeGreaterThanOrEqual(may - 1e-9);
    const future = (code: string) => {
      const { startYear, values } = series(code, "IND", "ssp585", model);
      let sum = 0;
      for (let y = 2080; y <= 2099; y++) sum += values[y - startYear];
      return sum / 20;
    };
    expect(future("thimean79")).toBeGreaterThan(meanOver("thimean79", "IND", "historical", model, 1995, 2014));
  });

  it("is the expected count of a normal spread of daily THI (checked by simulation)", () => {
    // a second route: simulate daily temperatures around the month's value with the generator's spread
    const run = store.run("PAK", "historical", model)!;
    const spread = Math.hypot(run.clim.dailySd[5], run.clim.geo.spatialSd);
    const i = (2000 - 1950) * 12 + 5;
    let state = 12345;
    const uniform = () => ((state = (state * 1103515245 + 12345) % 2147483648) + 0.5) / 2147483648;
    let above = 0;
    const n = 40000;
    for (let k = 0; k < n; k++) {
      const z = Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
      const t = run.tas[i] + z * spread;
      const f = t * 1.8 + 32;
      if (f - (0.55 - 0.0055 * run.hurs[i]) * (f - 58) >= 75) above++;
    }
    expect(monthly("thimean75", "PAK").values[i]).toBeCloseTo((30 * above) / n, 0);
  });

  it("makes no series for models without the definition's variables", () => {
    const key = (indicator: string, model: string) => ({ indicator, geo: "NPL", scenario: "ssp585", model, frequency: "monthly" as const });
    expect(store.getOne(key("thimean72", "BCC-CSM2-MR"))).toBeUndefined();
    expect(store.getOne(key("thimax72", "BCC-CSM2-MR"))).toBeDefined();
    expect(store.getOne(key("thimax72", "MIROC6"))).toBeUndefined();
    expect(store.getOne(key("thimax72", "CESM2"))).toBeUndefined();
    expect(store.getOne(key("thimean72", "CESM2"))).toBeDefined();
  });
});
