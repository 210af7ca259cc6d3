import { parseArgs } from "node:util";
import { EnvError, parseEnv, seriesDatabaseFile, seriesDatabaseUrl } from "../env.server";
import { loadSeeds, SeedError } from "../seeds.server";
import { ingest, type IngestProgress, type IngestSummary } from "../series/ingest/ingest.server";
import { OBSERVATION_DATASETS } from "../../app/features/observations/datasets";
import { loadElevationOption, parseObservedOption, redactUrl, UsageError } from "./options";
import path from "node:path";
import { DEFAULT_LEASE, enqueue, queueStatus, type QueueStatus } from "../series/queue/jobs.server";
import { printable, writeText } from "./terminal";
import { buildGridFilesFrom, type BuildGridSummary } from "../grids/ingest/build";
import { buildGridFilesFromShared } from "../grids/ingest/shared.server";

/** The queue's state in lines: counts, failures with their errors, running sets, bases, time left. */
export function statusText(s: QueueStatus): string {
  const lines = [
    `sets: ${s.sets.done} done, ${s.sets.running} running, ${s.sets.queued + s.sets.retry} pending (${s.sets.retry} to retry), ${s.sets.failed} failed, of ${s.sets.total}`,
    `time left: ${s.etaSeconds === undefined ? "unknown until a set is done" : clock(s.etaSeconds)}`,
    `data version: ${s.dataVersion}`,
  ];
  for (const b of s.bases) lines.push(`percentile base ${b.model}: ${b.state}`);
  for (const g of s.grids) lines.push(`gridded fields ${g.indicator} ${g.scenario}: ${g.state}`);
  for (const r of s.running) lines.push(`running ${r.set} on ${r.worker} for ${clock(r.seconds)}`);
  for (const f of s.failed) lines.push(`FAILED  ${f.set} (${f.attempts} attempt${f.attempts === 1 ? "" : "s"}): ${f.error}`);
  return `${lines.join("\n")}\n`;
}

const USAGE = `Loads daily CMIP6 NetCDF files (NEX-GDDP-CMIP6 or CMIP6 layout), and daily observational gridded
datasets (CHIRPS, ERA5, ERA5-Land, IMD), into the series database.

Usage: npm run ingest -- <files or folders> [--observed NAME] [--variable tas] [--to file:./data/series.db]
                        [--places FILE.geojson] [--elevation FILE.nc] [--json]
       npm run ingest -- <files or folders> --queue postgres://... [same options]
       npm run ingest -- --status --queue postgres://... [--json]

  <files or folders>  .nc / .nc4 files named {variable}_day_{model}_{scenario}_{variant}_{grid}_{years}.nc;
                      folders are searched recursively
  --observed NAME     take every file as the observational dataset NAME, stored as scenario "observed"
                      with the dataset's id as model:
${OBSERVATION_DATASETS.map((d) => `                        ${d.flags[0].padEnd(10)} ${d.id.padEnd(12)} ${d.coverage}`).join("\n")}
                      Without it, files whose names are not CMIP6 names are recognised from their global
                      attributes (title, source, institution); a file whose attributes name another
                      dataset than NAME is refused
  --variable VAR      only files of VAR (tas, tasmax, tasmin, pr, hurs, huss, rsds, rlds, sfcWind);
                      repeat or give a comma list
  --to file:PATH      the series database (default: SERIES_DB when it names a file, else file:./data/series.db)
  --chunk-days N      days read at a time (default 32; memory grows with it)
  --trust WHAT        when a file's name and its time axis give different years: "time-axis" stores the
                      days where the axis puts them, "name" moves them to the name's years (default: refuse)
  --replace           let files replace rows that other files wrote (each replacement is reported);
                      without it such a file is refused and nothing of it is written
  --min-coverage P    percent of a place's outline a file's grid must cover to give it a series
                      (default 99); places covered less are listed and get nothing from the file
  --places FILE       your own outlines (official borders, HydroBASINS, GADM): a GeoJSON FeatureCollection
                      in WGS 84 degrees, a Polygon or MultiPolygon per place with properties.code (or iso3)
                      naming a country (NPL), basin (indus) or state (IN-UP); places it does not name keep
                      the shipped outlines. Another code adds a place (a district): it needs
                      properties.name and properties.country (NPL, IND, ...) and a code of its own, an
                      ISO 3166-2 code of that country (IN-UP-LKO) or a lowercase one (lucknow-district);
                      the database records it and a portal started on it lists it as a place of its
                      country. Checked before reading: a feature without a code, a new place without a
                      name or country or whose name or code is another place's address, not a polygon,
                      with an open, crossing or projected ring stops the run, naming the feature and rule.
                      Files ingested with other outlines are read again.
  --elevation FILE    elevation of each grid cell for potential evapotranspiration (pet): a NetCDF4 file
                      with an orography or elevation variable in metres (CMIP6 orog, a DEM) on a regular
                      lat-lon grid, sampled at each cell centre (nearest neighbour). Without it PET takes
                      sea-level pressure (101.3 kPa) and its series say "elevation not given".
  --json              print the summary as JSON on stdout
  --grids             only write the gridded change fields again from the grid cell values in the series
                      database (no files are read): one CF NetCDF file per indicator, scenario and season
                      in GRID_DIR (default data/grids). A normal run writes those of the indicators and
                      scenarios it ingested after its files. With --queue URL the workers write them
                      themselves once every set is done, one job per indicator and scenario; --grids
                      --queue URL writes them again here, from the shared store (see docs/grids.md)
  --no-grids          keep no grid cell values and write no gridded fields (place series only)
  --grids-to DIR      the folder of the gridded fields (default: GRID_DIR); with --queue, the same path
                      on every worker's machine (a shared file system the app servers read too)
  --queue URL         PostgreSQL (postgres://user@host/db): queue the files as jobs, one per model, scenario
                      and years, for \`npm run ingest:worker -- --queue URL\` processes on any number of
                      machines, which write the shared series store in that database (SERIES_DB=URL for
                      the portal). The options above travel with each job; paths must be the same on every
                      worker's machine (a shared file system). Sets done before with the same files are not
                      queued again. See docs/deployment.md, "Loading the full data set".
  --status            with --queue: the sets done, running, queued and failed (with their errors), the
                      percentile bases, the gridded field jobs and the time left
  --lease S[,B]       with --queue: seconds a set's job may run before the queue takes it back and gives
                      it to another worker (default 900: a worker that dies loses its job after this), and
                      B for a model's percentile base job (default 3600)

PET is FAO-56 Penman-Monteith per grid cell and day when a model-year has tas, tasmax, tasmin, hurs, rsds
and sfcWind, else Hargreaves-Samani from tas, tasmax and tasmin; each series records which.

Files of one model, scenario and years are read together (indices such as DTR need tasmax and tasmin).
Files already ingested (same name and SHA-256) are skipped while their rows are still theirs; a bad file is
reported and nothing of it is written. A file is refused when its name and time axis disagree, when it
declares more than it holds (or more than 200 years of days), or when a value is implausible (for example
a temperature outside -90..60 °C or negative precipitation), naming the variable, day and cell.
With DAILY_DIR set, the daily tasmax, tasmin, tas and pr of the cells read are also kept in that folder (the
daily store for indices computed on demand; docs/decisions/030-daily-store.md), from the same reading; a set
ingested before whose days the store lacks is read again for them. With --queue the workers write it, at
the path DAILY_DIR names when the files are queued (the same on every machine).
Restart the portal afterwards: it reads the database at start-up (SERIES_DB).`;

