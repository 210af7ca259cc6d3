// A daily store for bench/ondemand.mjs --daily (run with `npx vite-node --config vitest.config.ts
// bench/ondemand-store.ts DIR [--geo IN-UP]`): the days the benchmark's question reads, written as the ingest
// writes them (server/ondemand/testing/write-daily.ts: staged day by day, then committed), so that a job reads
// a real store instead of the sample generator. For every model the archive has daily tasmax of (the catalogue
// without seeds/model-variables.json's missing pairs), the historical run over the baseline 1995-2014 and the
// SSP5-8.5 run over the window 2041-2060, the cells of the place's mask (the cells a job over it reads, found
// as the job finds them: server/ondemand/regions.server.ts), on a 365-day calendar. The values are generated
// (a seasonal cycle peaking in late May, a latitude gradient, a model's own offset, day-to-day noise, 2.5 °C
// warmer in the window) so that some tens of days a year pass 40 °C: the cost of reading and reducing is what
// is measured, not the climate. Prints the folder, the cells, the models, the model-years written and the CPU
// seconds the writing took, as JSON.
import { mkdirSync } from "node:fs";
import { SOUTH_ASIA_AXES } from "../app/features/grids/grid";
import { loadGeoFeatures, shippedGeoDir } from "../server/places/outlines.server";
import { RegionResolver } from "../server/ondemand/regions.server";
import { loadSeeds } from "../server/seeds.server";
import { writeDailyRun } from "../server/ondemand/testing/write-daily";

const dir = process.argv[2];
if (!dir || dir.startsWith("--")) throw new Error("usage: bench/ondemand-store.ts DIR [--geo IN-UP]");
const geoAt = process.argv.indexOf("--geo");
const geo = geoAt > 0 ? process.argv[geoAt + 1] : "IN-UP";

const seeds = loadSeeds();
const features = loadGeoFeatures(shippedGeoDir(), seeds);
const resolved = new RegionResolver(SOUTH_ASIA_AXES, features, [], new Map()).resolve({ kind: "geo", code: geo });
if (!resolved.ok) throw new Error(resolved.message);
const cells = new Set(resolved.region.cells);
const rows = [...cells].map((c) => Math.floor(c / SOUTH_ASIA_AXES.columns));
const columns = [...cells].map((c) => c % SOUTH_ASIA_AXES.columns);
const box = { rows: [Math.min(...rows), Math.max(...rows) + 1] as [number, number], columns: [Math.min(...columns), Math.max(...columns) + 1] as [number, number] };
const missing = seeds.modelVariables.missing as Record<string, string[]>;
const models = seeds.cmip6Models.map((m) => m.field_value).filter((m) => !missing[m]?.includes("tasmax"));

mkdirSync(dir, { recursive: true });
const before = process.cpuUsage();
let modelYears = 0;
for (const [k, model] of models.entries()) {
  let s = 7 + k;
  const noise = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5) * 4;
  const tasmax = (year: number, day: number, cell: number) => {
    const lat = SOUTH_ASIA_AXES.lat0 + Math.floor(cell / SOUTH_ASIA_AXES.columns) * SOUTH_ASIA_AXES.dlat;
    const season = Math.cos((2 * Math.PI * (day - 145)) / 365);
    return 32 + 9 * season - 0.4 * (lat - 27) + (k % 5) * 0.3 + (year > 2014 ? 2.5 : 0) + noise();
  };
  for (const [run, years] of [["historical", [1995, 2014]], ["ssp585", [2041, 2060]]] as const) {
    await writeDailyRun(dir, { model, run, calendar: "noleap", ...box, years: [years[0], years[1]], variables: ["tasmax"], cells: (c) => cells.has(c), value: (_, year, day, cell) => tasmax(year, day, cell) });
    modelYears += years[1] - years[0] + 1;
  }
}
const used = process.cpuUsage(before);
console.log(JSON.stringify({ dir, geo, cells: cells.size, models: models.length, modelYears, cpuSeconds: Math.round((used.user + used.system) / 1e4) / 100 }));
