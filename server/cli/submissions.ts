import { EnvError, parseEnv } from "../env.server";
import { toCsv, toJson } from "../forms/export.server";
import { createSubmissionsService } from "../services/submissions.server";
import { parseOptions, type ExportOptions } from "./options";

const USAGE = `Prints stored submissions of the contact and data-sharing forms.

Usage: npm run submissions -- [--since DATE] [--until DATE] [--kind contact|data-share] [--format csv|json]

  --since DATE   only submissions at or after DATE (YYYY-MM-DD, UTC, or an ISO time)
  --until DATE   only submissions before DATE
  --kind KIND    contact or data-share (default: both)
  --format FMT   csv (default) or json

Reads DATABASE_URL like the server (default file:./data/sacap.db). Output goes to stdout.`;

async function main() {
  let options: ExportOptions;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : error}\n\n${USAGE}\n`);
    process.exit(2);
  }
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const env = parseEnv(process.env);
  const service = createSubmissionsService({
    databaseUrl: env.DATABASE_URL,
    retentionDays: 0,
    rateLimit: { limit: env.FORM_RATE_LIMIT, windowSeconds: env.FORM_RATE_WINDOW_SECONDS },
    log: (level, msg) => process.stderr.write(`${level}: ${msg}\n`),
  });
  try {
    const submissions = await service.list({ since: options.since, until: options.until, kind: options.kind });
    process.stdout.write(options.format === "csv" ? toCsv(submissions, options.kind) : toJson(submissions));
  } finally {
    await service.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof EnvError ? error.message : error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
