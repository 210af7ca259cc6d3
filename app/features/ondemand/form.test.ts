import { describe, expect, it } from "vitest";
import { executionInputs, formState, parseSearch, partOf, polygonOutOfAddress, stateFromInputs, stateSearch, windowFields, type OnDemandCatalog, type OnDemandState } from "./form";
import { encodePolygon, type Geometry } from "./polygon";

const catalog: OnDemandCatalog = {
  indices: [
    {
      code: "days-above",
      name: "Days above a temperature",
      description: "count(T > threshold)",
      standard: "ETCCDI SU",
      units: "days",
      parameters: [
        { name: "variable", kind: "choice", description: "", values: ["tasmax", "tasmin", "tas"], default: "tasmax" },
        { name: "threshold", kind: "number", description: "", units: "°C", min: -60, max: 60, default: 25 },
      ],
    },
    {
      code: "dry-spell-count",
      name: "Dry spells",
      description: "",
      standard: "",
      units: "spells",
      parameters: [
        { name: "threshold", kind: "number", description: "", units: "mm", min: 0, max: 500, default: 1 },
        { name: "minDays", kind: "integer", description: "", units: "days", min: 1, max: 366, default: 6 },
      ],
    },
  ],
  scenarios: [
    { code: "ssp245", name: "SSP2-4.5" },
    { code: "ssp585", name: "SSP5-8.5" },
  ],
  levelScenarios: ["ssp245", "ssp585"],
  levels: [
    { code: "gwl:1.5", label: "+1.5 °C" },
    { code: "gwl:2.0", label: "+2 °C" },
  ],
  models: ["ACCESS-CM2", "CanESM5", "MIROC6"],
  years: { start: 2015, end: 2100 },
  maxWindowYears: 30,
  baseline: "1995-2014",
  grid: { south: 5, north: 40, west: 60, east: 100 },
  maxVertices: 2000,
};

const square: Geometry = { type: "Polygon", coordinates: [[[85, 27], [86, 27], [86, 28], [85, 28], [85, 27]]] };
const JOB = "0f8fad5b-d9cb-469f-a165-70867728950e";

describe("the page's address", () => {
  it("opens on the default question: days above 25 °C over the year in Nepal, 2041-2060 under SSP2-4.5, every model", () => {
    const state = parseSearch(new URLSearchParams(), catalog);
    expect(state).toEqual({ process: "days-above", parameters: { variable: "tasmax", threshold: "25" }, months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], scenario: "ssp245", window: "2041-2060", models: { kind: "all" }, region: undefined });
    expect(executionInputs(state, catalog)).toEqual({ variable: "tasmax", threshold: 25, months: state.months, scenario: "ssp245", window: "2041-2060", geo: "NPL" });
  });

  it("holds every input, and reads back the question it was written from", () => {
    const states: OnDemandState[] = [
      { process: "dry-spell-count", parameters: { threshold: "1", minDays: "10" }, months: [1, 2, 3, 11, 12], scenario: "ssp585", window: "gwl:2.0", models: { kind: "pick", models: ["CanESM5", "MIROC6"] }, region: { kind: "cell", cell: "27.7,85.3" }, job: JOB },
      { process: "days-above", parameters: { variable: "tas", threshold: "30.5" }, months: [6, 7, 8, 9], scenario: "ssp245", window: "2071-2090", models: { kind: "subset", name: "warm-dry", models: ["ACCESS-CM2", "MIROC6"] }, region: { kind: "polygon", polygon: square } },
      { process: "days-above", parameters: { variable: "tasmin", threshold: "20" }, months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], scenario: "ssp245", window: "2041-2060", models: { kind: "all" }, region: { kind: "geo", geo: "IN-UP" } },
    ];
    for (const state of states) expect(parseSearch(new URLSearchParams(stateSearch(state)), catalog)).toEqual(state);
    expect(stateSearch(states[0])).toBe(`process=dry-spell-count&threshold=1&minDays=10&months=1%2C2%2C3%2C11%2C12&scenario=ssp585&window=gwl%3A2.0&model=CanESM5%2CMIROC6&cell=27.7%2C85.3&job=${JOB}`);
    // a named subset travels as on the explorer: the list of models and its name
    expect(stateSearch(states[1])).toContain("model=ACCESS-CM2%2CMIROC6&subset=warm-dry");
  });

  it("keeps a value out of range as it was typed, for the server to name, and drops what cannot be a value", () => {
    const state = parseSearch(new URLSearchParams("process=nope&threshold=999&variable=wind&months=13,0,x&scenario=ssp999&window=1e308&model=NOPE&geo=<b>&cell=1e308&job=../x"), catalog);
    expect(state).toMatchObject({ process: "days-above", parameters: { variable: "wind", threshold: "999" }, months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], scenario: "ssp245", window: "2041-2060", models: { kind: "all" } });
    expect(state.region).toBeUndefined();
    expect(state.job).toBeUndefined();
    expect(parseSearch(new URLSearchParams(`threshold=${"9".repeat(500)}`), catalog).parameters.threshold).toHaveLength(40);
  });

  it("leaves a polygon too long for an address out of it: the job keeps it", () => {
    const ring = Array.from({ length: 1500 }, (_, i) => [80 + Math.cos(i) * 3, 25 + Math.sin(i * 1.7) * 3]);
    ring.push(ring[0]);
    const state: OnDemandState = { ...parseSearch(new URLSearchParams(), catalog), region: { kind: "polygon", polygon: { type: "Polygon", coordinates: [ring] } }, job: JOB };
    expect(polygonOutOfAddress(state)).toBe(true);
    expect(stateSearch(state)).not.toContain("polygon=");
    expect(stateSearch(state)).toContain(`job=${JOB}`);
  });
});

