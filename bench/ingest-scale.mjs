#!/usr/bin/env node
// Ingest at scale: the same model-years loaded three ways on this machine, in one run, alternating:
//   1. `node build/server/ingest.js DIR --to file:...` (one process, SQLite),
//   2. the PostgreSQL queue (pg-boss) with 1 worker process (`ingest.js DIR --queue URL`, then
//      `ingest-worker.js --queue URL --poll 0.5`, followed with `ingest.js --status --queue URL --json` every --status-every seconds),
//   3. the same with 2 worker processes (one per core).
// The order is reversed every other round: SQLite, 1 worker, 2 workers, then 2 workers, 1 worker, SQLite.
// Input: daily files of the eight variables (tas, tasmax, tasmin, pr, hurs, huss, rsds, sfcWind) over the
// 0.25-degree South Asia box (160 x 160 cells) for ACCESS-CM2 ssp245, years 2015..2015+N-1
// (bench/netcdf-gen.mjs, generated on two threads). PostgreSQL is a throwaway cluster in a temporary
// folder (initdb/pg_ctl from /usr/lib/postgresql/*/bin, as the postgres user when run as root, trust
// authentication, a free loopback port), with a new database per queue measurement. PostgreSQL runs on the
// same cores as the workers: its CPU time is measured (the postmaster and its children, from /proc) and
// reported beside theirs, and so is the CPU time other processes took on the machine meanwhile.
// Writes bench/results/ingest-scale.json and prints a table. Run `npm run build` first; the two built
// commands are copied at the start, so a rebuild during the run does not change what is measured.
//
//   node bench/ingest-scale.mjs [--years 6] [--rounds 2] [--status-every 10] [--keep] [--out FILE]
//
// --years N          model-years (default 6)
// --rounds R         repetitions of the three measurements, the order reversed every other round (default 2)
// --status-every S   seconds between the `--status --json` calls that follow the queue (default 10)
// --keep             generate the files into bench/.tmp/ingest-scale and keep them; a later run with --keep
//                    reuses them when they are complete for the same years
// --out FILE         where to write the results (default bench/results/ingest-scale.json)
// --worker-flags F   Node flags of the worker processes (default: those of package.json's ingest:worker
//                    script, as an operator starts them; "" for none)
import { execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { chownSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";

/**
 * The steady rate of a queue measurement: model-year jobs after each worker's first (grid masks on an empty
 * store), their mean time, and `workers` of them at once.
 */
function steadyRate(done, workers) {
  const started = new Set();
  const later = done.filter((e) => {
    if (started.has(e.pid)) return true;
    started.add(e.pid);
    return false;
  });
  if (later.length === 0) return {};
  const mean = later.reduce((sum, e) => sum + e.seconds, 0) / later.length;
  return { steadyJobSecondsMean: Math.round(mean * 100) / 100, modelYearsPerHourSteady: Math.round((workers * 3600) / mean) };
}

const VARIABLES = ["tas", "tasmax", "tasmin", "pr", "hurs", "huss", "rsds", "sfcWind"];
const MODEL = "ACCESS-CM2";
const SCENARIO = "ssp245";
const FIRST_YEAR = 2015;

if (!isMainThread) {
  // a generator thread: writes the files it is given, one message per file
  const { writeDaily } = await import("./netcdf-gen.mjs");
  for (const task of workerData.tasks) {
    const t0 = performance.now();
    const written = writeDaily(workerData.dir, { variable: task.variable, model: MODEL, scenario: SCENARIO, year: task.year });
    parentPort.postMessage({ ...written, seconds: (performance.now() - t0) / 1000 });
  }
} else {
  await main();
}

async function main() {
  const { benchmarkIndex, freePort, loadAverage, median, root, round } = await import("./lib.mjs");
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const i = args.indexOf(`--${name}`);
    return i === -1 ? fallback : Number(args[i + 1]);
  };
  const YEARS = option("years", 6);
  const ROUNDS = option("rounds", 2);
  const STATUS_EVERY = option("status-every", 10);
  const KEEP = args.includes("--keep");
  const flagsArg = args.indexOf("--worker-flags");
  const scriptFlags = () => {
    const script = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).scripts["ingest:worker"];
    const m = /^node((?: --[\w-]+(?:=\S+)?)*) build\/server\/ingest-worker\.js$/.exec(script);
    if (!m) throw new Error(`cannot read the worker's Node flags from the ingest:worker script: ${script}`);
    return m[1].trim();
  };
  const WORKER_FLAGS = (flagsArg === -1 ? scriptFlags() : args[flagsArg + 1] ?? "").split(/\s+/).filter(Boolean);
  const outArg = args.indexOf("--out");
  const OUT = outArg === -1 ? path.join(root, "bench/results/ingest-scale.json") : path.resolve(args[outArg + 1]);
  if (!(Number.isInteger(YEARS) && YEARS >= 1) || !(Number.isInteger(ROUNDS) && ROUNDS >= 1)) throw new Error("--years and --rounds take a whole number of at least 1");
  const years = Array.from({ length: YEARS }, (_, i) => FIRST_YEAR + i);
  const benchStarted = performance.now();
  const log = (line) => console.error(`[${((performance.now() - benchStarted) / 1000).toFixed(0).padStart(4)} s] ${line}`);

  // --- the machine ---------------------------------------------------------------------------------------
  const cpuinfoMHz = () => {
    try {
      const mhz = /^cpu MHz\s*:\s*([\d.]+)/m.exec(readFileSync("/proc/cpuinfo", "utf8"))?.[1];
      return mhz ? Math.round(Number(mhz)) : undefined;
    } catch {
      return undefined;
    }
  };
  const CLK_TCK = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  const git = (...a) => {
    try {
      return execFileSync("git", a, { cwd: root, encoding: "utf8" }).trim();
    } catch {
      return undefined;
    }
  };

  // --- the built commands, copied so that a rebuild by someone else during the run changes nothing -------
  const built = { ingest: path.join(root, "build/server/ingest.js"), worker: path.join(root, "build/server/ingest-worker.js") };
  for (const file of Object.values(built)) if (!existsSync(file)) throw new Error(`${path.relative(root, file)} is missing: run npm run build first`);
  mkdirSync(path.join(root, "bench/.tmp"), { recursive: true });
  const snapshot = mkdtempSync(path.join(root, "bench/.tmp/ingest-scale-build-"));
  const commands = {};
  const buildInfo = {};
  for (const [key, file] of Object.entries(built)) {
    commands[key] = path.join(snapshot, path.basename(file));
    copyFileSync(file, commands[key]);
    buildInfo[path.basename(file)] = { builtAt: statSync(file).mtime.toISOString(), sha256: createHash("sha256").update(readFileSync(file)).digest("hex").slice(0, 16) };
  }

  // --- processes and CPU time from /proc -----------------------------------------------------------------
  /** utime, stime, cutime, cstime of a process in seconds (undefined when it is gone). */
  const procTimes = (pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // fields[0] is field 3 (state): utime is field 14, stime 15, cutime 16, cstime 17
      const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i]) / CLK_TCK);
      return { utime, stime, cutime, cstime, ppid: Number(fields[1]) };
    } catch {
      return undefined;
    }
  };
  const statusKb = (pid, field) => {
    try {
      return Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
    } catch {
      return undefined;
    }
  };
  const pssKb = (pid) => {
    try {
      return Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"))?.[1]) || 0;
    } catch {
      return 0;
    }
  };
  /** Busy and total core-seconds of the whole machine since boot. */
  const machineCpu = () => {
    const [, ...v] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/);
    const [user, nice, system, idle, iowait, irq, softirq, steal] = v.map(Number);
    const busy = user + nice + system + irq + softirq + (steal || 0);
    return { busy: busy / CLK_TCK, total: (busy + idle + iowait) / CLK_TCK };
  };
  const children = (ppid) => {
    const out = [];
    for (const name of readdirSync("/proc")) {
      if (!/^\d+$/.test(name)) continue;
      const t = procTimes(Number(name));
      if (t && t.ppid === ppid) out.push(Number(name));
    }
    return out;
  };
  /** CPU seconds of this script's reaped children (the commands it ran and waited for). */
  const reapedCpu = () => {
    const t = procTimes(process.pid);
    return t.cutime + t.cstime;
  };

  // --- PostgreSQL: a throwaway cluster -----------------------------------------------------------------
  const findPostgres = () => {
    const dirs = existsSync("/usr/lib/postgresql") ? readdirSync("/usr/lib/postgresql").sort((a, b) => Number(b) - Number(a)).map((v) => path.join("/usr/lib/postgresql", v, "bin")) : [];
    dirs.push(...(process.env.PATH ?? "").split(":").filter(Boolean));
    for (const d of dirs) if (existsSync(path.join(d, "initdb")) && existsSync(path.join(d, "pg_ctl"))) return d;
    throw new Error("no PostgreSQL server binaries (initdb, pg_ctl): install Debian's postgresql package");
  };
  const pgBin = findPostgres();
  const asRoot = os.userInfo().uid === 0;
  const asPostgres = (command, a) => (asRoot ? execFileSync("runuser", ["-u", "postgres", "--", command, ...a], { stdio: "pipe", cwd: "/" }) : execFileSync(command, a, { stdio: "pipe" }));
  const pgDir = mkdtempSync(path.join(os.tmpdir(), "sacap-bench-pg-"));
  if (asRoot) chownSync(pgDir, Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" })), Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" })));
  const pgData = path.join(pgDir, "data");
  const pgPort = await freePort();
  const pgAdminUrl = `postgres://sacap@127.0.0.1:${pgPort}/postgres`;
  let pgStarted = false;
  const stopPostgres = () => {
    if (pgStarted) {
      try {
        asPostgres(path.join(pgBin, "pg_ctl"), ["-D", pgData, "-m", "fast", "-w", "stop"]);
      } catch {
        // already stopped
      }
      pgStarted = false;
    }
    rmSync(pgDir, { recursive: true, force: true });
  };

  // --- the data --------------------------------------------------------------------------------------
  const runDir = mkdtempSync(path.join(os.tmpdir(), "sacap-bench-ingest-scale-"));
  const dataDir = KEEP ? path.join(root, "bench/.tmp/ingest-scale") : path.join(runDir, "files");
  const running = new Set();
  const cleanUp = () => {
    for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    stopPostgres();
    rmSync(runDir, { recursive: true, force: true });
    rmSync(snapshot, { recursive: true, force: true });
  };
  process.on("SIGINT", () => {
    cleanUp();
    process.exit(130);
  });

  try {
    const loadAtStart = loadAverage();
    const benchmarkIndexAtStart = await benchmarkIndex();
    const machine = {
      benchmarkIndexAtStart,
      cpu: os.cpus()[0]?.model,
      cpuSpeedMHz: os.cpus()[0]?.speed,
      cpuinfoMHz: cpuinfoMHz(),
      cpus: os.cpus().length,
      memoryGiB: round(os.totalmem() / 2 ** 30, 1),
      node: process.version,
      platform: `${os.type()} ${os.release()}`,
      loadAverageAtStart: loadAtStart,
    };
    log(`${machine.cpus} x ${machine.cpu} (${machine.cpuSpeedMHz || machine.cpuinfoMHz} MHz), load average ${loadAtStart.join(" ")}, benchmarkIndex ${benchmarkIndexAtStart}`);

    // 1. files
    const expected = years.flatMap((year) => VARIABLES.map((variable) => ({ variable, year, name: `${variable}_day_${MODEL}_${SCENARIO}_r1i1p1f1_gn_${year}.nc` })));
    const marker = path.join(dataDir, "complete.json");
    let generation;
    const complete = () => {
      try {
        const m = JSON.parse(readFileSync(marker, "utf8"));
        return JSON.stringify(m.years) === JSON.stringify(years) && expected.every((f) => existsSync(path.join(dataDir, f.name)));
      } catch {
        return false;
      }
    };
    if (KEEP && complete()) {
      generation = { reused: true, ...JSON.parse(readFileSync(marker, "utf8")).generation };
      log(`reusing ${expected.length} files in ${path.relative(root, dataDir)}`);
    } else {
      rmSync(dataDir, { recursive: true, force: true });
      mkdirSync(dataDir, { recursive: true });
      const threads = Math.max(1, Math.min(2, os.cpus().length));
      const t0 = performance.now();
      const load0 = loadAverage();
      log(`generating ${expected.length} files on ${threads} threads (about 5 s each per thread)`);
      let done = 0;
      const perFile = [];
      await Promise.all(
        Array.from({ length: threads }, (_, k) =>
          new Promise((resolve, reject) => {
            const worker = new Worker(fileURLToPath(import.meta.url), { workerData: { dir: dataDir, tasks: expected.filter((_, i) => i % threads === k) } });
            worker.on("message", (m) => {
              perFile.push(m.seconds);
              if (++done % 8 === 0) log(`  ${done}/${expected.length} files`);
            });
            worker.on("error", reject);
            worker.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`generator thread exited ${code}`))));
          }),
        ),
      );
      generation = { reused: false, threads, seconds: round((performance.now() - t0) / 1000, 1), secondsPerFileMedian: round(median(perFile), 2), loadAverageAtStart: load0, loadAverageAtEnd: loadAverage() };
      writeFileSync(marker, JSON.stringify({ years, generation }));
    }
    const sizes = expected.map((f) => statSync(path.join(dataDir, f.name)).size);
    const firstYear = Object.fromEntries(VARIABLES.map((v) => [v, round(statSync(path.join(dataDir, expected.find((f) => f.variable === v && f.year === years[0]).name)).size / 1e6, 1)]));
    const input = {
      grid: "0.25 degree, 60-100 E x 0-40 N (160 x 160 cells)",
      days: 365,
      calendar: "noleap",
      chunking: "one day per HDF5 chunk, deflate level 4",
      model: MODEL,
      scenario: SCENARIO,
      years: `${years[0]}-${years[years.length - 1]}`,
      modelYears: YEARS,
      variables: VARIABLES,
      files: expected.length,
      megabytes: round(sizes.reduce((a, b) => a + b, 0) / 1e6, 1),
      megabytesPerModelYear: round(sizes.reduce((a, b) => a + b, 0) / 1e6 / YEARS, 1),
      megabytesPerFileOfTheFirstYear: firstYear,
      generation,
    };
    log(`${input.files} files, ${input.megabytes} MB (${input.megabytesPerModelYear} MB per model-year)`);

    // 2. PostgreSQL
    asPostgres(path.join(pgBin, "initdb"), ["-D", pgData, "-A", "trust", "-U", "sacap", "--no-instructions", "-E", "UTF8"]);
    asPostgres(path.join(pgBin, "pg_ctl"), ["-D", pgData, "-l", path.join(pgDir, "server.log"), "-o", `-p ${pgPort} -k ${pgDir} -c listen_addresses=127.0.0.1`, "-w", "-t", "60", "start"]);
    pgStarted = true;
    const postmaster = Number(readFileSync(path.join(pgData, "postmaster.pid"), "utf8").split("\n")[0]);
    const { default: pg } = await import("pg");
    const admin = async (sql, params = [], url = pgAdminUrl) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query(sql, params)).rows;
      } finally {
        await client.end();
      }
    };
    const settings = Object.fromEntries((await admin("SELECT name, setting, unit FROM pg_settings WHERE name = ANY($1)", [["shared_buffers", "fsync", "synchronous_commit", "max_wal_size", "wal_level", "work_mem", "max_connections"]])).map((r) => [r.name, r.unit ? `${r.setting} x ${r.unit}` : r.setting]));
    const postgres = { version: (await admin("SHOW server_version"))[0].server_version, binaries: pgBin, settings: { ...settings, note: "initdb defaults; one cluster on the same two cores as the workers" } };
    log(`PostgreSQL ${postgres.version} on port ${pgPort}`);
    /** CPU seconds of PostgreSQL so far: the postmaster, its reaped children and its live ones. */
    const postgresCpu = () => {
      const p = procTimes(postmaster);
      let s = p.utime + p.stime + p.cutime + p.cstime;
      for (const pid of children(postmaster)) {
        const t = procTimes(pid);
        if (t) s += t.utime + t.stime;
      }
      return s;
    };
    const postgresPssMb = () => (pssKb(postmaster) + children(postmaster).reduce((s, pid) => s + pssKb(pid), 0)) / 1024;

    // --- helpers for a measurement ------------------------------------------------------------------------
    const snapshotCpu = () => ({ machine: machineCpu(), postgres: postgresCpu(), reaped: reapedCpu(), self: process.cpuUsage() });
    /** CPU seconds between two snapshots: the machine's busy time, PostgreSQL's and this script's (itself and reaped children). */
    const cpuBetween = (a, b) => ({
      machineBusy: b.machine.busy - a.machine.busy,
      machineTotal: b.machine.total - a.machine.total,
      postgres: b.postgres - a.postgres,
      reaped: b.reaped - a.reaped,
      self: (b.self.user - a.self.user + b.self.system - a.self.system) / 1e6,
    });
    const run = (command, commandArgs, { timeoutMs = 30 * 60_000 } = {}) =>
      new Promise((resolve, reject) => {
        const child = spawn(command, commandArgs, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
        running.add(child);
        let stdout = "";
        let stderr = "";
        child.stdout.on("data", (d) => (stdout += d));
        child.stderr.on("data", (d) => (stderr += d));
        const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
        child.on("error", reject);
        child.on("close", (code, signal) => {
          clearTimeout(timer);
          running.delete(child);
          resolve({ code, signal, stdout, stderr });
        });
      });
    const hasTime = existsSync("/usr/bin/time");
    const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

    // --- 1. SQLite, one process ------------------------------------------------------------------------
    let sqliteRun = 0;
    async function measureSqlite() {
      const database = path.join(runDir, `series-${++sqliteRun}.db`);
      const load0 = loadAverage();
      const cpu0 = snapshotCpu();
      const t0 = performance.now();
      const argv = [commands.ingest, dataDir, "--to", `file:${database}`, "--json"];
      const r = hasTime ? await run("/usr/bin/time", ["-v", process.execPath, ...argv]) : await run(process.execPath, argv);
      const wall = (performance.now() - t0) / 1000;
      const cpu = cpuBetween(cpu0, snapshotCpu());
      const load1 = loadAverage();
      if (r.code !== 0) throw new Error(`SQLite ingest exited ${r.code}: ${r.stderr.slice(-2000)}`);
      const summary = JSON.parse(r.stdout);
      const time = hasTime
        ? {
            maxRssMb: round(Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr)?.[1]) / 1024, 0),
            userSeconds: Number(/User time \(seconds\): ([\d.]+)/.exec(r.stderr)?.[1]),
            systemSeconds: Number(/System time \(seconds\): ([\d.]+)/.exec(r.stderr)?.[1]),
          }
        : undefined;
      let bytes = 0;
      for (const suffix of ["", "-wal", "-shm"]) if (existsSync(database + suffix)) bytes += statSync(database + suffix).size;
      for (const suffix of ["", "-wal", "-shm"]) rmSync(database + suffix, { force: true });
      const ingestCpu = time ? time.userSeconds + time.systemSeconds : cpu.reaped;
      const result = {
        kind: "sqlite",
        wallSeconds: round(wall, 2),
        ingestSeconds: round(summary.seconds, 2),
        modelYearsPerHour: round((YEARS / wall) * 3600, 0),
        peakRssMb: summary.peakRssMb,
        ...(time ? { maxRssMbByTime: time.maxRssMb } : {}),
        cpuSeconds: round(ingestCpu, 1),
        otherProcessesCpuSeconds: round(cpu.machineBusy - ingestCpu - cpu.self - cpu.postgres, 1),
        otherProcessesShareOfTheMachine: round((cpu.machineBusy - ingestCpu - cpu.self - cpu.postgres) / (wall * os.cpus().length), 2),
        idleCoreSeconds: round(cpu.machineTotal - cpu.machineBusy, 1),
        rows: summary.rows,
        cellDays: summary.cellDays,
        files: { ingested: summary.ingested.length, skipped: summary.skipped.length, failed: summary.failed.length },
        failed: summary.failed,
        storeBytes: bytes,
        storeMbPerModelYear: round(bytes / 1e6 / YEARS, 2),
        loadAverageAtStart: load0,
        loadAverageAtEnd: load1,
      };
      log(`SQLite: ${result.wallSeconds} s wall, ${result.modelYearsPerHour} model-years/h, peak RSS ${result.peakRssMb} MB, ${result.rows} rows, load ${load0.join(" ")} -> ${load1.join(" ")}`);
      return result;
    }

    // --- 2/3. the queue with W workers ---------------------------------------------------------------------
    let queueRun = 0;
    async function measureQueue(workers) {
      const db = `ingest_scale_${++queueRun}_w${workers}`;
      await admin(`CREATE DATABASE ${db}`);
      const url = `postgres://sacap@127.0.0.1:${pgPort}/${db}`;
      const emptyBytes = Number((await admin("SELECT pg_database_size($1) AS b", [db]))[0].b);
      const load0 = loadAverage();
      const cpu0 = snapshotCpu();
      const t0 = performance.now();
      const at = () => (performance.now() - t0) / 1000;

      // enqueue
      const enq = await run(process.execPath, [commands.ingest, dataDir, "--queue", url, "--json"]);
      const enqueueSeconds = at();
      if (enq.code !== 0) throw new Error(`enqueue exited ${enq.code}: ${enq.stderr.slice(-2000)}`);
      const queued = JSON.parse(enq.stdout).queued.length;

      // workers
      const procs = [];
      for (let w = 0; w < workers; w++) {
        const child = spawn(process.execPath, [...WORKER_FLAGS, commands.worker, "--queue", url, "--poll", "0.5"], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
        running.add(child);
        const p = { child, pid: child.pid, events: [], logs: [], stderr: "", startedAt: undefined, rssSamplesMb: [], rssAfterJobMb: [], maxRssKb: 0 };
        let buffer = "";
        child.stdout.on("data", (d) => {
          buffer += d;
          let nl;
          while ((nl = buffer.indexOf("\n")) >= 0) {
            const line = buffer.slice(0, nl);
            buffer = buffer.slice(nl + 1);
            if (!line.trim()) continue;
            let parsed;
            try {
              parsed = JSON.parse(line);
            } catch {
              p.logs.push(line);
              continue;
            }
            if (parsed.kind) {
              p.events.push({ ...parsed, receivedAt: at() });
              p.rssAfterJobMb.push(round((statusKb(p.pid, "VmRSS") ?? 0) / 1024, 0));
            } else p.logs.push(parsed.log ?? line);
          }
        });
        child.stderr.on("data", (d) => {
          p.stderr += d;
          if (p.startedAt === undefined && p.stderr.includes('"started"')) p.startedAt = at();
        });
        child.on("close", () => running.delete(child));
        procs.push(p);
      }
      // memory: every 200 ms the workers' resident size; every second PostgreSQL's (proportional set size)
      // and the sessions waiting for a lock (the run's advisory lock, held from a set's write to its commit)
      let pgPeakPssMb = 0;
      let tick = 0;
      const locks = { samples: 0, withAdvisoryWaiter: 0, withOtherWaiter: 0, withAdvisoryHolder: 0 };
      const lockClient = new pg.Client({ connectionString: pgAdminUrl });
      await lockClient.connect();
      let lockQuery;
      const sampleLocks = () => {
        if (lockQuery) return;
        lockQuery = lockClient
          .query("SELECT count(*) FILTER (WHERE locktype = 'advisory' AND NOT granted)::int AS aw, count(*) FILTER (WHERE locktype <> 'advisory' AND NOT granted)::int AS ow, count(*) FILTER (WHERE locktype = 'advisory' AND granted)::int AS ah FROM pg_locks WHERE database = (SELECT oid FROM pg_database WHERE datname = $1)", [db])
          .then(({ rows: [r] }) => {
            locks.samples++;
            if (r.aw > 0) locks.withAdvisoryWaiter++;
            if (r.ow > 0) locks.withOtherWaiter++;
            if (r.ah > 0) locks.withAdvisoryHolder++;
          })
          .catch(() => {})
          .finally(() => (lockQuery = undefined));
      };
      const sampler = setInterval(() => {
        sampleLocks();
        for (const p of procs) {
          const kb = statusKb(p.pid, "VmRSS");
          if (kb) {
            p.maxRssKb = Math.max(p.maxRssKb, kb);
            if (tick % 5 === 0) p.rssSamplesMb.push(round(kb / 1024, 0));
          }
        }
        if (tick++ % 5 === 0) pgPeakPssMb = Math.max(pgPeakPssMb, postgresPssMb());
      }, 200);

      // follow with --status every --status-every seconds until nothing is queued, running or to retry
      const statusCalls = [];
      let status;
      let timedOut = false;
      for (;;) {
        const s0 = performance.now();
        const r = await run(process.execPath, [commands.ingest, "--status", "--queue", url, "--json"], { timeoutMs: 60_000 });
        statusCalls.push((performance.now() - s0) / 1000);
        if (r.code === 0) {
          try {
            status = JSON.parse(r.stdout);
          } catch {
            // a partial answer: the next one
          }
        }
        const s = status?.sets;
        if (s && s.total > 0 && s.queued + s.running + s.retry === 0 && (status.bases ?? []).length === 0) break;
        if (procs.every((p) => p.child.exitCode !== null)) break;
        if (at() > 30 * 60) {
          timedOut = true;
          break;
        }
        await sleep(Math.max(0, STATUS_EVERY * 1000 - (performance.now() - s0)));
      }
      const wall = at();
      // before stopping them: the workers' peak resident size and CPU time, and what the others used
      const hwm = procs.map((p) => round((statusKb(p.pid, "VmHWM") ?? p.maxRssKb) / 1024, 0));
      const workerCpu = procs.map((p) => {
        const t = procTimes(p.pid);
        return t ? t.utime + t.stime : 0;
      });
      const cpu = cpuBetween(cpu0, snapshotCpu());
      const load1 = loadAverage();
      clearInterval(sampler);
      await lockQuery;
      await lockClient.end();
      // stop: SIGTERM (the worker finishes its job and leaves), SIGKILL after 40 s
      const stopStarted = performance.now();
      await Promise.all(
        procs.map(
          (p) =>
            new Promise((resolve) => {
              if (p.child.exitCode !== null || p.child.signalCode !== null) return resolve();
              const timer = setTimeout(() => p.child.kill("SIGKILL"), 40_000);
              p.child.once("close", () => {
                clearTimeout(timer);
                resolve();
              });
              p.child.kill("SIGTERM");
            }),
        ),
      );
      const stopSeconds = (performance.now() - stopStarted) / 1000;
      const sizeBytes = Number((await admin("SELECT pg_database_size($1) AS b", [db]))[0].b);
      const tables = await admin(
        `SELECT n.nspname AS schema, c.relname AS table, pg_total_relation_size(c.oid)::bigint AS bytes, c.reltuples::bigint AS rows
           FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE c.relkind = 'r' AND n.nspname IN ('public', 'pgboss') ORDER BY bytes DESC`,
        [],
        url,
      );
      const seriesRows = Number((await admin("SELECT count(*)::int AS n FROM series_years", [], url))[0].n);
      const sets = await admin("SELECT set_key, state, attempts, seconds, error, worker FROM ingest_sets ORDER BY set_key", [], url);

      const events = procs.flatMap((p) => p.events.map((e) => ({ ...e, pid: p.pid })));
      const done = events.filter((e) => e.kind === "set" && e.state === "done");
      const starts = events.map((e) => e.receivedAt - e.seconds);
      const span = events.length ? Math.max(...events.map((e) => e.receivedAt)) - Math.min(...starts) : undefined;
      const workersCpu = workerCpu.reduce((a, b) => a + b, 0);
      const coreSeconds = wall * os.cpus().length;
      const result = {
        kind: "queue",
        workers,
        database: db,
        wallSeconds: round(wall, 2),
        modelYearsPerHour: round((done.length / wall) * 3600, 0),
        enqueueSeconds: round(enqueueSeconds, 2),
        workerStartSeconds: procs.map((p) => round(p.startedAt === undefined ? undefined : p.startedAt - enqueueSeconds, 2)),
        // from the first job's start to the last job's end (the workers' own lines): the rate a long run keeps
        jobsSpanSeconds: round(span, 2),
        modelYearsPerHourOverJobsSpan: span ? round((done.length / span) * 3600, 0) : undefined,
        lastJobDoneSeconds: events.length ? round(Math.max(...events.map((e) => e.receivedAt)), 2) : undefined,
        queued,
        setsDone: done.length,
        jobSeconds: events.map((e) => ({ key: e.key.split("|").pop(), state: e.state, seconds: e.seconds, rows: e.rows, pid: e.pid, ...(e.error ? { error: e.error } : {}) })),
        jobSecondsMedian: round(median(done.map((e) => e.seconds)), 2),
        // the rate a long run settles at: model-year jobs after each worker's first (which computes the grid
        // masks on an empty store), every worker busy; no start-up, no field jobs, no idle core at the end
        ...steadyRate(done, workers),
        rows: done.reduce((s, e) => s + e.rows, 0),
        seriesRowsInStore: seriesRows,
        peakRssMbPerWorker: hwm,
        rssAfterEachJobMb: procs.map((p) => p.rssAfterJobMb),
        postgresPeakPssMb: round(pgPeakPssMb, 0),
        cpuSeconds: {
          workers: round(workersCpu, 1),
          perWorker: workerCpu.map((c) => round(c, 1)),
          postgres: round(cpu.postgres, 1),
          enqueueAndStatusPolls: round(cpu.reaped, 1),
          thisScript: round(cpu.self, 1),
          otherProcesses: round(cpu.machineBusy - workersCpu - cpu.postgres - cpu.reaped - cpu.self, 1),
          idle: round(cpu.machineTotal - cpu.machineBusy, 1),
          coreSecondsOfTheMeasurement: round(coreSeconds, 1),
        },
        shareOfTheMachine: {
          workers: round(workersCpu / coreSeconds, 2),
          postgres: round(cpu.postgres / coreSeconds, 3),
          enqueueAndStatusPolls: round(cpu.reaped / coreSeconds, 2),
          otherProcesses: round((cpu.machineBusy - workersCpu - cpu.postgres - cpu.reaped - cpu.self) / coreSeconds, 2),
          idle: round((cpu.machineTotal - cpu.machineBusy) / coreSeconds, 2),
        },
        postgresShare: {
          ofTheQueuesCpu: round(cpu.postgres / (workersCpu + cpu.postgres + cpu.reaped), 3),
          ofTheMachine: round(cpu.postgres / coreSeconds, 3),
          cpuSecondsPerModelYear: round(cpu.postgres / YEARS, 2),
        },
        statusCalls: { every: STATUS_EVERY, count: statusCalls.length, medianSeconds: round(median(statusCalls), 2), maxSeconds: round(Math.max(...statusCalls), 2), cpuSecondsEach: round(cpu.reaped / (statusCalls.length + 1), 2) },
        // samples (200 ms) in which a session of this database waited for the run's advisory lock, held it, or waited for another lock
        locks: { ...locks, shareWithAdvisoryWaiter: round(locks.withAdvisoryWaiter / Math.max(1, locks.samples), 2), shareWithAdvisoryHolder: round(locks.withAdvisoryHolder / Math.max(1, locks.samples), 2) },
        cpuSecondsPerModelYear: { workers: round(workersCpu / YEARS, 2), postgres: round(cpu.postgres / YEARS, 2) },
        stopSeconds: round(stopSeconds, 2),
        exitCodes: procs.map((p) => p.child.exitCode ?? p.child.signalCode),
        finalStatus: status,
        sets: sets.map((s) => ({ set: s.set_key, state: s.state, attempts: s.attempts, seconds: s.seconds === null ? null : round(Number(s.seconds), 2), ...(s.error ? { error: s.error } : {}) })),
        timedOut,
        problems: [
          ...procs.flatMap((p) => p.events.filter((e) => e.state !== "done").map((e) => `worker ${p.pid}: ${e.kind} ${e.key} ${e.state}: ${e.error}`)),
          ...procs.flatMap((p) => p.logs.map((l) => `worker ${p.pid} log: ${l}`)),
          ...procs.flatMap((p) => p.stderr.split("\n").filter((l) => l.trim() && !l.includes('"started"')).map((l) => `worker ${p.pid} stderr: ${l}`)),
          ...(status?.failed ?? []).map((f) => `status failed: ${f.set} (${f.attempts}): ${f.error}`),
          ...(timedOut ? ["timed out after 30 minutes"] : []),
          ...(done.length !== YEARS ? [`${done.length} of ${YEARS} sets done`] : []),
        ],
        store: {
          databaseBytes: sizeBytes,
          emptyDatabaseBytes: emptyBytes,
          mbPerModelYear: round(sizeBytes / 1e6 / YEARS, 2),
          mbPerModelYearBeyondEmpty: round((sizeBytes - emptyBytes) / 1e6 / YEARS, 2),
          tables: tables.filter((t) => Number(t.bytes) > 16384).map((t) => ({ table: `${t.schema}.${t.table}`, megabytes: round(Number(t.bytes) / 1e6, 2), rows: Number(t.rows) })),
        },
        loadAverageAtStart: load0,
        loadAverageAtEnd: load1,
      };
      await admin(`DROP DATABASE ${db}`).catch(() => {});
      log(
        `queue, ${workers} worker(s): ${result.wallSeconds} s wall (last job at ${result.lastJobDoneSeconds} s), ${result.modelYearsPerHour} model-years/h, jobs ${result.jobSecondsMedian} s each, ` +
          `peak RSS ${hwm.join(" / ")} MB, PostgreSQL ${result.cpuSeconds.postgres} CPU-s (${Math.round(result.postgresShare.ofTheMachine * 100)} % of the machine), other processes ${result.cpuSeconds.otherProcesses} CPU-s, load ${load0.join(" ")} -> ${load1.join(" ")}` +
          (result.problems.length ? `\n  PROBLEMS:\n  ${result.problems.join("\n  ")}` : ""),
      );
      return result;
    }

    // 3. the measurements, the order reversed every other round
    const measurements = [];
    for (let r = 0; r < ROUNDS; r++) {
      for (const what of r % 2 === 0 ? ["sqlite", 1, 2] : [2, 1, "sqlite"]) {
        log(`round ${r + 1}: ${what === "sqlite" ? "SQLite, one process" : `queue, ${what} worker(s)`}`);
        const m = what === "sqlite" ? await measureSqlite() : await measureQueue(what);
        measurements.push({ round: r + 1, ...m });
      }
    }

    // 4. summary and projection
    const of = (pred) => measurements.filter(pred);
    const best = (list, key) => list.reduce((a, b) => (b[key] > a[key] ? b : a));
    const sqlite = of((m) => m.kind === "sqlite");
    const q1 = of((m) => m.kind === "queue" && m.workers === 1);
    const q2 = of((m) => m.kind === "queue" && m.workers === 2);
    const rate = (list) => ({ best: Math.max(...list.map((m) => m.modelYearsPerHour)), each: list.map((m) => m.modelYearsPerHour), median: median(list.map((m) => m.modelYearsPerHour)) });
    const ratioPerRound = q2.map((m) => {
      const one = q1.find((x) => x.round === m.round);
      return round(m.modelYearsPerHour / one.modelYearsPerHour, 2);
    });
    const steadyRatio = round(median(q2.map((m) => m.modelYearsPerHourSteady)) / median(q1.map((m) => m.modelYearsPerHourSteady)), 2);
    // the same over the jobs' span (first job's start to last job's end: no enqueue, start-up or wait for the status answer)
    const spanRate = (list) => Math.max(...list.map((m) => m.modelYearsPerHourOverJobsSpan ?? 0));
    const ratioOverJobsSpan = round(spanRate(q2) / spanRate(q1), 2);
    const activeCells = Math.round(sqlite[0].cellDays / (365 * VARIABLES.length * YEARS));

    // percentile bases: the per-cell figures of bench/results/percentiles.json ("current", after the faster bootstrap) if present
    let percentileSource;
    let msPerCell;
    try {
      const p = JSON.parse(readFileSync(path.join(root, "bench/results/percentiles.json"), "utf8"));
      const after = p.current ?? p.after;
      if (!(after?.thresholdsMsPerCell > 0 && after?.bootstrapMsPerCell > 0)) throw new Error("no per-cell figures");
      msPerCell = { thresholds: after.thresholdsMsPerCell, bootstrap: after.bootstrapMsPerCell };
      percentileSource = `bench/results/percentiles.json of ${p.date} ("current": median of ${p.repetitions} repetitions over ${p.cells} cells, load average ${p.machine?.loadAverageAtStart?.join(" ")} -> ${p.machine?.loadAverageAtEnd?.join(" ")})`;
    } catch {
      msPerCell = { thresholds: 8.6, bootstrap: 42 };
      percentileSource = "bench/README.md, percentile section (quiet day)";
    }
    const MODELS = 35;
    const fullModelYears = MODELS * (65 + 2 * 86);
    const machineRate = rate(q2).best;
    const baseCoreSeconds = (cells) => MODELS * 2 * (msPerCell.thresholds + msPerCell.bootstrap) * cells / 1000;
    /** The full set on 1, 8 and 32 machines at `perMachine` model-years an hour, the percentile bases on both cores of each. */
    const onMachines = (perMachine) =>
      [1, 8, 32].map((n) => {
        const ingestHours = fullModelYears / (perMachine * n);
        const basesHours = baseCoreSeconds(activeCells) / 3600 / (2 * n);
        return { machines: n, workers: 2 * n, ingestHours: round(ingestHours, 2), basesHours: round(basesHours, 2), totalHours: round(ingestHours + basesHours, 2) };
      });
    const projection = {
      modelYears: fullModelYears,
      arithmetic: `${MODELS} models x (65 historical + 2 x 86 scenario years) = ${fullModelYears} model-years`,
      machineModelYearsPerHour: machineRate,
      machineRateFrom: "queue with 2 workers (one per core), best round; PostgreSQL on the same machine",
      perWorkerModelYearsPerHour: round(machineRate / 2, 0),
      percentileBases: {
        source: percentileSource,
        msPerCellAndVariable: msPerCell,
        cells: activeCells,
        cellsNote: "cells inside a country or basin of the catalogue (the cells the ingest reads and keeps thresholds for), from the SQLite run's cell-days",
        coreSeconds: round(baseCoreSeconds(activeCells), 0),
        arithmetic: `${MODELS} models x 2 variables (TX, TN) x (${msPerCell.thresholds} + ${msPerCell.bootstrap}) ms x ${activeCells} cells = ${round(baseCoreSeconds(activeCells), 0)} core-seconds`,
        perModelJobSeconds: round(baseCoreSeconds(activeCells) / MODELS, 0),
        wholeBoxCoreSeconds: round(baseCoreSeconds(25600), 0),
      },
      machines: onMachines(machineRate),
    };
    // CPU time per model-year of the workers and PostgreSQL: what two cores would do with nothing else on them (an estimate, not a measurement)
    const cpuPerModelYear = median(q2.map((m) => m.cpuSecondsPerModelYear.workers + m.cpuSecondsPerModelYear.postgres));
    const quietRate = round((os.cpus().length * 3600) / cpuPerModelYear, 0);
    projection.ifTheCoresWereTheQueuesOnly = {
      cpuSecondsPerModelYear: round(cpuPerModelYear, 2),
      machineModelYearsPerHour: quietRate,
      arithmetic: `${os.cpus().length} cores x 3600 s / ${round(cpuPerModelYear, 2)} CPU-s per model-year (workers + PostgreSQL, 2-worker runs) = ${quietRate} model-years per hour`,
      machines: onMachines(quietRate),
    };
    // A run of hours pays the enqueue, the workers' start and the wait for the last status answer once: its
    // rate is the one over the jobs' span (which still holds each worker's first job, the one that computes
    // the grid masks).
    const spanMachineRate = spanRate(q2);
    projection.overTheJobsSpan = {
      machineModelYearsPerHour: spanMachineRate,
      rateFrom: "queue with 2 workers, best round, from the first job's start to the last job's end",
      machines: onMachines(spanMachineRate),
    };
    // A run of thousands of model-years is at the steady rate nearly all the time: the jobs after each
    // worker's first, every worker busy (the start and the end of the run are left out, as a long run
    // pays them once)
    const steadyMachineRate = median(q2.map((m) => m.modelYearsPerHourSteady));
    projection.atTheSteadyRate = {
      machineModelYearsPerHour: steadyMachineRate,
      rateFrom: "queue with 2 workers, median of the rounds, model-year jobs after each worker's first",
      machines: onMachines(steadyMachineRate),
    };
    const eight = projection.machines.find((m) => m.machines === 8);
    const result = {
      date: new Date().toISOString(),
      machine: { ...machine, loadAverageAtEnd: loadAverage(), benchmarkIndexAtEnd: await benchmarkIndex() },
      git: { head: git("rev-parse", "--short", "HEAD"), uncommittedFiles: (git("status", "--porcelain") ?? "").split("\n").filter(Boolean).length },
      build: buildInfo,
      workerNodeFlags: WORKER_FLAGS.join(" "),
      postgres,
      input,
      method:
        "Each measurement starts from an empty store: SQLite a new file; the queue a new PostgreSQL database (CREATE DATABASE), the enqueue, then the worker processes (--poll 0.5), " +
        `\`--status --json\` every ${STATUS_EVERY} s until no set is queued, running or to retry; wall seconds from the start of the enqueue to that answer. ` +
        "Peak RSS: the ingest's own peakRssMb and /usr/bin/time -v (SQLite); VmHWM of each worker before it is stopped (queue). CPU seconds from /proc: workers (utime + stime), " +
        "PostgreSQL (the postmaster with its live and reaped children), the enqueue and status commands (this script's reaped children), the machine's busy time; other processes = the machine's busy time less all of these.",
      measurements,
      summary: {
        sqlite: rate(sqlite),
        queue1: rate(q1),
        queue2: rate(q2),
        twoWorkersOverOnePerRound: ratioPerRound,
        twoWorkersOverOneBest: round(rate(q2).best / rate(q1).best, 2),
        twoWorkersOverOneOverJobsSpanBest: ratioOverJobsSpan,
        twoWorkersOverOneSteady: steadyRatio,
        target: "2 workers >= 1.8 x the model-years per hour of 1 worker",
        targetMet: round(rate(q2).best / rate(q1).best, 2) >= 1.8,
        postgresShareOfTheMachineWith2Workers: q2.map((m) => m.postgresShare.ofTheMachine),
        peakRssMb: { sqlite: Math.max(...sqlite.map((m) => m.peakRssMb)), worker: Math.max(...q1.concat(q2).flatMap((m) => m.peakRssMbPerWorker)) },
        storeMbPerModelYear: { sqlite: sqlite[0].storeMbPerModelYear, postgres: q2[0].store.mbPerModelYear, postgresBeyondEmptyDatabase: q2[0].store.mbPerModelYearBeyondEmpty },
      },
      projection: { ...projection, target: "<= 1.5 hours on 8 machines, percentile bases included", targetMet: eight.totalHours <= 1.5, targetMetOverTheJobsSpan: projection.overTheJobsSpan.machines[1].totalHours <= 1.5 },
      seconds: round((performance.now() - benchStarted) / 1000, 0),
    };
    mkdirSync(path.dirname(OUT), { recursive: true });
    writeFileSync(OUT, `${JSON.stringify(result, null, 2)}\n`);

    // 5. the table
    const rows = measurements.map((m) => [
      m.round,
      m.kind === "sqlite" ? "SQLite, 1 process" : `queue, ${m.workers} worker${m.workers > 1 ? "s" : ""}`,
      m.wallSeconds.toFixed(1),
      String(m.modelYearsPerHour),
      m.kind === "sqlite" ? (m.ingestSeconds / YEARS).toFixed(1) : `${m.jobSecondsMedian.toFixed(1)}`,
      m.kind === "sqlite" ? m.cpuSeconds.toFixed(1) : `${m.cpuSeconds.workers} + ${m.cpuSeconds.postgres}`,
      m.kind === "sqlite" ? `${m.peakRssMb}${m.maxRssMbByTime ? ` (${m.maxRssMbByTime})` : ""}` : m.peakRssMbPerWorker.join(" / "),
      m.kind === "sqlite" ? "-" : `${m.cpuSeconds.postgres} (${Math.round(m.postgresShare.ofTheMachine * 100)} %)`,
      m.kind === "sqlite" ? String(m.otherProcessesCpuSeconds) : String(m.cpuSeconds.otherProcesses),
      `${m.loadAverageAtStart.join(" ")} -> ${m.loadAverageAtEnd.join(" ")}`,
    ]);
    const head = ["round", "how", "wall s", "model-years/h", "s per model-year (job)", "CPU-s (workers + PostgreSQL)", "peak RSS MB", "PostgreSQL CPU-s", "others CPU-s", "load average"];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
    const line = (r) => r.map((c, i) => String(c).padEnd(widths[i])).join("  ");
    console.log(`\n${line(head)}\n${widths.map((w) => "-".repeat(w)).join("  ")}\n${rows.map(line).join("\n")}`);
    console.log(`\n2 workers / 1 worker: ${ratioPerRound.join(", ")} per round, ${result.summary.twoWorkersOverOneBest} best against best (target 1.8)`);
    console.log(`steady state (model-year jobs after each worker's first, every worker busy): ${q1.map((m) => m.modelYearsPerHourSteady).join(", ")} model-years/h with 1 worker, ${q2.map((m) => m.modelYearsPerHourSteady).join(", ")} with 2: ${steadyRatio} x`);
    console.log(`store per model-year: SQLite ${result.summary.storeMbPerModelYear.sqlite} MB, PostgreSQL ${result.summary.storeMbPerModelYear.postgres} MB (${result.summary.storeMbPerModelYear.postgresBeyondEmptyDatabase} MB beyond an empty database)`);
    console.log(`projection, ${fullModelYears} model-years at ${machineRate} per machine-hour, percentile bases ${round(baseCoreSeconds(activeCells) / 3600, 2)} core-hours:`);
    for (const m of projection.machines) console.log(`  ${String(m.machines).padStart(2)} machine(s): ingest ${m.ingestHours} h + bases ${m.basesHours} h = ${m.totalHours} h`);
    console.log(`over the jobs' span (${spanMachineRate} per machine-hour): ${projection.overTheJobsSpan.machines.map((m) => `${m.machines}: ${m.totalHours} h`).join(", ")}`);
    console.log(`at the steady rate (${steadyMachineRate} per machine-hour): ${projection.atTheSteadyRate.machines.map((m) => `${m.machines}: ${m.totalHours} h`).join(", ")}`);
    console.log(`with nothing else on the cores (${projection.ifTheCoresWereTheQueuesOnly.arithmetic}): ${projection.ifTheCoresWereTheQueuesOnly.machines.map((m) => `${m.machines}: ${m.totalHours} h`).join(", ")}`);
    console.log(`target <= 1.5 h on 8 machines: ${result.projection.targetMet ? "met" : "not met"}; run took ${result.seconds} s; wrote ${path.relative(root, OUT)}`);
  } finally {
    cleanUp();
  }
}
