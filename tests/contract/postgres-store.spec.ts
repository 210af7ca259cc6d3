import { expect, test } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { openSeriesDatabase } from "../../server/series/ingest/ingest.server";
import { encodeValues, sourceId } from "../../server/series/ingested-store.server";
import { ensurePostgresSchema } from "../../server/series/postgres/schema.server";
import { exited } from "../support/forms";
import { runPortal, startPortal } from "../support/portal";
import { startPostgres, type Postgres } from "../support/postgres";

/**
 * The shared series store with the production build: a portal on `SERIES_DB=postgres://...` answers an
 * ingested run as a portal on a SQLite file with the same rows does (its series workers reading PostgreSQL
 * too), and picks up a committed batch without a restart.
 */
test.describe.configure({ mode: "serial", timeout: 120_000 });

type Portal = Awaited<ReturnType<typeof startPortal>>;
type Row = Record<string, string | number | Buffer | null>;

let postgres: Postgres | undefined;
let skip: string | undefined;
let admin: pg.Pool | undefined;
let onSqlite: Portal | undefined;
let onPostgres: Portal | undefined;
const dir = mkdtempSync(path.join(tmpdir(), "sacap-pg-store-"));

const ID = sourceId("ACCESS-CM2", "ssp245");
const FILES: Row[] = [2015, 2016].map((year) => ({
  sha256: `tas-access-cm2-ssp245-${year}`.padEnd(64, "0"),
  name: `tas_day_ACCESS-CM2_ssp245_r1i1p1f1_gn_${year}.nc`,
  path: `/data/tas_day_ACCESS-CM2_ssp245_r1i1p1f1_gn_${year}.nc`,
  bytes: 123_456,
  variable: "tas",
  model: "ACCESS-CM2",
  scenario: "ssp245",
  variant: "r1i1p1f1",
  grid: "gn",
  years: String(year),
  calendar: "noleap",
  units: "K",
  source_id: ID,
  ingested_at: `2025-05-0${year - 2014}T08:00:00Z`,
}));
const yearRow = (indicator: string, frequency: string, year: number, values: number[], extra: Row = {}): Row => ({
  indicator, geo: "NPL", scenario: "ssp245", model: "ACCESS-CM2", frequency, year, source_id: ID,
  vals: encodeValues(Float64Array.from(values)), written_by: `tas_day_ACCESS-CM2_ssp245_r1i1p1f1_gn_${year}.nc@${year}`, coverage: 0.9987, method: null, ...extra,
});
const YEARS: Row[] = [2015, 2016].flatMap((year) => [
  yearRow("tas", "annual", year, [year === 2015 ? 24.51 : 24.87]),
  yearRow("tas", "monthly", year, Array.from({ length: 12 }, (_, m) => 12 + m + (year - 2015) * 0.3)),
]);

const insertSql = (table: string, row: Row, placeholder: (i: number) => string) =>
  `INSERT INTO ${table} (${Object.keys(row).join(", ")}) VALUES (${Object.keys(row).map((_, i) => placeholder(i)).join(", ")})`;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const started = await startPostgres();
  if ("skip" in started) {
    skip = started.skip;
    return;
  }
  postgres = started;
  const file = path.join(dir, "series.db");
  const db = openSeriesDatabase(file);
  db.transaction(() => {
    for (const row of FILES) db.prepare(insertSql("ingested_files", row, () => "?")).run(...Object.values(row));
    for (const row of YEARS) db.prepare(insertSql("series_years", row, () => "?")).run(...Object.values(row));
  })();
  db.close();

  admin = new pg.Pool({ connectionString: postgres.url, max: 2 });
  const client = await admin.connect();
  try {
    await ensurePostgresSchema(client);
    await client.query("BEGIN");
    for (const row of FILES) await client.query(insertSql("ingested_files", row, (i) => `$${i + 1}`), Object.values(row));
    for (const row of YEARS) await client.query(insertSql("series_years", row, (i) => `$${i + 1}`), Object.values(row));
    await client.query("UPDATE series_meta SET version = version + 1 WHERE id = 1");
    await client.query("COMMIT");
  } finally {
    client.release();
  }
  // two series workers each: the answers are computed in worker threads, each with its own store
  [onSqlite, onPostgres] = await Promise.all([
    startPortal({ SERIES_DB: `file:${file}`, SERIES_WORKERS: "2" }),
    startPortal({ SERIES_DB: postgres.url, SERIES_WORKERS: "2", SERIES_DB_POLL_SECONDS: "0.2" }),
  ]);
});