describe("the form's fields", () => {
  const form = (entries: [string, string][]) => {
    const data = new FormData();
    for (const [k, v] of entries) data.append(k, v);
    return formState(data, catalog);
  };

  it("make the question a POST without scripts sends", () => {
    const state = form([
      ["process", "days-above"],
      ["shown", "days-above"],
      ["variable", "tasmin"],
      ["threshold", "21"],
      ["months", "11"],
      ["months", "12"],
      ["months", "1"],
      ["scenario", "ssp585"],
      ["period", "years"],
      ["start", "2071"],
      ["end", "2090"],
      ["models", "pick"],
      ["model", "MIROC6"],
      ["model", "CanESM5"],
      ["region", "cell"],
      ["geo", "NPL"],
      ["cell", "27.7, 85.3"],
    ]);
    expect(state).toEqual({ process: "days-above", parameters: { variable: "tasmin", threshold: "21" }, months: [1, 11, 12], scenario: "ssp585", window: "2071-2090", models: { kind: "pick", models: ["CanESM5", "MIROC6"] }, region: { kind: "cell", cell: "27.7,85.3" } });
  });

  it("take a warming level, a polygon's address text, and a named subset", () => {
    const state = form([
      ["process", "days-above"],
      ["period", "gwl"],
      ["level", "gwl:1.5"],
      ["start", "2041"],
      ["end", "2060"],
      ["models", "subset"],
      ["subset", "warm-dry"],
      ["subsetModels", "MIROC6,ACCESS-CM2"],
      ["region", "polygon"],
      ["polygon", encodePolygon(square)],
    ]);
    expect(state).toMatchObject({ window: "gwl:1.5", models: { kind: "subset", name: "warm-dry", models: ["ACCESS-CM2", "MIROC6"] }, region: { kind: "polygon", polygon: square } });
  });

  it("give another index chosen without scripts its own defaults, not the parameters shown for the first", () => {
    const state = form([
      ["process", "dry-spell-count"],
      ["shown", "days-above"],
      ["threshold", "35"],
      ["period", "years"],
      ["start", "2041"],
      ["end", "2060"],
    ]);
    expect(state.parameters).toEqual({ threshold: "1", minDays: "6" });
  });

  it("send a window typed out of form to the server, which names its rule", () => {
    expect(form([["period", "years"], ["start", "20x1"], ["end", "2060"]]).window).toBe("20x1-2060");
    expect(windowFields("gwl:2.0")).toEqual({ period: "gwl", start: "2041", end: "2060", level: "gwl:2.0" });
    expect(windowFields("2071-2090")).toMatchObject({ period: "years", start: "2071", end: "2090" });
  });
});

describe("a job's inputs", () => {
  it("are the question of its link and its form", () => {
    const inputs = { variable: "tas", threshold: 28, months: [12, 1, 2], scenario: "ssp585", baseline: "1995-2014", window: "gwl:2.0", models: ["ACCESS-CM2", "CanESM5", "MIROC6"], polygon: square };
    expect(stateFromInputs("days-above", inputs, catalog, JOB)).toEqual({
      process: "days-above",
      parameters: { variable: "tas", threshold: "28" },
      months: [1, 2, 12],
      scenario: "ssp585",
      window: "gwl:2.0",
      models: { kind: "all" },
      region: { kind: "polygon", polygon: square },
      job: JOB,
    });
    expect(stateFromInputs("days-above", { ...inputs, models: ["MIROC6"], polygon: undefined, cell: "27.625,85.375" }, catalog).models).toEqual({ kind: "pick", models: ["MIROC6"] });
  });
});

it("puts each problem the server names next to its field", () => {
  const index = catalog.indices[1];
  expect(["minDays", "threshold", "process", "months", "window", "models", "scenario", "polygon", "cell", "geo", "region", "inputs", undefined].map((f) => partOf(f, index))).toEqual([
    "parameters",
    "parameters",
    "parameters",
    "months",
    "window",
    "models",
    "scenario",
    "region",
    "region",
    "region",
    "region",
    "form",
    "form",
  ]);
});
