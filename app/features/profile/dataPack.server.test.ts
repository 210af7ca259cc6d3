import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { parseCsv } from "~/lib/csv";
import { AGREEMENT_RULE } from "~/features/cmip6/windows";
import type { SourceSummary } from "~/features/cmip6/sources";
import { CHANGE_COLUMNS, CLIMATE_COLUMNS, dataPackFiles, dataPackZip, standaloneSvg } from "./dataPack.server";
import type { ProfileGraphics } from "./graphics.server";
import type { EnsembleValue, PlaceProfile, ProfileCell, ProfileRow, ProfileRunSources } from "./profile";

const URL_OF_PROFILE = "https://sacap.example/profiles/testland";

/** MODEL-A's ssp245 run of tas ingested, its historical run and every other run generated. */
const RUNS: ProfileRunSources = {
  runs: [
    { indicator: "tas", scenario: "historical", sources: { "MODEL-A": "sample", "MODEL-B": "sample" } },
    { indicator: "tas", scenario: "ssp245", sources: { "MODEL-A": "ingested:MODEL-A:ssp245", "MODEL-B": "sample" } },
  ],
  provenance: {
    sample: { source: "sample generator", method: "generated", version: "1", sample: true },
    "ingested:MODEL-A:ssp245": { source: "Ingested NetCDF, MODEL-A ssp245 (tas; 1 file: tas_day_MODEL-A.nc)", method: "ingested", version: "ingested 2026-01-01", sample: false },
  },
};

const ORIGINS: Record<SourceSummary["kind"], SourceSummary> = {
  sample: { kind: "sample", ingestedRuns: [], sampleRuns: 4, ingestedSources: [], text: "Sample data: generated for illustration, not model output." },
  ingested: { kind: "ingested", ingestedRuns: ["MODEL-A (ssp245)"], sampleRuns: 0, ingestedSources: ["tas_day_MODEL-A.nc"], text: "Ingested data: tas_day_MODEL-A.nc." },
  mixed: {
    kind: "mixed",
    ingestedRuns: ["MODEL-A (ssp245)"],
    sampleRuns: 3,
    ingestedSources: ["tas_day_MODEL-A.nc"],
    text: "Mixed: ingested data for 1 model run (MODEL-A (ssp245)), generated sample data for the other 3 model runs (3 ssp585). Ingested: tas_day_MODEL-A.nc.",
  },
};

/** A small profile: two indicators, two scenarios, one window and one warming level, values with many decimals. */
function testProfile(kind: SourceSummary["kind"] = "ingested"): PlaceProfile {
  const scenarios = [
    { code: "ssp245", name: "SSP2-4.5" },
    { code: "ssp585", name: "SSP5-8.5" },
  ];
  const choices: PlaceProfile["choices"] = [
    { code: "2080-2099", label: "2080-2099", kind: "years" },
    { code: "gwl:2.0", label: "+2 °C", kind: "gwl" },
  ];
  const cell = (seed: number, extra: Partial<ProfileCell> = {}): ProfileCell => ({
    median: seed + 0.123456789,
    p10: seed - 0.987654321,
    p90: seed + 1.000000001,
    count: 30,
    of: 33,
    agreement: { sign: 1, agree: 31, count: 30 + 1, robust: true },
    ...extra,
  });
  const row = (code: string, name: string, units: string, base: number): ProfileRow => ({
    code,
    name,
    units,
    decimals: 2,
    category: "1000",
    baseline: { median: base + 0.0123456789, p10: base - 1, p90: base + 1, count: 33 },
    changes: {
      ssp245: { "2080-2099": cell(1.5, { leftOut: "MODEL-A (baseline not ingested)" }), "gwl:2.0": cell(1.2, { agreement: { sign: 1, agree: 20, count: 30, robust: false } }) },
      ssp585: {
        "2080-2099": cell(3.7),
        "gwl:2.0": { median: null, p10: null, p90: null, count: 0, of: 33, agreement: null, incomplete: "incomplete: 1 of 20 years" },
      },
    },
  });
  const month = (i: number): EnsembleValue => ({ median: 10 + i / 3, p10: 8 + i / 7, p90: 12 + i / 9, count: 33 });
  return {
    place: { code: "TST", name: "Testland", type: "Country", slug: "testland" },
    version: "store-1/abcdef123456",
    baseline: { start: 1995, end: 2014, label: "1995-2014" },
    scenarios,
    choices,
    rows: [row("tas", "Mean temperature", "°C", 20), row("pr", "Precipitation", "mm/day", 3)],
    cycle: [
      { code: "tas", name: "Mean temperature", units: "°C", decimals: 2, months: Array.from({ length: 12 }, (_, i) => month(i)) },
      { code: "pr", name: "Precipitation", units: "mm/day", decimals: 2, months: Array.from({ length: 12 }, (_, i) => month(i + 12)) },
    ],
    levels: [{ scenario: "ssp245", code: "gwl:2.0", count: 30, of: 33, text: "+2 °C: 30 of 33 models under SSP2-4.5", method: "Each model's own 20-year window at +2 °C." }],
    origin: ORIGINS[kind],
    signals: ["Under SSP5-8.5, mean temperature rises by +3.82 °C by 2080-2099.", "Precipitation rises by +3.82 mm/day."],
    methods: ["Ensemble: each model's mean over the period first, then the median across the models.", AGREEMENT_RULE],
  };
}

