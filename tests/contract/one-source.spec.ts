import { expect, test } from "@playwright/test";
import BetterSqlite3 from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { encodeValues, SERIES_SCHEMA, sourceId } from "../../server/series/ingested-store.server";
import { startPortal } from "../support/portal";

/**
 * The one-source rule end to end: with one model's future ingested and its 1995-2014 baseline (the
 * historical run) still the generated sample, no change, period statistic or agreement count may use that
 * model. The ingested values are far from any sample value (40 °C over Bhutan every year), so any number
 * that used them would move.
 */

const MODEL = "NorESM2-MM";
const YEARS = Array.from({ length: 86 }, (_, i) => 2015 + i);
const ID = sourceId(MODEL, "ssp245");

/** A series database holding NorESM2-MM's ssp245 tas over Bhutan, annual and monthly, 2015-2100. */
function writeDatabase(file: string) {
  const db = new BetterSqlite3(file);
  db.exec(SERIES_SCHEMA);
  db.prepare(
    `INSERT INTO ingested_files (sha256, name, path, bytes, variable, model, scenario, variant, grid, years, calendar, units, source_id, ingested_at)
     VALUES (?, ?, ?, ?, 'tas', ?, 'ssp245', 'r1i1p1f1', 'gn', '2015-2100', 'noleap', 'K', ?, '2026-01-01T00:00:00Z')`,
  ).run("a".repeat(64), "tas_day_NorESM2-MM_ssp245_r1i1p1f1_gn_2015-2100.nc", "/data/tas_day_NorESM2-MM_ssp245_r1i1p1f1_gn_2015-2100.nc", 1, MODEL, ID);
  const row = db.prepare(
    "INSERT INTO series_years (indicator, geo, scenario, model, frequency, year, source_id, vals, written_by, coverage) VALUES ('tas', 'BTN', 'ssp245', ?, ?, ?, ?, ?, 'tas_day_NorESM2-MM@aaaaaaaa', 1)",
  );
  for (const year of YEARS) {
    row.run(MODEL, "annual", year, ID, encodeValues(Float64Array.of(40)));
    row.run(MODEL, "monthly", year, ID, encodeValues(new Float64Array(12).fill(40)));
  }
  db.close();
}

test.describe("one source per model", () => {
  test.describe.configure({ timeout: 120_000 });
  let dir: string;
  let portal: Awaited<ReturnType<typeof startPortal>>;

  test.beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "sacap-one-source-"));
    const db = path.join(dir, "series.db");
    writeDatabase(db);
    portal = await startPortal({ SERIES_DB: `file:${db}` });
  });
  test.afterAll(() => {
    portal?.process.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  test("a model whose future is ingested and whose baseline is not is left out of the window answer, with its reason", async () => {
    const full = await (await fetch(`${portal.url}/api/cmip6/annual?indicator=tas&geo=BTN&scenario=ssp245&window=2040-2059`)).json();
    // the model's ingested values are in the series, as read
    expect(full.series[0].sources[MODEL]).toBe(ID);
    expect(full.series[0].values[MODEL][25]).toBe(40);
    const [window] = full.windows;
    expect(window.excluded).toEqual([{ model: MODEL, reason: "baseline not ingested", sources: [ID], baselineSources: ["sample"] }]);
    expect(window.models[MODEL]).toBeUndefined();
    expect(window.of).toBe(full.models.length);
    expect(window.count).toBe(window.of - 1);
    expect(window.text).toContain(`left out: ${MODEL} (baseline not ingested)`);
    expect(window.method).toContain("One source per model");
    // every other model is sample at both ends, and says so
    for (const m of Object.values(window.models) as { source: string; sources: string[]; baselineSources: string[] }[]) {
      expect(m).toMatchObject({ source: "sample", sources: ["sample"], baselineSources: ["sample"] });
    }

    // the same statistics as an answer that never had the model
    const others = full.models.map((m: { code: string }) => m.code).filter((code: string) => code !== MODEL);
    const without = await (await fetch(`${portal.url}/api/cmip6/annual?indicator=tas&geo=BTN&scenario=ssp245&window=2040-2059&model=${others.join(",")}`)).json();
    const [reference] = without.windows;
    expect(reference.excluded).toEqual([]);
    for (const key of ["median", "p10", "p90", "count", "change", "agreement"]) expect(window[key], key).toEqual(reference[key]);
  });

  test("/care-comp leaves the model out of its window means and says why", async () => {
    const query = "indicator=tas&compare=places&geo=BTN&scenario=ssp245";
    const data = await (await fetch(`${portal.url}/care-comp?${query}&_data=routes%2Fcare-comp`)).json();
    const [row] = data.result.windows;
    const column = data.result.windowLabels.indexOf("2040-2059");
    expect(row.leftOut[column]).toBe(`${MODEL} (baseline not ingested)`);
    expect(row.sources[column].ingested).toEqual([]);
    expect(row.sources[column].sample).not.toContain(MODEL);

    const answer = await (await fetch(`${portal.url}/api/cmip6/annual?indicator=tas&geo=BTN&scenario=ssp245&window=2040-2059`)).json();
    const [window] = answer.windows;
    const decimals = answer.indicator.decimals + 1;
    expect(row.counts[column]).toBe(window.count);
    expect(row.values[column]).toBeCloseTo(window.median, decimals);
    expect(row.changes[column]).toBeCloseTo(window.change.median, decimals);
    expect(row.agreements[column]).toEqual(window.agreement);

    const page = await (await fetch(`${portal.url}/care-comp?${query}`)).text();
    expect(page).toContain(`Bhutan, 2040-2059: ${MODEL} (baseline not ingested)`);
  });
});