function parse(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      variable: { type: "string", multiple: true },
      to: { type: "string" },
      "chunk-days": { type: "string" },
      trust: { type: "string" },
      replace: { type: "boolean" },
      "min-coverage": { type: "string" },
      places: { type: "string" },
      elevation: { type: "string" },
      observed: { type: "string" },
      json: { type: "boolean" },
      queue: { type: "string" },
      status: { type: "boolean" },
      lease: { type: "string" },
      grids: { type: "boolean" },
      "no-grids": { type: "boolean" },
      "grids-to": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
  return { values, positionals };
}

const clock = (seconds: number) => {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${h > 0 ? `${h}:${String(m).padStart(2, "0")}` : m}:${String(s % 60).padStart(2, "0")}`;
};
const compact = (n: number) => (n >= 1e9 ? `${(n / 1e9).toFixed(1)}G` : n >= 1e6 ? `${(n / 1e6).toFixed(1)}M` : n >= 1e3 ? `${(n / 1e3).toFixed(1)}k` : String(n));

/** One line: bar, files, cells, cell-days, elapsed and time left. */
export function progressLine(p: IngestProgress, width = 24): string {
  const share = p.bytesTotal > 0 ? Math.min(1, p.bytesDone / p.bytesTotal) : 1;
  const filled = Math.round(share * width);
  const left = p.remaining === undefined ? "--:--" : clock(p.remaining);
  return `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${String(Math.round(share * 100)).padStart(3)}%  files ${p.filesDone}/${p.filesTotal}  cells ${p.cells}  cell-days ${compact(p.cellDays)}  ${clock(p.elapsed)} elapsed, ${left} left${p.current ? `  ${p.current}` : ""}`;
}

function printSummary(s: IngestSummary) {
  const out = process.stderr;
  writeText(out, `\nIngest into ${s.database}: ${s.ingested.length} file(s) ingested, ${s.skipped.length} already there, ${s.failed.length} failed, ${s.ignored.length} ignored; ${s.rows} series rows written; ${compact(s.cellDays)} cell-days in ${clock(s.seconds)}; peak memory ${s.peakRssMb} MB.\n`);
  if (s.dailyYears > 0) writeText(out, `  daily   ${s.dailyYears} variable-year(s) written to the daily store\n`);
  for (const f of s.failed) writeText(out, `  FAILED  ${f.file}: ${f.reason}\n`);
  for (const f of s.ignored) writeText(out, `  ignored ${f.file}: ${f.reason}\n`);
  for (const p of s.partial) writeText(out, `  skipped ${p.geo}: ${(p.coverage * 100).toFixed(1)} % covered by the grid of ${p.files}\n`);
  for (const r of s.replaced) writeText(out, `  REPLACED rows of ${r.years.join(", ")} written by ${r.writtenBy} (now ${r.file})\n`);
  for (const w of s.warnings) writeText(out, `  note    ${w}\n`);
  for (const p of s.percentiles) writeText(out, `  pctl    ${p}\n`);
}

async function main() {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(process.argv.slice(2));
  } catch (error) {
    writeText(process.stderr, `${error instanceof Error ? error.message : error}\n\n${USAGE}\n`);
    process.exit(2);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    writeText(process.stdout, `${USAGE}\n`);
    return;
  }
  const queue = values.queue;
  if (queue !== undefined && !/^postgres(ql)?:\/\//.test(queue)) {
    writeText(process.stderr, `--queue must be a PostgreSQL URL (postgres://user@host:5432/db), not "${queue}"\n`);
    process.exit(2);
  }
  if (values.status) {
    if (!queue) {
      writeText(process.stderr, `--status needs --queue postgres://...\n`);
      process.exit(2);
    }
    const status = await queueStatus(queue);
    if (values.json) writeText(process.stdout, `${JSON.stringify(status, null, 2)}\n`);
    else writeText(process.stdout, statusText(status));
    return;
  }
  if (values.grids && values["no-grids"]) {
    writeText(process.stderr, `--grids and --no-grids contradict each other: give one\n`);
    process.exit(2);
  }
  if (positionals.length === 0 && !values.grids) {
    writeText(process.stderr, `Give at least one file or folder.\n\n${USAGE}\n`);
    process.exit(2);
  }
  const lease = values.lease === undefined ? undefined : values.lease.split(",").map(Number);
  if (lease !== undefined && (!queue || lease.length > 2 || lease.some((n) => !(Number.isFinite(n) && n >= 1)))) {
    writeText(process.stderr, `--lease must be seconds (at least 1) for a set's job, optionally a comma and seconds for a percentile base's, with --queue; not "${values.lease}"\n`);
    process.exit(2);
  }
  if (queue && values.to !== undefined) {
    writeText(process.stderr, `--to and --queue name two stores: give one\n`);
    process.exit(2);
  }
  const to = values.to;
  if (to !== undefined && !/^file:[^?]+$/.test(to)) {
    writeText(process.stderr, `--to must be file:PATH, not "${to}"\n`);
    process.exit(2);
  }
  const chunkDays = values["chunk-days"] === undefined ? undefined : Number(values["chunk-days"]);
  if (chunkDays !== undefined && !(Number.isInteger(chunkDays) && chunkDays > 0)) {
    writeText(process.stderr, `--chunk-days must be a whole number above 0\n`);
    process.exit(2);
  }
  const trust = values.trust;
  if (trust !== undefined && trust !== "name" && trust !== "time-axis") {
    writeText(process.stderr, `--trust must be name or time-axis, not "${trust}"\n`);
    process.exit(2);
  }
  const minCoverage = values["min-coverage"] === undefined ? undefined : Number(values["min-coverage"]);
  if (minCoverage !== undefined && !(minCoverage >= 0 && minCoverage <= 100)) {
    writeText(process.stderr, `--min-coverage must be a percentage from 0 to 100, not "${values["min-coverage"]}"\n`);
    process.exit(2);
  }
  let elevation: Awaited<ReturnType<typeof loadElevationOption>>;
  let observed: ReturnType<typeof parseObservedOption>;
  try {
    observed = parseObservedOption(values.observed);
    elevation = await loadElevationOption(values.elevation);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    writeText(process.stderr, `${error.message}\n`);
    process.exit(2);
  }
  const env = parseEnv(process.env);
  const shared = seriesDatabaseUrl(env.SERIES_DB);
  if (!to && !queue && shared) {
    writeText(process.stderr, `SERIES_DB is a PostgreSQL store (${redactUrl(shared)}): load it through the queue with --queue ${redactUrl(shared)} and npm run ingest:worker, or name a SQLite file with --to file:PATH\n`);
    process.exit(2);
  }
  const database = to ? to.slice("file:".length) : (seriesDatabaseFile(env.SERIES_DB) ?? "./data/series.db");
  const seeds = loadSeeds();
  const gridDir = values["grids-to"] ?? env.GRID_DIR;
  const writeGrids = async (only?: { indicator: string; scenario: string }[]) => {
    const options = { gridDir, seeds, only, log: (line: string) => writeText(process.stderr, `${line}\n`) };
    const built = queue ? await buildGridFilesFromShared(queue, options) : await buildGridFilesFrom(database, options);
    printGrids(built, gridDir);
    return built;
  };
  if (values.grids) {
    const built = await writeGrids();
    if (values.json) writeText(process.stdout, `${JSON.stringify(built, null, 2)}\n`);
    return;
  }
  const variables = values.variable?.flatMap((v) => v.split(",").map((x) => x.trim()).filter(Boolean));
  if (queue) {
    const result = await enqueue({ url: queue }, {
      paths: positionals.map((p) => path.resolve(p)),
      seeds,
      settings: {
        ...(variables ? { variables } : {}),
        ...(chunkDays ? { chunkDays } : {}),
        ...(trust ? { trust } : {}),
        ...(values.replace ? { replace: true } : {}),
        ...(minCoverage !== undefined ? { minCoverage: minCoverage / 100 } : {}),
        ...(values.places ? { places: path.resolve(values.places) } : {}),
        ...(values.elevation ? { elevation: path.resolve(values.elevation) } : {}),
        ...(observed ? { observed: observed.id } : {}),
        ...(lease ? { lease: { set: lease[0], base: lease[1] ?? DEFAULT_LEASE.base } } : {}),
        grids: values["no-grids"] ? false : { dir: path.resolve(gridDir) },
        ...(env.DAILY_DIR ? { daily: { dir: path.resolve(env.DAILY_DIR) } } : {}),
      },
      log: (line) => writeText(process.stderr, `${line}\n`),
    });
    const out = process.stderr;
    writeText(out, `Queued ${result.queued.length} set(s) of files (${result.plan.sets.reduce((n, s) => n + s.files.length, 0)} files) on ${redactUrl(queue)}; ${result.done.length} set(s) were done before; ${result.plan.ignored.length} file(s) ignored, ${result.plan.failed.length} failed.\n`);
    for (const f of result.plan.failed) writeText(out, `  FAILED  ${f.file}: ${f.reason}\n`);
    for (const f of result.plan.ignored) writeText(out, `  ignored ${f.file}: ${f.reason}\n`);
    writeText(out, "Start workers with: npm run ingest:worker -- --queue URL; follow them with: npm run ingest -- --status --queue URL\n");
    if (values.json) writeText(process.stdout, `${JSON.stringify({ queued: result.queued, done: result.done, ignored: result.plan.ignored, failed: result.plan.failed }, null, 2)}\n`);
    if (result.plan.failed.length > 0) process.exitCode = 1;
    return;
  }
  const tty = process.stderr.isTTY;
  let lastLine = 0;
  const summary = await ingest({
    paths: positionals,
    database,
    variables,
    seeds,
    chunkDays,
    trust,
    replace: values.replace ?? false,
    minCoverage: minCoverage === undefined ? undefined : minCoverage / 100,
    places: values.places,
    elevation,
    observed,
    grids: !values["no-grids"],
    daily: env.DAILY_DIR,
    log: (line) => writeText(process.stderr, `${line}\n`, { clearLine: tty }),
    onProgress: (p) => {
      const now = Date.now();
      if (tty) {
        // cut to the terminal's width once shown as written, so that the line never wraps
        writeText(process.stderr, printable(progressLine(p, 20)).slice(0, (process.stderr.columns ?? 120) - 1), { clearLine: true });
      } else if (now - lastLine > 5000 || p.filesDone === p.filesTotal) {
        // no terminal (a log file): a line every few seconds
        lastLine = now;
        writeText(process.stderr, `${progressLine(p)}\n`);
      }
    },
  });
  if (tty) writeText(process.stderr, "\n");
  printSummary(summary);
  // the gridded fields of what this run ingested
  const grids = summary.gridRuns.length > 0 ? await writeGrids(summary.gridRuns) : undefined;
  if (values.json) writeText(process.stdout, `${JSON.stringify(grids ? { ...summary, grids } : summary, null, 2)}\n`);
  if (summary.failed.length > 0) process.exitCode = 1;
}

function printGrids(built: BuildGridSummary, dir: string) {
  writeText(process.stderr, `Gridded fields: ${built.written.length} file(s) written to ${dir}\n`);
  for (const s of built.skipped) writeText(process.stderr, `  grid ${s.indicator} ${s.scenario}: ${s.reason}\n`);
}

main().catch((error: unknown) => {
  const message = error instanceof EnvError || error instanceof SeedError ? error.message : error instanceof Error ? error.message : String(error);
  writeText(process.stderr, `\n${message}\n`);
  process.exit(1);
});
