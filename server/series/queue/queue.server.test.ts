import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgres, type Postgres } from "../../../tests/support/postgres";
import { loadSeeds } from "../../seeds.server";
import { daysInYear } from "../ingest/calendar";
import { ingest } from "../ingest/ingest.server";
import { random } from "../ingest/testing/random";
import { writeTestNetcdf } from "../ingest/testing/write-netcdf";
import pg from "pg";
import { ensurePostgresSchema, seriesTables } from "../postgres/schema.server";
import { PostgresSeriesStore } from "../postgres/reader.server";
import { buildGridFilesFromShared } from "../../grids/ingest/shared.server";
import { enqueue, queueStatus, startWorker } from "./jobs.server";
import { postgresRows, sqliteRows } from "./testing/rows";

/**
 * The queue end to end in one process: the same files ingested by two queue workers into PostgreSQL and
 * by the single-machine ingest into SQLite give the same rows, percentile indices (a 5-year test base, its
 * own job) and dry spells across the new year included; a corrupt file fails alone and is recorded.
 */

const seeds = loadSeeds();
const LAT = Array.from({ length: 12 }, (_, i) => 26.5 + i);
const LON = Array.from({ length: 14 }, (_, i) => 80.5 + i);
const BASE = { start: 1961, end: 1965 };
const YEARS = [1961, 1962, 1963, 1964, 1965, 1966, 2015, 2016];
const KELVIN = 273.15;

let dir: string;
let postgres: Postgres | { skip: string };
const scenario = (year: number) => (year < 2015 ? "historical" : "ssp245");
const places = () => path.join(dir, "districts.geojson");
const file = (variable: string, year: number) => path.join(dir, "files", `${variable}_day_ACCESS-CM2_${scenario(year)}_r1i1p1f1_gn_${year}.nc`);

beforeAll(async () => {
  postgres = await startPostgres();
  dir = mkdtempSync(path.join(tmpdir(), "sacap-queue-"));
  mkdirSync(path.join(dir, "files"));
  for (const year of YEARS) {
    const rnd = random(year);
    const days = daysInYear("standard", year);
    const noise = Array.from({ length: days }, () => rnd());
    const common = { lat: LAT, lon: LON, calendar: "standard", fillValue: 1e20, time: noise.map((_, t) => t + 0.5), timeUnits: `days since ${year}-01-01 00:00:00` };
    await writeTestNetcdf({ ...common, path: file("tasmax", year), variable: "tasmax", units: "K", value: (t, r, c) => KELVIN + 22 + 8 * noise[t] + 0.1 * r - 0.05 * c });
    await writeTestNetcdf({ ...common, path: file("tasmin", year), variable: "tasmin", units: "K", value: (t, r) => KELVIN + 10 + 6 * noise[t] + 0.1 * r });
    // a dry end of 2015 running into 2016: a spell across the new year
    await writeTestNetcdf({ ...common, path: file("pr", year), variable: "pr", units: "kg m-2 s-1", value: (t, r, c) => (year === 2015 && t > 330) || (year === 2016 && t < 20) ? 0 : ((noise[(t * 7 + r + c) % days] * 12) / 86400) });
  }
  // outlines that add a district: the workers record it in the shared store as the single ingest does
  const lucknow = [[[80.7, 26.65], [81.1, 26.65], [81.1, 27.05], [80.7, 27.05], [80.7, 26.65]]];
  writeFileSync(places(), JSON.stringify({ type: "FeatureCollection", features: [{ type: "Feature", properties: { code: "IN-UP-LKO", name: "Lucknow", country: "IND" }, geometry: { type: "Polygon", coordinates: lucknow } }] }));
  // a truncated file: it fails, its set's other files are written
  writeFileSync(path.join(dir, "files", "tas_day_ACCESS-CM2_ssp245_r1i1p1f1_gn_2016.nc"), Buffer.from("CDF\x01 not a whole file"));
}, 180_000);

