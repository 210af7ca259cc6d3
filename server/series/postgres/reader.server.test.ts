import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi, type TestContext } from "vitest";
import { startPostgres, type Postgres } from "../../../tests/support/postgres";
import { openSeriesStore } from "../../context.server";
import { getSeeds } from "../../seeds.server";
import { openSeriesDatabase } from "../ingest/ingest.server";
import { encodeValues, IngestedSeriesStore, sourceId } from "../ingested-store.server";
import { SampleSeriesStore } from "../sample/sample-store";
import { createSeriesService } from "../service.server";
import { hasObservations } from "../observed-query";
import { LayeredSeriesStore, type SeriesKey } from "../store";
import { PostgresSeriesStore } from "./reader.server";
import { ensurePostgresSchema } from "./schema.server";

/**
 * The shared store read from PostgreSQL answers as the ingested SQLite file does for the same rows, moves
 * to a new version when a batch commits (its sources first), never mixes rows of two commits in one answer,
 * and keeps its last version when it cannot look for a new one. One throwaway cluster for the file.
 */

type Row = Record<string, string | number | Buffer | null>;

let postgres: Postgres | undefined;
let skip: string | undefined;
let admin: pg.Pool;
const dir = mkdtempSync(path.join(tmpdir(), "sacap-pg-reader-"));
const sqliteFile = path.join(dir, "series.db");

/** Values that tell years, months and runs apart. */
const value = (model: string, scenario: string, year: number, slot: number) => (model.length * 7 + scenario.length) * 0.5 + (year - 2000) * 0.25 + slot * 0.01;

interface Run {
  model: string;
  scenario: string;
  calendar: string;
  start: number;
  end: number;
  ingestedAt: string;
}

const RUNS: Run[] = [
  { model: "ACCESS-CM2", scenario: "historical", calendar: "proleptic_gregorian", start: 2010, end: 2014, ingestedAt: "2025-03-01T10:00:00Z" },
  { model: "ACCESS-CM2", scenario: "ssp245", calendar: "proleptic_gregorian", start: 2015, end: 2020, ingestedAt: "2025-03-02T10:00:00Z" },
  { model: "MIROC6", scenario: "historical", calendar: "360_day", start: 2010, end: 2014, ingestedAt: "2025-03-03T10:00:00Z" },
  { model: "MIROC6", scenario: "ssp245", calendar: "360_day", start: 2015, end: 2020, ingestedAt: "2025-03-04T10:00:00Z" },
  { model: "chirps-v2.0", scenario: "observed", calendar: "standard", start: 2010, end: 2014, ingestedAt: "2025-03-05T10:00:00Z" },
];

/** The files of a run (one per variable and year) and its rows. */
function runRows(run: Run): { files: Row[]; years: Row[] } {
  const id = sourceId(run.model, run.scenario);
  const observed = run.scenario === "observed";
  const variables = observed ? ["pr"] : ["tas", "pr"];
  const files: Row[] = [];
  const years: Row[] = [];
  for (let year = run.start; year <= run.end; year++) {
    for (const variable of variables) {
      const name = `${variable}_day_${run.model}_${run.scenario}_r1i1p1f1_gn_${year}.nc`;
      files.push({
        sha256: `${run.model}-${run.scenario}-${variable}-${year}`.padEnd(64, "0"),
        name,
        path: `/data/${name}`,
        bytes: 1000 + year,
        variable,
        model: run.model,
        scenario: run.scenario,
        variant: "r1i1p1f1",
        grid: "gn",
        years: String(year),
        calendar: run.calendar,
        units: variable === "tas" ? "K" : "kg m-2 s-1",
        source_id: id,
        ingested_at: run.ingestedAt.replace("T10", `T${String(year - 2000).padStart(2, "0")}`),
      });
    }
    const row = (indicator: string, geo: string, frequency: string, values: number[], extra: Row = {}): Row => ({
      indicator, geo, scenario: run.scenario, model: run.model, frequency, year, source_id: id,
      vals: encodeValues(Float64Array.from(values)), written_by: `${indicator}@${year}`, coverage: null, method: null, ...extra,
    });
    const months = (slot0: number) => Array.from({ length: 12 }, (_, m) => (m === 7 && year === 2013 ? NaN : value(run.model, run.scenario, year, slot0 + m)));
    years.push(row("pr", "NPL", "monthly", months(20)));
    if (observed) continue;
    // a year missing from MIROC6's historical monthly temperature: NaN in the answer
    if (!(run.model === "MIROC6" && year === 2012)) years.push(row("tas", "NPL", "monthly", months(0)));
    const coverage: Row = run.model === "ACCESS-CM2" ? { coverage: year === 2016 ? 0.991 : 0.998 } : {};
    years.push(row("tas", "NPL", "annual", [value(run.model, run.scenario, year, 50)], coverage));
    years.push(row("tas", "BTN", "annual", [value(run.model, run.scenario, year, 60)], coverage));
    if (run.scenario === "ssp245") {
      const method = run.model === "ACCESS-CM2" && year <= 2017 ? "FAO-56 Penman-Monteith, elevation 1,340 m" : "Hargreaves-Samani";
      years.push(row("pet", "NPL", "annual", [value(run.model, run.scenario, year, 70)], { method }));
    }
  }
  return { files, years };
}

