import { expect, test } from "@playwright/test";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { writeTestNetcdf } from "../../server/series/ingest/testing/write-netcdf";
import { startNginx, type Nginx } from "../support/nginx.mjs";
import { startPortal } from "../support/portal";
import { startPostgres, type Postgres } from "../support/postgres";

/**
 * docs/deployment.md, "Loading the full data set": two app servers behind nginx read the shared PostgreSQL
 * store while a queue worker commits model-years into it. No request fails, and every answer is of one data
 * version: the files its provenance names and the years it has values for come from the same commit (a
 * year's tas file and its rows are committed together), and one ETag always carries the same body.
 */

const LAT = Array.from({ length: 20 }, (_, i) => 20.5 + i);
const LON = Array.from({ length: 20 }, (_, i) => 75.5 + i);
const YEARS = [2015, 2016, 2017, 2018, 2019, 2020, 2021, 2022];
const QUERY = `/api/cmip6/annual?indicator=tas&geo=NPL&scenario=ssp245&model=ACCESS-CM2&start=${YEARS[0]}&end=${YEARS.at(-1)}`;

test.describe("app servers reading the shared store while an ingest commits", () => {
  test.describe.configure({ timeout: 240_000 });
  let dir: string;
  let postgres: Postgres | { skip: string };
  let nginx: Nginx | { skip: string } | undefined;
  const portals: Awaited<ReturnType<typeof startPortal>>[] = [];
  let worker: ChildProcess | undefined;

  test.beforeAll(async () => {
    postgres = await startPostgres();
    if ("skip" in postgres) return;
    dir = mkdtempSync(path.join(tmpdir(), "sacap-shared-store-"));
    mkdirSync(path.join(dir, "files"));
    for (const year of YEARS) {
      // each year its own temperature: 20.0, 20.1, ... °C
      await writeTestNetcdf({
        path: path.join(dir, "files", `tas_day_ACCESS-CM2_ssp245_r1i1p1f1_gn_${year}.nc`), variable: "tas", units: "K", lat: LAT, lon: LON,
        time: Array.from({ length: 365 }, (_, t) => t + 0.5), timeUnits: `days since ${year}-01-01`, calendar: "noleap", value: () => 273.15 + 20 + (year - YEARS[0]) / 10,
      });
    }
    const settings = { SERIES_DB: postgres.url, SERIES_DB_POLL_SECONDS: "0.2" };
    portals.push(...(await Promise.all([startPortal(settings), startPortal(settings)])));
    nginx = await startNginx(portals.map((p) => new URL(p.url).host));
  });
  test.afterAll(async () => {
    worker?.kill("SIGKILL");
    if (nginx && "stop" in nginx) await nginx.stop();
    for (const p of portals) p.process.kill();
    if (postgres && "stop" in postgres) postgres.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test("no request fails and every answer is of one data version", async () => {
    test.skip("skip" in postgres, "skip" in postgres ? postgres.skip : "");
    test.skip(!nginx || "skip" in nginx, nginx && "skip" in nginx ? nginx.skip : "no nginx");
    const { url } = postgres as Postgres;
    const proxy = (nginx as Nginx).url;
    const queued = spawnSync(process.execPath, ["build/server/ingest.js", path.join(dir, "files"), "--queue", url, "--json"], { encoding: "utf8" });
    expect(queued.status, queued.stderr).toBe(0);
    worker = spawn(process.execPath, ["build/server/ingest-worker.js", "--queue", url, "--poll", "0.5"], { stdio: ["ignore", "pipe", "pipe"] });
    let workerOutput = "";
    worker.stdout!.on("data", (c) => (workerOutput += c));
    worker.stderr!.on("data", (c) => (workerOutput += c));

    const failures: string[] = [];
    const bodies = new Map<string, string>();
    const ingestedYears = new Set<number>();
    let done = false;
    const client = async () => {
      while (!done) {
        const response = await fetch(`${proxy}${QUERY}`).catch((error: Error) => ({ status: 0, error }) as const);
        if (!("ok" in response) || response.status !== 200) {
          failures.push(`status ${response.status}${"error" in response ? `: ${response.error.message}` : ""}`);
          continue;
        }
        const etag = response.headers.get("etag") ?? "";
        const text = await response.text();
        if (bodies.has(etag) && bodies.get(etag) !== text) failures.push(`${etag}: two bodies`);
        bodies.set(etag, text);
        const body = JSON.parse(text);
        const block = body.series[0];
        const id = block.sources["ACCESS-CM2"];
        if (body.provenance[id].sample) continue;
        // the years with values are the years of the files the provenance names: one commit's
        const files = Number(/(\d+) files?:/.exec(body.provenance[id].source)?.[1]);
        const years = block.years.filter((_: number, i: number) => block.values["ACCESS-CM2"][i] !== null);
        if (years.length !== files) failures.push(`${files} files named, ${years.length} years with values: ${years.join(" ")}`);
        years.forEach((year: number) => {
          ingestedYears.add(year);
          const value = block.values["ACCESS-CM2"][block.years.indexOf(year)];
          if (Math.abs(value - (20 + (year - YEARS[0]) / 10)) > 1e-6) failures.push(`${year}: ${value}`);
        });
      }
    };
    const clients = Array.from({ length: 4 }, () => client());
    const deadline = Date.now() + 180_000;
    for (;;) {
      const status = JSON.parse(spawnSync(process.execPath, ["build/server/ingest.js", "--status", "--queue", url, "--json"], { encoding: "utf8" }).stdout);
      if (status.sets.done === YEARS.length) break;
      expect(Date.now() < deadline, workerOutput).toBe(true);
      await new Promise((r) => setTimeout(r, 500));
    }
    // let the servers catch up with the last commit, then stop reading
    await new Promise((r) => setTimeout(r, 1500));
    done = true;
    await Promise.all(clients);
    expect(failures).toEqual([]);
    // the readers saw the store grow (several versions), and end with every year
    expect(bodies.size).toBeGreaterThan(2);
    expect([...ingestedYears].sort()).toEqual(YEARS);
    const last = await (await fetch(`${proxy}${QUERY}`)).json();
    expect(last.series[0].values["ACCESS-CM2"]).toEqual(YEARS.map((y) => Number((20 + (y - YEARS[0]) / 10).toFixed(2))));
  });
});
