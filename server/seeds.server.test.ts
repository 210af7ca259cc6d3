import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { CATALOG_SECTORS } from "~/features/catalog/schema";
import { VIEWER_SOURCES } from "~/features/viewer/schema";
import { formatJsonPath, getSeeds, loadSeeds, SEED_FILES, SeedError, type Seeds } from "./seeds.server";
import { disputedAreas, disputedStatus } from "./places/worldview.server";

const SEEDS_DIR = path.join(process.cwd(), "seeds");

let seeds: Seeds;
beforeAll(() => {
  seeds = loadSeeds(SEEDS_DIR);
});

describe("the committed seeds", () => {
  it("load and validate, and getSeeds() memoises a frozen copy", () => {
    const first = getSeeds();
    expect(getSeeds()).toBe(first);
    expect(first).toEqual(seeds);
    expect(Object.isFrozen(first.geos[0])).toBe(true);
  });

  it("have a file for every key", () => {
    expect(Object.keys(SEED_FILES).sort()).toEqual(Object.keys(seeds).sort());
  });

  it("cover the 8 countries by ISO3 code and the 16 river basins", () => {
    const countries = seeds.geos.filter((g) => g.field_geotype === "Country");
    expect(countries.map((g) => [g.field_value, g.name])).toEqual([
      ["AFG", "Afghanistan"],
      ["BGD", "Bangladesh"],
      ["BTN", "Bhutan"],
      ["IND", "India"],
      ["LKA", "Sri Lanka"],
      ["MDV", "Maldives"],
      ["NPL", "Nepal"],
      ["PAK", "Pakistan"],
    ]);
    const basins = seeds.geos.filter((g) => g.field_geotype === "Basin");
    expect(basins.map((g) => g.name).sort()).toEqual(
      [
        "Indus", "Ganges", "Brahmaputra", "Meghna", "Godavari", "Krishna", "Cauvery", "Mahanadi",
        "Narmada", "Tapi", "Pennar", "Helmand", "Kabul", "Amu Darya", "Harirud-Murghab", "Mahaweli",
      ].sort(),
    );
    expect(basins.find((g) => g.name === "Amu Darya")?.field_value).toBe("amu-darya");
    // the seed's 24 places first, then the states and provinces, then the disputed areas
    expect(seeds.geos.slice(0, 24).every((g) => g.field_geotype === "Country" || g.field_geotype === "Basin")).toBe(true);
    expect(seeds.geos.slice(24, 172).every((g) => g.field_geotype === "State")).toBe(true);
    expect(seeds.geos.slice(172).every((g) => g.field_geotype === "Disputed")).toBe(true);
  });

  it("list Natural Earth's disputed areas as places of their own, with who administers and claims each as the layer says", () => {
    const disputed = seeds.geos.filter((g) => g.field_geotype === "Disputed");
    // one place per feature of the shipped layer, by its code, belonging to no country
    const areas = disputedAreas(path.resolve("seeds", "geo"));
    expect(disputed.map((g) => [g.field_value, g.name])).toEqual(areas.map((a) => [a.code, a.name]));
    expect(disputed.every((g) => g.field_country === undefined)).toBe(true);
    expect(disputed.map((g) => g.field_status)).toEqual(areas.map(disputedStatus));
    const byName = new Map(disputed.map((g) => [g.name, g.field_status]));
    expect(byName.get("Aksai Chin")).toBe("Administered by China; claimed by India");
    expect(byName.get("Gilgit-Baltistan")).toBe("Administered by Pakistan; claimed by India");
    expect(byName.get("Arunachal Pradesh")).toBe("Administered by India; claimed by China");
    expect(byName.get("Siachen Glacier")).toBe("Held by neither country's outline; claimed by India and Pakistan");
  });

  it("list each country's first-level units by ISO 3166-2 code, with their country", () => {
    const units = seeds.geos.filter((g) => g.field_geotype === "State");
    const count = (iso3: string) => units.filter((g) => g.field_country === iso3).length;
    // India: 28 states and 8 union territories; Pakistan: 4 provinces, 2 territories and the capital;
    // Bangladesh: 7 divisions (Mymensingh has no outline of its own); Nepal: 14 zones; Sri Lanka: 9
    // provinces; Afghanistan: 34 provinces; Bhutan: 20 dzongkhags; the Maldives: 20 atolls and Male
    expect(Object.fromEntries(["AFG", "BGD", "BTN", "IND", "LKA", "MDV", "NPL", "PAK"].map((c) => [c, count(c)]))).toEqual({ AFG: 34, BGD: 7, BTN: 20, IND: 36, LKA: 9, MDV: 21, NPL: 14, PAK: 7 });
    const byCode = new Map(units.map((g) => [g.field_value, g]));
    expect(byCode.get("IN-UP")).toMatchObject({ name: "Uttar Pradesh", field_country: "IND" });
    expect(byCode.get("PK-KP")).toMatchObject({ name: "Khyber Pakhtunkhwa", field_country: "PAK" });
    expect(byCode.get("BD-C")).toMatchObject({ name: "Dhaka", field_country: "BGD" });
    expect(byCode.get("LK-1")).toMatchObject({ name: "Western", field_country: "LKA" });
    // current codes (ISO 3166-2:IN, 2023), not Natural Earth's earlier ones; no FATA of its own since 2018
    expect(["IN-CG", "IN-OD", "IN-TS", "IN-UK"].every((c) => byCode.has(c))).toBe(true);
    expect(["IN-CT", "IN-OR", "PK-TA"].some((c) => byCode.has(c))).toBe(false);
  });

  it("list the 35 NEX-GDDP-CMIP6 models with their variant and grid", () => {
    // As listed for NASA NEX-GDDP-CMIP6 (variant label and native grid label of each model).
    const expected: Record<string, [string, string]> = {};
    const group = (grid: string, variant: string, ids: string[]) => ids.forEach((id) => (expected[id] = [variant, grid]));
    group("gn", "r1i1p1f1", [
      "ACCESS-CM2", "ACCESS-ESM1-5", "BCC-CSM2-MR", "CanESM5", "CMCC-CM2-SR5", "CMCC-ESM2", "IITM-ESM", "MIROC6",
      "MPI-ESM1-2-HR", "MPI-ESM1-2-LR", "MRI-ESM2-0", "NESM3", "NorESM2-LM", "NorESM2-MM", "TaiESM1",
    ]);
    group("gn", "r4i1p1f1", ["CESM2"]);
    group("gn", "r3i1p1f1", ["CESM2-WACCM", "FGOALS-g3"]);
    group("gn", "r1i1p1f2", ["GISS-E2-1-G", "MIROC-ES2L", "UKESM1-0-LL"]);
    group("gn", "r1i1p1f3", ["HadGEM3-GC31-LL", "HadGEM3-GC31-MM"]);
    group("gr", "r1i1p1f2", ["CNRM-CM6-1", "CNRM-ESM2-1"]);
    group("gr", "r1i1p1f1", ["EC-Earth3", "EC-Earth3-Veg-LR", "IPSL-CM6A-LR", "KACE-1-0-G"]);
    group("gr1", "r1i1p1f1", ["GFDL-CM4", "GFDL-ESM4", "INM-CM4-8", "INM-CM5-0", "KIOST-ESM"]);
    group("gr2", "r1i1p1f1", ["GFDL-CM4_gr2"]);

    expect(Object.keys(expected)).toHaveLength(35);
    expect(seeds.cmip6Models).toHaveLength(35);
    const actual = Object.fromEntries(seeds.cmip6Models.map((m) => [m.field_value, [m.field_variant, m.field_grid]]));
    expect(actual).toEqual(expected);
    for (const m of seeds.cmip6Models) expect(m.name).toBe(m.field_value);

    const gridCounts: Record<string, number> = {};
    for (const m of seeds.cmip6Models) gridCounts[m.field_grid] = (gridCounts[m.field_grid] ?? 0) + 1;
    expect(gridCounts).toEqual({ gn: 23, gr: 6, gr1: 5, gr2: 1 });
  });

  it("have the three scenarios with readable names", () => {
    expect(seeds.scenarios.map((s) => [s.field_value, s.name, s.field_period])).toEqual([
      ["historical", "Historical", "1950-2014"],
      ["ssp245", "SSP2-4.5 (middle of the road)", "2015-2100"],
      ["ssp585", "SSP5-8.5 (fossil-fuelled development)", "2015-2100"],
    ]);
  });

  it("have about 60 indicators: CMIP6 groups over the NEX-GDDP-CMIP6 variables, the extreme indices and livestock heat-stress days", () => {
    expect(seeds.indicators.length).toBeGreaterThanOrEqual(55);
    expect(seeds.indicators.length).toBeLessThanOrEqual(65);

    // the NEX-GDDP-CMIP6 variables, and potential evapotranspiration computed from them at ingest
    const variables = ["pr", "tas", "tasmax", "tasmin", "hurs", "huss", "rsds", "rlds", "sfcWind", "pet"];
    const cmip6 = seeds.indicators.filter((i) => i.field_category === "1000");
    for (const url of ["cmip6/v1/monthly", "cmip6/annual"]) {
      expect(cmip6.filter((i) => i.field_api_url === url).map((i) => i.field_value)).toEqual(variables);
    }
    expect(cmip6.some((i) => i.field_api_type === "projected")).toBe(true);

    const extremes = seeds.indicators.filter((i) => i.field_category === "1001").map((i) => i.field_value);
    expect(extremes).toEqual([
      "fd", "su", "id", "tr", "gsl", "txx", "tnx", "txn", "tnn", "tn10p", "tx10p", "tn90p", "tx90p", "wsdi", "csdi",
      "dtr", "rx1day", "rx5day", "sdii", "r10mm", "r20mm", "rnnmm", "cdd", "cwd", "r95ptot", "r99ptot", "prcptot",
      "spi", "spei",
      "thimean68", "thimean72", "thimean75", "thimean79", "thimean84", "thimax68", "thimax72", "thimax75", "thimax79", "thimax84",
    ]);

    const byCode = (code: string) => seeds.indicators.find((i) => i.field_category === "1001" && i.field_value === code)!;
    expect(byCode("fd").field_var_unit).toBe("days");
    expect(byCode("txx").field_var_unit).toBe("°C");
    expect(byCode("tx90p").field_var_unit).toBe("%");
    expect(byCode("rx5day").field_var_unit).toBe("mm");
    expect(byCode("sdii").field_var_unit).toBe("mm/day");
    expect(byCode("thimax84")).toMatchObject({ field_var_unit: "days", field_api_type: "monthly" });
    for (const i of seeds.indicators) {
      expect(i.field_description, i.field_value).toBeTruthy();
      expect(i.field_chart_title, i.field_value).toBeTruthy();
    }
  });

  it("have the AEZ module tree of the spec", () => {
    const modules = seeds.pyaezModules;
    expect(modules.map((m) => [m.id, m.name, m.child.length])).toEqual([
      ["1", "Climate Regime", 10],
      ["2", "Crop Simulations", 5],
      ["3", "Climate Constraints", 6],
      ["4", "Soil Constraints", 9],
      ["5", "Terrain Constraints", 7],
      ["6", "Economic Suitability Analysis", 0],
    ]);
    expect(modules[0].child.map((c) => [c.id, c.name])).toEqual([
      ["1.1", "Thermal Climate"],
      ["1.2", "Thermal Zone"],
      ["1.3", "TS"],
      ["1.4", "LGP"],
      ["1.5", "Multi Crop Rain"],
      ["1.6", "Multi Crop IRR"],
      ["1.7", "Fallow Period"],
      ["1.81", "Frost Index"],
      ["1.82", "Permafrost"],
      ["1.9", "AEZ"],
    ]);
    // The sixth climate-constraints map reuses id 3.2, as in the spec.
    expect(modules[2].child.map((c) => c.id)).toEqual(["3.1", "3.2", "3.3", "3.4", "3.5", "3.2"]);
    expect(modules[2].child[5].name).toMatch(/irrigated/i);
    expect(modules[3].child[0].name).toBe("Soil Map");
    expect(modules[4].child[0].name).toBe("Fournier Index");
    expect(modules[1].child[4].name).toMatch(/optimum starting date/i);

    for (const m of modules) {
      expect(m.val).toBe(`module-${m.id}`);
      expect(m.route).toBe(`/pyaez#module-${m.id}`);
      for (const c of m.child) expect(c.route).toBe(`/pyaez#module-${c.id}`);
    }
  });

  it("give the gradient legends the spec's ranges", () => {
    const legendOf = (id: string) => {
      const legend = seeds.pyaezModules.flatMap((m) => m.child).find((c) => c.id === id)?.legends?.[0];
      if (legend?.type !== "gradient") throw new Error(`${id} has no gradient legend`);
      return [legend.min, legend.max];
    };
    expect(legendOf("5.1")).toEqual([0, 8000]);
    expect(legendOf("1.3")).toEqual([0, 10000]);
    expect(legendOf("2.5")).toEqual([0, 350]);
    expect(legendOf("1.4")).toEqual([0, 365]);
  });

  it("have the seven menu categories in order and an empty facet list", () => {
    expect(seeds.menuCategories).toEqual([
      { name: "Indicator", value: "indic" },
      { name: "Geo", value: "geo" },
      { name: "Administrative Level", value: "level" },
      { name: "Area Name", value: "district" },
      { name: "Period", value: "period" },
      { name: "Source", value: "source" },
      { name: "Year Range", value: "year_range" },
    ]);
    expect(seeds.menuFacets).toEqual([]);
  });

  it("have the climate metadata lookups of the spec", () => {
    const values = Object.fromEntries(
      Object.entries(seeds.climateMetadata).map(([key, options]) => [key, options.map((o) => o.value)]),
    );
    expect(values).toEqual({
      source: ["MSWEP", "ERA5", "APHRODITE", "CRU", "CHIRPS", "GPCC", "ERA5_land", "IMD", "MODIS", "custom"],
      geo: ["AFG", "BGD", "BTN", "IND", "LKA", "MDV", "NPL", "PAK"],
      indic: ["rainfall", "tmin", "tmax", "tavg", "hurs", "rsds", "sfcWind", "sfcWindDir", "area_snowcover", "soil_loss"],
      period: ["annual", "monthly", "seasonal"],
      level: ["1", "2"],
    });
    expect(seeds.climateMetadata.geo.find((g) => g.value === "LKA")?.name).toBe("Sri Lanka");
  });

  it("have hundreds of catalogue entries over all eight sectors", () => {
    const entries = seeds.catalogData;
    expect(entries.length).toBeGreaterThanOrEqual(300);
    expect(entries.length).toBeLessThanOrEqual(700);
    expect(new Set(entries.map((e) => e.data_sector))).toEqual(new Set(CATALOG_SECTORS));
    expect(new Set(entries.map((e) => e.topic))).toEqual(
      new Set(["agriculture", "climate", "data", "disaster", "livestock", "planning", "water"]),
    );
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    for (const key of ["cmip6_id", "aez_id", "viewer_id"]) {
      expect(entries.some((e) => key in e), key).toBe(true);
    }
    expect(entries.some((e) => e.link)).toBe(true);

    // Every climate explorer lookup value has entries to filter.
    for (const source of seeds.climateMetadata.source) expect(entries.some((e) => e.source === source.value), source.value).toBe(true);
    for (const indic of seeds.climateMetadata.indic) expect(entries.some((e) => e.indic === indic.value), indic.value).toBe(true);
    for (const geo of seeds.climateMetadata.geo) expect(entries.some((e) => e.geo === geo.value), geo.value).toBe(true);
  });

  it("match the catalogue generator's output", async () => {
    const { execFileSync } = await import("node:child_process");
    const dir = mkdtempSync(path.join(tmpdir(), "sacap-catalog-"));
    try {
      cpSync(SEEDS_DIR, dir, { recursive: true });
      execFileSync(process.execPath, [path.join(dir, "scripts", "build-catalog.mjs")], { stdio: "ignore" });
      expect(readFileSync(path.join(dir, "catalog-data.json"), "utf8")).toBe(
        readFileSync(path.join(SEEDS_DIR, "catalog-data.json"), "utf8"),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("have viewer layers from all five sources, some sharing an id", () => {
    const layers = seeds.viewerLayers;
    expect(layers.length).toBeGreaterThanOrEqual(30);
    expect(layers.length).toBeLessThanOrEqual(80);
    expect(new Set(layers.map((l) => l.filter.source))).toEqual(new Set(VIEWER_SOURCES));
    expect(new Set(layers.map((l) => l.id)).size).toBeLessThan(layers.length);

    const periods = new Set(layers.map((l) => l.filter.period));
    for (const p of [
      "1901-1930", "1931-1960", "1961-1990", "1991-2020",
      "2020-2039", "2040-2059", "2060-2079", "2080-2099",
      "1980-89", "1990-99", "2000-09", "2010-19", "2020-23",
    ]) {
      expect(periods.has(p), p).toBe(true);
    }
    for (const tile of layers.flatMap((l) => l.tiles)) {
      expect(["-50,55", "0,5000", "0,6080"]).toContain(tile.colorscalerange);
    }
  });
});

describe("a broken seed", () => {
  let dir: string;
  const copySeeds = () => {
    dir = mkdtempSync(path.join(tmpdir(), "sacap-seeds-"));
    cpSync(SEEDS_DIR, dir, { recursive: true });
    return dir;
  };
  const edit = (file: string, change: (json: any) => void) => {
    const full = path.join(dir, file);
    const json = JSON.parse(readFileSync(full, "utf8"));
    change(json);
    writeFileSync(full, JSON.stringify(json));
  };
  const loadError = (from = dir): SeedError => {
    try {
      loadSeeds(from);
    } catch (error) {
      if (error instanceof SeedError) return error;
      throw error;
    }
    throw new Error("expected loadSeeds to throw");
  };

  afterEach(() => {
    vi.unstubAllEnvs();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("names the file, the JSON path and the broken rule", () => {
    copySeeds();
    edit("cmip6-models.json", (models) => (models[12].field_grid = "gx"));
    const error = loadError();
    const file = path.join(dir, "cmip6-models.json");
    expect(error.file).toBe(file);
    expect(error.path).toBe("$[12].field_grid");
    expect(error.rule).toBe('Invalid option: expected one of "gn"|"gr"|"gr1"|"gr2"');
    expect(error.message).toBe(`${file}: $[12].field_grid: Invalid option: expected one of "gn"|"gr"|"gr1"|"gr2"`);
  });

  it("checks the warming-level table: its rows' shape and the rules across rows", () => {
    copySeeds();
    const file = path.join(dir, "warming-levels.csv");
    const lines = readFileSync(file, "utf8").split("\n");
    // after the "#" lines and the header: the first data row becomes a 2.5 °C level, the second a 10-year window
    const first = lines.findIndex((l) => l.startsWith("model,")) + 1;
    lines[first] = lines[first].replace(",1.5,", ",2.5,");
    lines[first + 1] = lines[first + 1].replace(/,(\d{4}),(\d{4})$/, (_m, start) => `,${start},${Number(start) + 9}`);
    writeFileSync(file, lines.join("\n"));
    const error = loadError();
    expect(error.problems.map((p) => `${p.path}: ${p.rule}`)).toEqual([
      "$.rows[0].warming_level: Invalid option: expected one of 1.5|2|3|4",
      "$.rows[1].end_year: a warming-level window is 20 years (end_year = start_year + 19)",
    ]);
    expect(error.file).toBe(file);
    // rules across rows: a duplicate row
    rmSync(dir, { recursive: true, force: true });
    const copy = path.join(copySeeds(), "warming-levels.csv");
    const again = readFileSync(copy, "utf8").split("\n");
    const rows = again.filter((l) => /^[A-Za-z0-9].*,\d{4}$/.test(l));
    writeFileSync(copy, `${again.join("\n").trimEnd()}\n${rows[0]}\n`);
    expect(loadError().problems[0]).toMatchObject({ path: `$.rows[${rows.length}]`, rule: expect.stringContaining("duplicate of row 0") });
  });

  it("checks the warming-level table's version and licence lines", () => {
    copySeeds();
    const file = path.join(dir, "warming-levels.csv");
    const text = readFileSync(file, "utf8");
    writeFileSync(file, text.replace(/^# version: .*$/m, "# version: latest").replace(/^# licence: .*\n/m, ""));
    expect(loadError().problems.map((p) => p.path)).toEqual(["$.version", "$.licence"]);
  });

  it("shows the file relative to the working directory when it is inside it", () => {
    const cwd = copySeeds();
    vi.spyOn(process, "cwd").mockReturnValue(path.dirname(cwd));
    edit("scenarios.json", (scenarios) => (scenarios[1].field_value = "ssp370"));
    const error = loadError();
    expect(error.message.split("\n")[0]).toBe(
      `${path.basename(cwd)}/scenarios.json: $[1].field_value: Invalid option: expected one of "historical"|"ssp245"|"ssp585"`,
    );
  });

  it("reports unknown keys, missing fields and every problem found", () => {
    copySeeds();
    edit("geos.json", (geos) => {
      geos[0].extra = 1;
      delete geos[3].name;
    });
    edit("pyaez-modules.json", (modules) => (modules[0].child[0].legends[0].scales[2].color = "orange"));
    const { problems } = loadError();
    expect(problems.map((p) => `${path.basename(p.file)}: ${p.path}: ${p.rule}`)).toEqual([
      "geos.json: $[0].extra: Unrecognized key",
      "geos.json: $[3].name: Invalid input: expected string, received undefined",
      "pyaez-modules.json: $[0].child[0].legends[0].scales[2].color: expected a hex colour such as #0b6623",
    ]);
  });

  it("reports a country code that is not ISO3", () => {
    copySeeds();
    edit("geos.json", (geos) => (geos[6].field_value = "NEP"));
    const error = loadError();
    expect(error.path).toBe("$[6].field_value");
    expect(error.rule).toMatch(/^Country: Invalid option/);
  });

  it("reports invalid JSON and missing files", () => {
    copySeeds();
    writeFileSync(path.join(dir, "menu-facets.json"), "[");
    unlinkSync(path.join(dir, "viewer-layers.json"));
    const { problems } = loadError();
    expect(problems.map((p) => [path.basename(p.file), p.path])).toEqual([
      ["menu-facets.json", "$"],
      ["viewer-layers.json", "$"],
    ]);
    expect(problems[0].rule).toMatch(/^invalid JSON/);
    expect(problems[1].rule).toMatch(/ENOENT/);
  });

  it("checks rules across entries and files", () => {
    copySeeds();
    edit("indicators.json", (indicators) => (indicators[5].tid = indicators[2].tid));
    edit("cmip6-models.json", (models) => models.pop());
    edit("catalog-data.json", (entries) => {
      entries[7].id = entries[0].id;
      const ref = entries.findIndex((e: Record<string, unknown>) => "aez_id" in e);
      entries[ref].aez_id = "9.9";
    });
    const { problems } = loadError();
    const lines = problems.map((p) => `${path.basename(p.file)}: ${p.path}: ${p.rule}`);
    expect(lines).toContain(`indicators.json: $[5].tid: duplicate tid "${seeds.indicators[2].tid}" (first at $[2])`);
    expect(lines).toContain("cmip6-models.json: $: expected the 35 NEX-GDDP-CMIP6 models, found 34");
    expect(lines).toContain(`catalog-data.json: $[7].id: duplicate id "${seeds.catalogData[0].id}" (first at $[0])`);
    expect(lines.some((l) => /^catalog-data\.json: \$\[\d+\]\.aez_id: no aez item with id "9\.9"$/.test(l))).toBe(true);
  });

  it("is read from SEEDS_DIR by default", () => {
    copySeeds();
    edit("menu-categories.json", (categories) => categories.reverse());
    vi.stubEnv("SEEDS_DIR", dir);
    const error = loadError(undefined);
    expect(error.file).toBe(path.join(dir, "menu-categories.json"));
    expect(error.rule).toMatch(/^expected the categories indic, geo, level, district, period, source, year_range in this order/);
  });
});

describe("formatJsonPath", () => {
  it("writes indexes, identifiers and quoted keys", () => {
    expect(formatJsonPath([])).toBe("$");
    expect(formatJsonPath([12, "field_grid"])).toBe("$[12].field_grid");
    expect(formatJsonPath(["Weather & Climate", 0])).toBe('$["Weather & Climate"][0]');
  });
});