test.afterAll(async () => {
  onSqlite?.process.kill();
  onPostgres?.process.kill();
  await Promise.all([onSqlite, onPostgres].filter(Boolean).map((portal) => exited(portal!.process)));
  await admin?.end();
  postgres?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const ANNUAL = "/api/cmip6/annual?indicator=tas&geo=NPL&scenario=ssp245&model=ACCESS-CM2&start=2015&end=2016";
const PAGE = "/cmip6-data?indicator=tas&geo=NPL&scenario=ssp245&model=ACCESS-CM2&start=2015&end=2016";
const MONTHLY = "/api/cmip6/v1/monthly?indicator=tas&geo=NPL&scenario=ssp245&model=ACCESS-CM2,MIROC6&start=2015&end=2016&month=3";

test("a portal on PostgreSQL answers an ingested run as a portal on the SQLite file with the same rows", async () => {
  test.skip(skip !== undefined, skip);
  expect((await fetch(`${onPostgres!.url}/healthz`)).status).toBe(200);
  for (const query of [ANNUAL, MONTHLY]) {
    const [fromSqlite, fromPostgres] = await Promise.all([fetch(`${onSqlite!.url}${query}`), fetch(`${onPostgres!.url}${query}`)]);
    expect(fromPostgres.status, query).toBe(200);
    const [a, b] = [await fromSqlite.json(), await fromPostgres.json()];
    // the answers carry no store version (the ETag does): the same rows give the same JSON
    expect(b, query).toEqual(a);
    expect(b.provenance[ID].source).toContain("tas_day_ACCESS-CM2_ssp245_r1i1p1f1_gn_2015.nc");
    expect(fromPostgres.headers.get("etag")).not.toBe(fromSqlite.headers.get("etag"));
  }
  const body = await (await fetch(`${onPostgres!.url}${ANNUAL}`)).json();
  expect(body.series[0].values["ACCESS-CM2"]).toEqual([24.51, 24.87]);
  expect(body.series[0].coverage["ACCESS-CM2"]).toBe(0.9987);
});

test("a batch committed to PostgreSQL is answered without a restart, under a new ETag", async () => {
  test.skip(skip !== undefined, skip);
  const before = await fetch(`${onPostgres!.url}${ANNUAL}`);
  const etag = before.headers.get("etag")!;
  expect((await fetch(`${onPostgres!.url}${ANNUAL}`, { headers: { "If-None-Match": etag } })).status).toBe(304);
  // the page with the series, rendered twice (a page is kept on its second request) and then reused from
  // the document cache
  const page = () => fetch(`${onPostgres!.url}${PAGE}`);
  for (let i = 0; i < 2; i++) {
    const rendered = await page();
    expect(rendered.headers.get("x-document-cache")).toBe("miss");
    await rendered.text();
  }
  const kept = await page();
  expect(kept.headers.get("x-document-cache")).toBe("hit");
  expect(await kept.text()).toContain("24.87");

  const client = await admin!.connect();
  try {
    await client.query("BEGIN");
    await client.query("UPDATE series_years SET vals = $1 WHERE indicator = 'tas' AND frequency = 'annual' AND year = 2016", [encodeValues(Float64Array.of(25.5))]);
    await client.query("UPDATE series_meta SET version = version + 1, committed_at = now() WHERE id = 1");
    await client.query("COMMIT");
  } finally {
    client.release();
  }
  await expect
    .poll(async () => (await (await fetch(`${onPostgres!.url}${ANNUAL}`)).json()).series[0].values["ACCESS-CM2"], { timeout: 10_000 })
    .toEqual([24.51, 25.5]);
  const after = await fetch(`${onPostgres!.url}${ANNUAL}`, { headers: { "If-None-Match": etag } });
  expect(after.status).toBe(200);
  expect(after.headers.get("etag")).not.toBe(etag);
  expect((await after.json()).series[0].values["ACCESS-CM2"]).toEqual([24.51, 25.5]);
  // the kept page was of the old data: rendered again with the new
  const fresh = await page();
  expect(fresh.headers.get("x-document-cache")).toBe("miss");
  const html = await fresh.text();
  expect(html).toContain("25.5");
  expect(html).not.toContain("24.87");
});

test("a SERIES_DB PostgreSQL that cannot be reached stops the portal with a message naming the setting", async () => {
  test.slow();
  const result = await runPortal({ SERIES_DB: "postgres://sacap:secret@127.0.0.1:1/series" });
  expect(result.code).toBe(1);
  expect(result.output).toMatch(/SERIES_DB: cannot reach the series database postgres:\/\/sacap:\*\*\*@127\.0\.0\.1:1\/series/);
  expect(result.output).not.toContain("secret");
});