afterAll(() => {
  if (postgres && "stop" in postgres) postgres.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("ingest through the queue", () => {
  it("two workers give the rows of a single-machine ingest; a corrupt file fails alone and is named", async (context) => {
    if ("skip" in postgres) return context.skip();
    const url = postgres.url;
    const paths = YEARS.flatMap((y) => ["tasmax", "tasmin", "pr"].map((v) => file(v, y)));
    const single = await ingest({ paths: [...paths, path.join(dir, "files", "tas_day_ACCESS-CM2_ssp245_r1i1p1f1_gn_2016.nc")], database: path.join(dir, "single.db"), seeds, percentileBase: BASE, places: places() });
    expect(single.failed.map((f) => f.file)).toEqual(["tas_day_ACCESS-CM2_ssp245_r1i1p1f1_gn_2016.nc"]);

    const queued = await enqueue({ url }, { paths: [path.join(dir, "files")], seeds, settings: { percentileBase: BASE, places: places() } });
    expect(queued.queued).toHaveLength(YEARS.length);
    const events: { key: string; state: string }[] = [];
    const workers = await Promise.all([0, 1].map(() => startWorker({ url, seeds, pollSeconds: 0.5, superviseSeconds: 1, onJob: (e) => events.push(e) })));
    try {
      const deadline = Date.now() + 150_000;
      for (;;) {
        const status = await queueStatus(url);
        if (status.sets.queued + status.sets.running + status.sets.retry === 0 && status.bases.length === 0) break;
        if (Date.now() > deadline) throw new Error(`queue not done: ${JSON.stringify(status)}`);
        await new Promise((r) => setTimeout(r, 500));
      }
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
    const status = await queueStatus(url);
    expect(status.sets).toMatchObject({ done: YEARS.length - 1, failed: 1, total: YEARS.length });
    expect(status.failed).toHaveLength(1);
    expect(status.failed[0].set).toContain("2016");
    expect(status.failed[0].attempts).toBeGreaterThanOrEqual(3);
    expect(status.failed[0].error).toContain("tas_day_ACCESS-CM2_ssp245_r1i1p1f1_gn_2016.nc");
    expect(status.dataVersion).toBeGreaterThan(0);
    // the percentile base was a job of its own
    expect(events.some((e) => e.state === "done" && e.key.includes("historical"))).toBe(true);

    const shared = await postgresRows(url);
    const local = sqliteRows(path.join(dir, "single.db"));
    for (const t of seriesTables()) expect(shared[t.name], t.name).toEqual(local[t.name]);
    // the added district is recorded, with its series, and the shared store lists it for the portal
    expect(shared.added_places).toHaveLength(1);
    expect(shared.series_years.some((r) => r.includes('"IN-UP-LKO"'))).toBe(true);
    const store = await PostgresSeriesStore.open(url, { pollSeconds: 0 });
    try {
      expect(store.addedPlaces()).toEqual([{ code: "IN-UP-LKO", name: "Lucknow", country: "IND", geometry: { type: "Polygon", coordinates: [[[80.7, 26.65], [81.1, 26.65], [81.1, 27.05], [80.7, 27.05], [80.7, 26.65]]] } }]);
    } finally {
      await store.close();
    }
    // the base is complete (thresholds, no base days left) and the spell crosses the new year
    expect(shared.percentile_thresholds.length).toBeGreaterThan(0);
    expect(shared.percentile_base_days).toEqual([]);
    expect(shared.series_years.some((r) => r.startsWith('["tx90p",'))).toBe(true);
    // the grid cells' yearly values travel with the rest; fields need 1995-2014, which these years lack
    expect(shared.grid_cell_years.length).toBeGreaterThan(0);
    const grids = await buildGridFilesFromShared(url, { gridDir: path.join(dir, "grids"), seeds });
    expect(grids.written).toEqual([]);
    expect(grids.skipped).toContainEqual({ indicator: "txx", scenario: "ssp245", reason: "no model has a 1995-2014 mean in any cell: no file" });
  }, 240_000);

  it("ingests two files of the same bytes under different names each for its model, as the single-machine ingest does", async (context) => {
    if ("skip" in postgres) return context.skip();
    const url = postgres.url;
    const twins = path.join(dir, "twins");
    mkdirSync(twins);
    const name = (model: string) => `tas_day_${model}_ssp585_r1i1p1f1_gn_2031.nc`;
    const common = { lat: LAT, lon: LON, calendar: "noleap", time: Array.from({ length: 365 }, (_, t) => t + 0.5), timeUnits: "days since 2031-01-01" };
    await writeTestNetcdf({ ...common, path: path.join(twins, name("MIROC6")), variable: "tas", units: "K", value: (t, r) => KELVIN + 20 + 0.01 * t + r });
    copyFileSync(path.join(twins, name("MIROC6")), path.join(twins, name("MRI-ESM2-0")));
    const single = await ingest({ paths: [twins], database: path.join(dir, "twins.db"), seeds });
    expect(single.ingested.sort()).toEqual([name("MIROC6"), name("MRI-ESM2-0")]);

    // one set per model: two jobs, which two workers may take in either order
    const queued = await enqueue({ url }, { paths: [twins], seeds, settings: {} });
    expect(queued.queued).toHaveLength(2);
    const workers = await Promise.all([0, 1].map(() => startWorker({ url, seeds, pollSeconds: 0.5, superviseSeconds: 1 })));
    try {
      const deadline = Date.now() + 120_000;
      for (;;) {
        const status = await queueStatus(url);
        if (status.sets.queued + status.sets.running + status.sets.retry === 0) break;
        if (Date.now() > deadline) throw new Error(`queue not done: ${JSON.stringify(status)}`);
        await new Promise((r) => setTimeout(r, 500));
      }
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
    const shared = await postgresRows(url);
    const local = sqliteRows(path.join(dir, "twins.db"));
    const ours = (rows: string[]) => rows.filter((r) => r.includes("MIROC6") || r.includes("MRI-ESM2-0"));
    expect(ours(shared.ingested_files)).toEqual(local.ingested_files);
    expect(local.ingested_files).toHaveLength(2);
    expect(ours(shared.series_years)).toEqual(local.series_years);
    expect(local.series_years.some((r) => r.includes('"MRI-ESM2-0"'))).toBe(true);
  }, 180_000);

  it("gives a store of an older release the present keys and columns, its rows kept", async (context) => {
    if ("skip" in postgres) return context.skip();
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query("CREATE DATABASE older");
    await admin.end();
    const url = new URL(postgres.url);
    url.pathname = "/older";
    const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
    const client = await pool.connect();
    try {
      await ensurePostgresSchema(client);
      // ingested_files as releases before this one created it: keyed by the checksum alone
      await client.query("ALTER TABLE ingested_files DROP CONSTRAINT ingested_files_pkey, ADD PRIMARY KEY (sha256)");
      // and without the point of view its files' outlines followed
      await client.query("ALTER TABLE ingested_files DROP COLUMN worldview");
      const row = ["a".repeat(64), "tas_day_MIROC6_ssp585_r1i1p1f1_gn_2031.nc", "/f", 1, "tas", "MIROC6", "ssp585", "r1i1p1f1", "gn", "2031", "noleap", "K", "ingested:MIROC6:ssp585", "now", null];
      await client.query("INSERT INTO ingested_files VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)", row);
      await ensurePostgresSchema(client);
      const key = await client.query(
        `SELECT array_agg(kcu.column_name::text ORDER BY kcu.ordinal_position) AS columns FROM information_schema.table_constraints tc
           JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = tc.constraint_name AND kcu.table_name = tc.table_name
          WHERE tc.constraint_type = 'PRIMARY KEY' AND tc.table_name = 'ingested_files'`,
      );
      expect(key.rows[0].columns).toEqual(["sha256", "name"]);
      const worldview = await client.query("SELECT worldview FROM ingested_files");
      expect(worldview.rows).toEqual([{ worldview: null }]);
      expect((await client.query("SELECT name FROM ingested_files")).rows).toEqual([{ name: row[1] }]);
      // the same bytes under another name are another row
      await client.query("INSERT INTO ingested_files VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)", [row[0], "tas_day_MRI-ESM2-0_ssp585_r1i1p1f1_gn_2031.nc", ...row.slice(2)]);
      expect((await client.query("SELECT count(*)::int AS n FROM ingested_files")).rows[0].n).toBe(2);
    } finally {
      client.release();
      await pool.end();
    }
  });
});