/** Rows whose files are not recorded: neither store answers them. */
const ORPHAN: Row = {
  indicator: "tas", geo: "NPL", scenario: "ssp245", model: "ORPHAN", frequency: "annual", year: 2015,
  source_id: sourceId("ORPHAN", "ssp245"), vals: encodeValues(Float64Array.of(1)), written_by: null, coverage: null, method: null,
};

function insertSqlite(db: ReturnType<typeof openSeriesDatabase>, table: string, rows: Row[]) {
  for (const row of rows) {
    const columns = Object.keys(row);
    db.prepare(`INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`).run(...columns.map((c) => row[c]));
  }
}

async function insertPostgres(client: Pick<pg.PoolClient, "query">, table: string, rows: Row[]) {
  for (const row of rows) {
    const columns = Object.keys(row);
    await client.query(`INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(", ")})`, columns.map((c) => row[c]));
  }
}

/** Writes rows and raises the data version in one transaction, as a worker publishes a batch. */
async function publish(write: (client: pg.PoolClient) => Promise<void>) {
  const client = await admin.connect();
  try {
    await client.query("BEGIN");
    await write(client);
    await client.query("UPDATE series_meta SET version = version + 1, committed_at = now() WHERE id = 1");
    await client.query("COMMIT");
  } finally {
    client.release();
  }
}

beforeAll(async () => {
  const started = await startPostgres();
  if ("skip" in started) {
    skip = started.skip;
    return;
  }
  postgres = started;
  admin = new pg.Pool({ connectionString: postgres.url, max: 3 });
  const all = RUNS.map(runRows);
  const files = all.flatMap((r) => r.files);
  const years = [...all.flatMap((r) => r.years), ORPHAN];

  const db = openSeriesDatabase(sqliteFile);
  db.transaction(() => {
    insertSqlite(db, "ingested_files", files);
    insertSqlite(db, "series_years", years);
  })();
  db.close();

  const client = await admin.connect();
  try {
    await ensurePostgresSchema(client);
  } finally {
    client.release();
  }
  await publish(async (c) => {
    await insertPostgres(c, "ingested_files", files);
    await insertPostgres(c, "series_years", years);
  });
}, 60_000);

