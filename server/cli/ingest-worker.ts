import cliProgress from "cli-progress";
import { parseArgs } from "node:util";
import pg from "pg";
import { EnvError } from "../env.server";
import { loadSeeds, SeedError } from "../seeds.server";
import type { OnDemandEvent } from "../ondemand/queue.server";
import { startWorker, type JobEvent } from "../series/queue/jobs.server";
import { redactUrl } from "./options";
import { printable, writeText } from "./terminal";

const USAGE = `Takes ingest jobs from the queue that \`npm run ingest -- FILES --queue URL\` filled, and writes the shared
series store in the same PostgreSQL database. Run one per core, on as many machines as you like; stop with
Ctrl-C or SIGTERM (the job at hand is finished first). Once every set is done the workers also write the
gridded field files, a job per indicator and scenario, into the folder named when the files were queued
(docs/grids.md). Workers also compute the on-demand indices the app servers queue (SERIES_DB=postgres://...),
reading the daily store the app servers name (DAILY_DIR, the same path on every machine).

Usage: npm run ingest:worker -- --queue postgres://... [--concurrency 1] [--ondemand 1] [--poll 2] [--supervise 30]

  --queue URL        the PostgreSQL database of the queue and of the shared series store
  --concurrency N    jobs this process runs at a time (default 1; a job keeps one core busy)
  --ondemand N       on-demand computations this process takes at a time besides (default 1; 0 none)
  --poll S           seconds between looks at an empty queue (default 2)
  --supervise S      seconds between the queue's checks for expired leases (default 30; the leases
                     themselves are chosen when the files are queued: npm run ingest -- --lease)

On a terminal the worker shows a progress bar over the whole queue; otherwise one JSON line per job.`;

function number(value: string | undefined, name: string, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min) {
    writeText(process.stderr, `--${name} must be a number of at least ${min}, not "${value}"\n`);
    process.exit(2);
  }
  return n;
}

async function main() {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: process.argv.slice(2),
      options: {
        queue: { type: "string" },
        concurrency: { type: "string" },
        ondemand: { type: "string" },
        poll: { type: "string" },
        supervise: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
    }));
  } catch (error) {
    writeText(process.stderr, `${error instanceof Error ? error.message : error}\n\n${USAGE}\n`);
    process.exit(2);
  }
  if (values.help) {
    writeText(process.stdout, `${USAGE}\n`);
    return;
  }
  const url = values.queue as string | undefined;
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    writeText(process.stderr, `--queue must be a PostgreSQL URL (postgres://user@host:5432/db)\n\n${USAGE}\n`);
    process.exit(2);
  }
  const concurrency = number(values.concurrency as string | undefined, "concurrency", 1, 1);
  const tty = process.stderr.isTTY === true;
  const seeds = loadSeeds();

  // a terminal gets a bar over the whole queue; a log gets one JSON line per job
  const bar = tty ? new cliProgress.SingleBar({ format: "{bar} {percentage}% | sets {value}/{total} | {failed} failed | {last}", hideCursor: true, clearOnComplete: false, stream: process.stderr }, cliProgress.Presets.shades_classic) : undefined;
  const counts = new pg.Pool({ connectionString: url, max: 1 });
  let barStarted = false;
  let last = "";
  const refresh = async () => {
    if (!bar) return;
    try {
      const { rows } = await counts.query("SELECT count(*) FILTER (WHERE state = 'done')::int AS done, count(*) FILTER (WHERE state = 'failed')::int AS failed, count(*)::int AS total FROM ingest_sets");
      const { done, failed, total } = rows[0];
      if (!barStarted) {
        bar.start(total, done + failed, { failed, last });
        barStarted = true;
      }
      bar.setTotal(total);
      bar.update(done + failed, { failed, last });
    } catch {
      // the tables appear with the first enqueue
    }
  };
  const timer = bar ? setInterval(() => void refresh(), 2000) : undefined;
  const onJob = (event: JobEvent | OnDemandEvent) => {
    if (bar) {
      // the bar writes itself: its text is shown as written here
      last = printable(`${event.key} ${event.state} in ${event.seconds.toFixed(1)} s`);
      void refresh();
    } else {
      writeText(process.stdout, `${JSON.stringify({ time: new Date().toISOString(), worker: process.pid, ...event, seconds: Number(event.seconds.toFixed(3)) })}\n`);
    }
  };
  const log = (line: string) => {
    if (bar) writeText(process.stderr, `${line}\n`, { clearLine: true });
    else writeText(process.stdout, `${JSON.stringify({ time: new Date().toISOString(), worker: process.pid, log: line })}\n`);
  };

  const ondemand = number(values.ondemand as string | undefined, "ondemand", 1, 0);
  const worker = await startWorker({ url, seeds, concurrency, ondemand, onOnDemand: onJob, pollSeconds: number(values.poll as string | undefined, "poll", 2, 0.5), superviseSeconds: number(values.supervise as string | undefined, "supervise", 30, 1), onJob, log });
  if (!tty) writeText(process.stderr, `${JSON.stringify({ time: new Date().toISOString(), worker: process.pid, started: redactUrl(url), concurrency })}\n`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    if (timer) clearInterval(timer);
    await worker.stop();
    bar?.stop();
    await counts.end();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
}

main().catch((error: unknown) => {
  const message = error instanceof EnvError || error instanceof SeedError ? error.message : error instanceof Error ? error.message : String(error);
  writeText(process.stderr, `\n${message}\n`);
  process.exit(1);
});