const GRAPHICS: ProfileGraphics = {
  map: '<?xml version="1.0"?>\n<svg viewBox="0 0 10 10"><title>Map</title></svg>',
  cycle: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><use xlink:href="#a"/></svg>',
  changes: [
    { code: "tas", svg: "<svg></svg>" },
    { code: "pr", svg: "<svg></svg>" },
  ],
};

const FILES = [
  "README.md",
  "changes.csv",
  "changes.json",
  "climate-1995-2014.csv",
  "climate-1995-2014.json",
  "signals.txt",
  "map.svg",
  "climate-1995-2014.svg",
  "change-tas.svg",
  "change-pr.svg",
  "model-sources.csv",
].map((f) => `testland-climate-profile/${f}`);

function unpack(profile = testProfile()): Record<string, string> {
  const files = unzipSync(dataPackZip(profile, GRAPHICS, RUNS, URL_OF_PROFILE));
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

/** The CSV without its `#` lines. */
const csvTable = (text: string) => parseCsv(text.split("\r\n").filter((l) => !l.startsWith("#")).join("\r\n"));

describe("dataPackZip", () => {
  it("holds every file in a folder named after the place", () => {
    expect(Object.keys(unpack()).sort()).toEqual([...FILES].sort());
  });

  it("is byte-identical when built twice", () => {
    const a = dataPackZip(testProfile(), GRAPHICS, RUNS, URL_OF_PROFILE);
    const b = dataPackZip(testProfile(), GRAPHICS, RUNS, URL_OF_PROFILE);
    expect(a[0]).toBe(0x50); // "PK"
    expect(a[1]).toBe(0x4b);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });

  it("unpacks to the files dataPackFiles lists", () => {
    const files = dataPackFiles(testProfile(), GRAPHICS, RUNS, URL_OF_PROFILE);
    const unpacked = unpack();
    for (const [name, content] of Object.entries(files)) expect(unpacked[name]).toBe(typeof content === "string" ? content : strFromU8(content));
  });
});

describe("changes.csv and changes.json", () => {
  const profile = testProfile();
  const files = unpack(profile);
  const csv = files["testland-climate-profile/changes.csv"];
  const { header, rows } = csvTable(csv);

  it("has a header and one row per indicator, scenario and window choice", () => {
    expect(header).toEqual([...CHANGE_COLUMNS]);
    expect(rows).toHaveLength(profile.rows.length * profile.scenarios.length * profile.choices.length);
    const keys = rows.map((r) => `${r[0]}|${r[3]}|${r[4]}`);
    expect(new Set(keys).size).toBe(rows.length);
  });

  it("writes the profile's numbers at full precision", () => {
    const col = (name: string) => header.indexOf(name);
    for (const r of rows) {
      const row = profile.rows.find((x) => x.code === r[col("indicator")])!;
      const cell = row.changes[r[col("scenario")]][r[col("window")]];
      expect(Number(r[col("baseline median")])).toBe(row.baseline!.median);
      if (cell.median === null) {
        expect(r[col("change median")]).toBe("");
        expect(r[col("incomplete")]).toBe(cell.incomplete);
        expect(r[col("agreement")]).toBe("");
      } else {
        expect(Number(r[col("change median")])).toBe(cell.median);
        expect(Number(r[col("change p10")])).toBe(cell.p10);
        expect(Number(r[col("change p90")])).toBe(cell.p90);
        expect(Number(r[col("models")])).toBe(cell.count);
        expect(Number(r[col("of models")])).toBe(cell.of);
      }
    }
    const tas2080 = rows.find((r) => r[0] === "tas" && r[3] === "ssp245" && r[4] === "2080-2099")!;
    expect(tas2080[col("change median")]).toBe("1.623456789");
    expect(tas2080[col("window label")]).toBe("2080-2099");
    expect(tas2080[col("kind")]).toBe("years");
    expect(tas2080[col("agreement")]).toBe("robust (31 of 31)");
    const tasLevel = rows.find((r) => r[0] === "tas" && r[3] === "ssp245" && r[4] === "gwl:2.0")!;
    expect(tasLevel[col("kind")]).toBe("gwl");
    // a text cell starting with "+" gets an apostrophe, as in every CSV of the portal (no spreadsheet formula)
    expect(tasLevel[col("window label")]).toBe("'+2 °C");
    expect(tasLevel[col("agreement")]).toBe("not robust (20 of 30)");
  });

  it("states method, baseline, agreement rule, provenance and the sample flag in # lines", () => {
    const comments = csv.split("\r\n").filter((l) => l.startsWith("# "));
    expect(comments).toContain("# baseline: 1995-2014");
    expect(comments).toContain(`# agreement: ${AGREEMENT_RULE}`);
    expect(comments).toContain("# sample data: false");
    expect(comments).toContain("# sources: Ingested data: tas_day_MODEL-A.nc.");
    expect(comments).toContain("# data version: store-1/abcdef123456");
    expect(comments.some((l) => l.startsWith("# method: Ensemble: each model's mean"))).toBe(true);
  });

  it("holds the same rows in the JSON, keyed by column", () => {
    const json = JSON.parse(files["testland-climate-profile/changes.json"]);
    expect(json.columns).toEqual([...CHANGE_COLUMNS]);
    expect(json["sample data"]).toBe(false);
    expect(json.rows).toHaveLength(rows.length);
    const first = json.rows[0];
    expect(first.indicator).toBe("tas");
    expect(first["change median"]).toBe(profile.rows[0].changes.ssp245["2080-2099"].median);
    const missing = json.rows.find((r: Record<string, unknown>) => r.indicator === "tas" && r.scenario === "ssp585" && r.window === "gwl:2.0");
    expect(missing["change median"]).toBeNull();
    expect(missing.incomplete).toBe("incomplete: 1 of 20 years");
  });
});

describe("the monthly climate", () => {
  const profile = testProfile();
  const files = unpack(profile);

  it("has one row per variable and month with the profile's numbers", () => {
    const { header, rows } = csvTable(files["testland-climate-profile/climate-1995-2014.csv"]);
    expect(header).toEqual([...CLIMATE_COLUMNS]);
    expect(rows).toHaveLength(24);
    const prMarch = rows.find((r) => r[0] === "pr" && r[3] === "3")!;
    expect(Number(prMarch[5])).toBe(profile.cycle[1].months[2].median);
    expect(Number(prMarch[6])).toBe(profile.cycle[1].months[2].p10);
    expect(prMarch[4]).toBe("March");
    const json = JSON.parse(files["testland-climate-profile/climate-1995-2014.json"]);
    expect(json.rows).toHaveLength(24);
    expect(json.rows[0]).toMatchObject({ variable: "tas", month: 1, median: 10, models: 33 });
  });
});

describe("signals and graphics", () => {
  const files = unpack();

  it("writes the sentences one a line", () => {
    expect(files["testland-climate-profile/signals.txt"]).toBe(testProfile().signals.join("\n") + "\n");
  });

  it("writes each graphic as a standalone SVG file", () => {
    for (const name of ["map.svg", "climate-1995-2014.svg", "change-tas.svg", "change-pr.svg"]) {
      const svg = files[`testland-climate-profile/${name}`];
      expect(svg.startsWith("<svg"), name).toBe(true);
      expect(svg, name).toMatch(/^<svg[^>]*\sxmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    }
    expect(files["testland-climate-profile/climate-1995-2014.svg"]).toMatch(/^<svg[^>]*xmlns:xlink="http:\/\/www\.w3\.org\/1999\/xlink"/);
    expect(files["testland-climate-profile/map.svg"]).toContain("<title>Map</title>");
  });

  it("leaves out a graphic that is not an SVG, and the README does not list it", () => {
    expect(standaloneSvg("")).toBeUndefined();
    expect(standaloneSvg("<div></div>")).toBeUndefined();
    const unzipped = unzipSync(dataPackZip(testProfile(), { ...GRAPHICS, map: "" }, RUNS, URL_OF_PROFILE));
    expect(Object.keys(unzipped)).not.toContain("testland-climate-profile/map.svg");
    expect(strFromU8(unzipped["testland-climate-profile/README.md"])).not.toContain("map.svg");
  });
});

describe("README.md", () => {
  const readme = (kind: SourceSummary["kind"]) => unpack(testProfile(kind))["testland-climate-profile/README.md"];

  it("names the place, data version, profile address, provenance, methods, licence and citation", () => {
    const text = readme("ingested");
    expect(text).toContain("# Testland climate profile");
    expect(text).toContain("store-1/abcdef123456");
    expect(text).toContain(URL_OF_PROFILE);
    expect(text).toContain("https://sacap.example/profiles/testland/data-pack.zip");
    expect(text).toContain("Data: ingested model output.");
    expect(text).toContain("Ingested data: tas_day_MODEL-A.nc.");
    for (const m of testProfile().methods) expect(text).toContain(m);
    expect(text).toContain("+2 °C: 30 of 33 models under SSP2-4.5");
    expect(text).toMatch(/NEX-GDDP-CMIP6\), distributed by NASA under its open data policy/);
    expect(text).toContain("https://sacap.example/disclaimer");
    expect(text).toContain(`SACAP: South Asia Climate and Agriculture Portal. Testland climate profile (data version store-1/abcdef123456). ${URL_OF_PROFILE}`);
    expect(text).not.toMatch(/SAMPLE DATA/);
  });

  it("explains every column of every CSV", () => {
    const text = readme("ingested");
    for (const column of [...CHANGE_COLUMNS, ...CLIMATE_COLUMNS]) expect(text, column).toContain(`\`${column}\``);
    for (const file of FILES) expect(text).toContain(`\`${file.replace("testland-climate-profile/", "")}\``);
  });

  it("says loudly that a sample profile is sample data, in the README and the CSV", () => {
    const text = readme("sample");
    expect(text.split("\n")[2]).toMatch(/^\*\*SAMPLE DATA\.\*\* Every number in this pack is generated sample data/);
    expect(text).toContain("Data: generated sample data.");
    const csv = unpack(testProfile("sample"))["testland-climate-profile/changes.csv"];
    expect(csv).toContain("# sample data: true\r\n");
  });

  it("says a mixed profile is partly sample data", () => {
    const text = readme("mixed");
    expect(text).toContain("**PARTLY SAMPLE DATA.**");
    expect(text).toContain("Data: mixed (ingested model output and generated sample data).");
    expect(unpack(testProfile("mixed"))["testland-climate-profile/changes.csv"]).toContain("# sample data: true\r\n");
  });
});

describe("the one-source rule in the pack", () => {
  const files = unpack();

  it("names each model left out of a change, with the reason, in changes.csv", () => {
    const { header, rows } = csvTable(files["testland-climate-profile/changes.csv"]);
    const at = (name: string) => header.indexOf(name);
    const row = rows.find((r) => r[at("scenario")] === "ssp245" && r[at("window")] === "2080-2099");
    expect(row?.[at("left out")]).toBe("MODEL-A (baseline not ingested)");
    // only that cell (of each indicator) has a model left out
    expect(new Set(rows.filter((r) => r[at("left out")] !== "").map((r) => `${r[at("scenario")]} ${r[at("window")]}`))).toEqual(new Set(["ssp245 2080-2099"]));
  });

  it("lists the source of every model run read in model-sources.csv", () => {
    const text = files["testland-climate-profile/model-sources.csv"];
    expect(text).toContain("# rule: One source per model");
    const { header, rows } = csvTable(text);
    expect(header).toEqual(["indicator", "scenario", "model", "source", "source id", "description"]);
    expect(rows).toEqual([
      ["tas", "historical", "MODEL-A", "sample", "sample", "sample generator"],
      ["tas", "historical", "MODEL-B", "sample", "sample", "sample generator"],
      ["tas", "ssp245", "MODEL-A", "ingested", "ingested:MODEL-A:ssp245", "Ingested NetCDF, MODEL-A ssp245 (tas; 1 file: tas_day_MODEL-A.nc)"],
      ["tas", "ssp245", "MODEL-B", "sample", "sample", "sample generator"],
    ]);
  });
});