afterAll(async () => {
  await admin?.end();
  postgres?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Skips a test that needs PostgreSQL, with the reason, where it cannot run. */
const needsPostgres = (context: TestContext) => {
  if (skip) context.skip(skip);
};

const key = (indicator: string, frequency: "annual" | "monthly", model: string, scenario: string, geo = "NPL"): SeriesKey => ({ indicator, geo, scenario, model, frequency });

/** A batch over both models and scenarios, monthly and annual, with keys neither store has. */
const BATCH: SeriesKey[] = [
  ...["ACCESS-CM2", "MIROC6", "CanESM5", "ORPHAN"].flatMap((model) =>
    ["historical", "ssp245", "ssp585"].flatMap((scenario) => [
      key("tas", "monthly", model, scenario),
      key("tas", "annual", model, scenario),
      key("tas", "annual", model, scenario, "BTN"),
      key("pet", "annual", model, scenario),
      key("pr", "monthly", model, scenario),
      key("tasmax", "annual", model, scenario),
    ]),
  ),
  key("pr", "monthly", "chirps-v2.0", "observed"),
  key("pr", "monthly", "era5", "observed"),
];

describe("PostgresSeriesStore", () => {
  it("answers a batch, sources and all, as the SQLite store does for the same rows", async (context) => {
    needsPostgres(context);
    const sqlite = new IngestedSeriesStore(sqliteFile);
    const store = await PostgresSeriesStore.open(postgres!.url, { pollSeconds: 0 });
    try {
      const [fromSqlite, fromPostgres] = await Promise.all([sqlite.getSeries(BATCH), store.getSeries(BATCH)]);
      expect(fromPostgres).toEqual(fromSqlite);
      expect(store.describe().sources).toEqual(sqlite.describe().sources);

      // not equal by being empty: every kind of answer is there
      expect(fromSqlite.filter(Boolean)).toHaveLength(4 * 4 + 2 * 1 + 1);
      const answer = (k: SeriesKey) => fromPostgres[BATCH.findIndex((b) => JSON.stringify(b) === JSON.stringify(k))];
      expect(answer(key("pet", "annual", "ACCESS-CM2", "ssp245"))?.method).toBe("FAO-56 Penman-Monteith, elevation 1,340 m (2015-2017); Hargreaves-Samani (2018-2020)");
      expect(answer(key("tas", "annual", "ACCESS-CM2", "ssp245"))?.coverage).toBe(0.991);
      expect(answer(key("tas", "monthly", "MIROC6", "historical"))?.calendar).toBe("360_day");
      expect(answer(key("tas", "monthly", "ACCESS-CM2", "historical"))?.calendar).toBe("proleptic_gregorian");
      const gap = answer(key("tas", "monthly", "MIROC6", "historical"))!;
      expect(gap.startYear).toBe(2010);
      expect(Array.from(gap.values.slice(24, 36)).every(Number.isNaN)).toBe(true);
      expect(answer(key("pr", "monthly", "chirps-v2.0", "observed"))?.source.source).toMatch(/observations ingested from NetCDF/);
      expect(answer(key("tas", "annual", "ORPHAN", "ssp245"))).toBeUndefined();
      expect(store.describe().sources).toHaveLength(RUNS.length);
      expect(store.describe().sources.find((s) => s.id === sourceId("ACCESS-CM2", "ssp245"))?.source).toMatch(/12 files: .* and 8 more\)\. Boundaries: Natural Earth's de facto depiction/);

      // the version names the committed data version and the files, with the SQLite store's fingerprint
      expect(store.version).toBe(`postgres-1-${sqlite.version.split("-").at(-1)}`);
      expect(await store.getSeries([])).toEqual([]);
    } finally {
      sqlite.close();
      await store.close();
    }
  });

  it("moves to a new version when a batch commits, with its new sources, without a restart", async (context) => {
    needsPostgres(context);
    const store = await PostgresSeriesStore.open(postgres!.url, { pollSeconds: 0.05 });
    try {
      const before = store.version;
      const added = key("tas", "annual", "CanESM5", "ssp245");
      expect(await store.getSeries([added])).toEqual([undefined]);
      const run: Run = { model: "CanESM5", scenario: "ssp245", calendar: "noleap", start: 2015, end: 2016, ingestedAt: "2025-04-01T10:00:00Z" };
      const { files, years } = runRows(run);
      await publish(async (c) => {
        await insertPostgres(c, "ingested_files", files);
        await insertPostgres(c, "series_years", years);
      });
      await vi.waitFor(() => expect(store.version).not.toBe(before), { timeout: 5000, interval: 20 });
      expect(store.version).toMatch(/^postgres-2-[0-9a-f]{12}$/);
      // the sources came before the version
      expect(store.describe().sources.map((s) => s.id)).toContain(sourceId("CanESM5", "ssp245"));
      const [series] = await store.getSeries([added]);
      expect(series).toMatchObject({ startYear: 2015, calendar: "noleap", source: { id: sourceId("CanESM5", "ssp245") } });
    } finally {
      await store.close();
    }
  });

  it("never mixes rows of two commits in one answer: a batch committed during a read is seen by the next one", async (context) => {
    needsPostgres(context);
    const store = await PostgresSeriesStore.open(postgres!.url, { pollSeconds: 0 });
    const writer = new pg.Client({ connectionString: postgres!.url });
    await writer.connect();
    const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => Promise<unknown> };
    const original = proto.query;
    try {
      // two groups (annual, monthly): two queries in the read
      const keys = [key("tas", "annual", "ACCESS-CM2", "ssp245"), key("tas", "monthly", "ACCESS-CM2", "ssp245")];
      const [oldAnnual, oldMonthly] = await store.getSeries(keys);
      const before = store.version;

      await writer.query("BEGIN");
      await writer.query("UPDATE series_years SET vals = $1 WHERE model = 'ACCESS-CM2' AND scenario = 'ssp245' AND indicator = 'tas' AND frequency = 'annual'", [encodeValues(Float64Array.of(-1))]);
      await writer.query("UPDATE series_years SET vals = $1 WHERE model = 'ACCESS-CM2' AND scenario = 'ssp245' AND indicator = 'tas' AND frequency = 'monthly'", [encodeValues(new Float64Array(12).fill(-2))]);
      await writer.query("UPDATE series_meta SET version = version + 1 WHERE id = 1");

      // the writer commits right after the read's first query, before its second
      let committed = false;
      proto.query = async function (this: unknown, ...args: unknown[]) {
        const result = await original.apply(this, args);
        if (!committed && this !== writer && (args[0] as { name?: string } | undefined)?.name === "sacap-series-years") {
          committed = true;
          await writer.query("COMMIT");
        }
        return result;
      };
      const [during, duringMonthly] = await store.getSeries(keys);
      proto.query = original;
      expect(committed).toBe(true);
      expect(during).toEqual(oldAnnual);
      expect(duringMonthly).toEqual(oldMonthly);
      expect(store.version).toBe(before);

      // the next read sees the commit whole, and the store moves to its version (no poll here)
      const [after, afterMonthly] = await store.getSeries(keys);
      expect(Array.from(after!.values)).toEqual(new Array(6).fill(-1));
      expect(Array.from(afterMonthly!.values)).toEqual(new Array(72).fill(-2));
      expect(store.version).not.toBe(before);
    } finally {
      proto.query = original;
      await writer.end();
      await store.close();
    }
  });

  it("keeps its last version when it cannot look for a new one, says so once, and moves on when it can again", async (context) => {
    needsPostgres(context);
    await admin.query("CREATE ROLE series_reader LOGIN");
    await admin.query("GRANT SELECT ON ALL TABLES IN SCHEMA public TO series_reader");
    const lines: string[] = [];
    const store = await PostgresSeriesStore.open(postgres!.url.replace("sacap@", "series_reader@"), { pollSeconds: 0.05, log: (l) => lines.push(l) });
    try {
      const before = store.version;
      await admin.query("REVOKE SELECT ON series_meta FROM series_reader");
      await publish(async () => undefined);
      await vi.waitFor(() => expect(lines).toHaveLength(1), { timeout: 5000, interval: 20 });
      await new Promise((r) => setTimeout(r, 300));
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0])).toMatchObject({ level: "error", msg: expect.stringMatching(/cannot look for new data \(permission denied.*\); keeping version postgres-/) });
      expect(store.version).toBe(before);

      await admin.query("GRANT SELECT ON series_meta TO series_reader");
      await vi.waitFor(() => expect(store.version).not.toBe(before), { timeout: 5000, interval: 20 });
      expect(lines).toHaveLength(2);
      expect(JSON.parse(lines[1])).toMatchObject({ level: "info", msg: expect.stringContaining("reachable again") });
    } finally {
      await store.close();
    }
  });

  it("a store without its tables yet is empty until a worker creates and fills them (observations too)", async (context) => {
    needsPostgres(context);
    await admin.query("CREATE DATABASE fresh");
    const url = postgres!.url.replace(/\/postgres$/, "/fresh");
    const store = await PostgresSeriesStore.open(url, { pollSeconds: 0 });
    const fresh = new pg.Pool({ connectionString: url, max: 1 });
    try {
      expect(store.describe().sources).toEqual([]);
      expect(store.addedPlaces()).toEqual([]);
      expect(await store.getSeries([key("tas", "annual", "ACCESS-CM2", "ssp245")])).toEqual([undefined]);
      expect(hasObservations(store)).toBe(false);
      const empty = store.version;
      const client = await fresh.connect();
      try {
        await ensurePostgresSchema(client);
        const runs = [runRows(RUNS[1]), runRows(RUNS[4])];
        const files = runs.flatMap((r) => r.files);
        const years = runs.flatMap((r) => r.years);
        await client.query("BEGIN");
        await insertPostgres(client, "ingested_files", files);
        await insertPostgres(client, "series_years", years);
        await client.query("UPDATE series_meta SET version = version + 1 WHERE id = 1");
        await client.query("COMMIT");
      } finally {
        client.release();
      }
      await store.refresh();
      expect(store.version).not.toBe(empty);
      // the screens offer observations once a dataset is there
      expect(hasObservations(store)).toBe(true);
      expect((await store.getSeries([key("tas", "annual", "ACCESS-CM2", "ssp245")]))[0]?.startYear).toBe(2015);
    } finally {
      await fresh.end();
      await store.close();
    }
  });

  it("an answer read at a newer version than its ETag's is read again and sent with the newer ETag", async (context) => {
    needsPostgres(context);
    const store = await PostgresSeriesStore.open(postgres!.url, { pollSeconds: 0 });
    try {
      const service = createSeriesService(getSeeds(), new LayeredSeriesStore([store, new SampleSeriesStore()]));
      const query = { indicator: "tas", geo: "NPL", scenario: ["ssp245" as const], model: ["ACCESS-CM2"], start: 2015, end: 2020 };
      const first = service.resolve("annual", query);
      if (!first.ok) throw new Error(first.message);
      // a batch commits after the ETag was made, before the answer is read (this store has not looked yet)
      await publish((c) => c.query("UPDATE series_years SET vals = $1 WHERE model = 'ACCESS-CM2' AND scenario = 'ssp245' AND indicator = 'tas' AND frequency = 'annual'", [encodeValues(Float64Array.of(-3))]).then(() => undefined));
      const prepared = await service.json(first.value);
      if ("status" in prepared) throw new Error(prepared.message);
      expect(JSON.parse(prepared.body).series[0].values["ACCESS-CM2"]).toEqual([-3, -3, -3, -3, -3, -3]);
      expect(prepared.etag).not.toBe(first.value.etag);
      const again = service.resolve("annual", query);
      expect(again.ok && again.value.etag).toBe(prepared.etag);
      expect(service.isCached(first.value)).toBe(false);
    } finally {
      await store.close();
    }
  });
});

describe("a SERIES_DB PostgreSQL that cannot be reached", () => {
  it("fails to open, and the setting is named without its password", async () => {
    const url = "postgres://sacap:secret@127.0.0.1:1/series";
    await expect(PostgresSeriesStore.open(url)).rejects.toThrow();
    const opening = openSeriesStore(getSeeds(), url);
    await expect(opening).rejects.toThrow(/SERIES_DB: cannot reach the series database postgres:\/\/sacap:\*\*\*@127\.0\.0\.1:1\/series \(.+\)/);
    await expect(opening).rejects.not.toThrow(/secret/);
  });
});
