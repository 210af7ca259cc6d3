import { createHmac, randomBytes } from "node:crypto";
import type { FormKind } from "../../app/features/forms/forms";
import { newReference } from "../../app/features/forms/reference";
import { openDatabase, type Database } from "../db/database.server";
import { redactDatabaseUrl } from "../db/url.server";
import { migrate } from "../db/migrations.server";
import { clientKey, createRateLimiter, type RateLimiter, type RateLimitOptions } from "../forms/rate-limit.server";

/** The database could not be opened, migrated, read or written: forms answer 503 and keep the text. */
export class DatabaseUnavailableError extends Error {
  readonly code = "DATABASE_UNAVAILABLE";
}

/**
 * True for a DatabaseUnavailableError. Checked by its code, not `instanceof`: the Remix build and the
 * Express server build each hold their own copy of the class.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "DATABASE_UNAVAILABLE";
}

export interface StoredSubmission {
  reference: string;
  kind: FormKind;
  /** Milliseconds since the epoch. */
  createdAt: number;
  fields: Record<string, string>;
}

export interface SubmissionFilter {
  since?: number;
  until?: number;
  kind?: FormKind;
}

export interface SubmissionsOptions {
  databaseUrl: string;
  /** Submissions older than this many days are deleted at start-up and daily; 0 keeps them. */
  retentionDays: number;
  rateLimit: RateLimitOptions;
  /** Signs fill-time tokens and keys rate counters; when unset, one is generated and kept in the database. */
  formSecret?: string;
  log?: (level: "info" | "error", msg: string) => void;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** After a failed attempt to reach the database, the next one waits this long (no storm of retries). */
const RETRY_AFTER_FAILURE_MS = 2000;

function defaultLog(level: "info" | "error", msg: string) {
  process.stdout.write(JSON.stringify({ time: new Date().toISOString(), level, msg }) + "\n");
}

export type SubmissionsService = ReturnType<typeof createSubmissionsService>;

/**
 * Submissions and their safeguards over the database DATABASE_URL names. The database is opened and
 * migrated on first use (at start-up); if it cannot be reached the portal still serves every page and
 * the forms say so, and each later submission tries again.
 */
export function createSubmissionsService(options: SubmissionsOptions) {
  const log = options.log ?? defaultLog;
  let db: Database | undefined;
  let opening: Promise<Database> | undefined;
  let lastFailure = 0;
  let healthy = true;
  let secret: string | undefined = options.formSecret;
  let timer: NodeJS.Timeout | undefined;

  function unavailable(error: unknown): DatabaseUnavailableError {
    if (error instanceof DatabaseUnavailableError) return error;
    healthy = false;
    lastFailure = Date.now();
    const message = error instanceof Error ? error.message : String(error);
    log("error", `database ${redactDatabaseUrl(options.databaseUrl)} unavailable: ${message}`);
    return new DatabaseUnavailableError(message);
  }

  async function database(): Promise<Database> {
    if (db) return db;
    if (Date.now() - lastFailure < RETRY_AFTER_FAILURE_MS) throw new DatabaseUnavailableError("database unavailable");
    opening ??= (async () => {
      const opened = await openDatabase(options.databaseUrl);
      try {
        const applied = await migrate(opened);
        if (applied.length > 0) log("info", `database migrated to version ${applied[applied.length - 1]}`);
        return opened;
      } catch (error) {
        await opened.close().catch(() => undefined);
        throw error;
      }
    })();
    try {
      db = await opening;
      healthy = true;
      return db;
    } catch (error) {
      throw unavailable(error);
    } finally {
      opening = undefined;
    }
  }

  /** Runs a database operation; any failure becomes DatabaseUnavailableError. */
  async function use<T>(fn: (db: Database) => Promise<T>): Promise<T> {
    try {
      const result = await fn(await database());
      healthy = true;
      return result;
    } catch (error) {
      throw unavailable(error);
    }
  }

  const limiter: RateLimiter = createRateLimiter(() => database(), options.rateLimit);

  async function formSecret(): Promise<string> {
    if (secret) return secret;
    try {
      secret = await use(async (db) => {
        await db.run(
          db.dialect === "postgres"
            ? "INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING"
            : "INSERT OR IGNORE INTO settings (name, value) VALUES (?, ?)",
          ["form_secret", randomBytes(32).toString("base64url")],
        );
        const rows = await db.query<{ value: string }>("SELECT value FROM settings WHERE name = ?", ["form_secret"]);
        return rows[0].value;
      });
    } catch {
      // Without the database nothing can be submitted anyway; tokens signed now stay valid in this process.
      secret = randomBytes(32).toString("base64url");
    }
    return secret;
  }

  /** The rate-limit counter of a client address (a keyed hash: no address is stored). */
  async function rateKey(address: string): Promise<string> {
    return createHmac("sha256", await formSecret()).update(`rate:${clientKey(address)}`).digest("base64url").slice(0, 32);
  }

  return {
    /** False while the last attempt to reach the database failed. */
    available: () => healthy,
    formSecret,

    async peekRate(address: string) {
      const key = await rateKey(address);
      return use(() => limiter.peek(key));
    },
    async consumeRate(address: string) {
      const key = await rateKey(address);
      return use(() => limiter.consume(key));
    },

    /** Stores a submission (committed when this resolves) and returns its new reference. */
    async create(kind: FormKind, fields: Record<string, string>, now = Date.now()): Promise<StoredSubmission> {
      const submission: StoredSubmission = { reference: newReference(kind), kind, createdAt: now, fields };
      await use((db) =>
        db.run("INSERT INTO submissions (reference, kind, created_at, payload) VALUES (?, ?, ?, ?)", [
          submission.reference,
          kind,
          now,
          JSON.stringify(fields),
        ]),
      );
      return submission;
    },

    async list({ since, until, kind }: SubmissionFilter = {}): Promise<StoredSubmission[]> {
      const where: string[] = [];
      const params: unknown[] = [];
      if (since !== undefined) (where.push("created_at >= ?"), params.push(since));
      if (until !== undefined) (where.push("created_at < ?"), params.push(until));
      if (kind !== undefined) (where.push("kind = ?"), params.push(kind));
      const rows = await use((db) =>
        db.query<{ reference: string; kind: FormKind; created_at: number; payload: string }>(
          `SELECT reference, kind, created_at, payload FROM submissions${where.length ? ` WHERE ${where.join(" AND ")}` : ""} ORDER BY created_at, id`,
          params,
        ),
      );
      return rows.map((row) => ({
        reference: row.reference,
        kind: row.kind,
        createdAt: Number(row.created_at),
        fields: JSON.parse(row.payload) as Record<string, string>,
      }));
    },

    /** Deletes submissions older than the retention period and finished rate-limit windows. */
    async applyRetention(now = Date.now()): Promise<number> {
      await use(() => limiter.purge(now));
      if (options.retentionDays <= 0) return 0;
      const cutoff = now - options.retentionDays * DAY_MS;
      const deleted = await use((db) => db.run("DELETE FROM submissions WHERE created_at < ?", [cutoff]));
      if (deleted > 0) log("info", `retention: deleted ${deleted} submission(s) older than ${options.retentionDays} days`);
      return deleted;
    },

    /** At start-up: open and migrate, settle the secret, apply retention now and then daily. */
    async start() {
      try {
        await database();
        await formSecret();
        await this.applyRetention();
      } catch {
        await formSecret();
        // already logged; the portal serves pages and the forms say the database is unavailable
      }
      timer = setInterval(() => this.applyRetention().catch(() => undefined), DAY_MS);
      timer.unref();
    },

    async close() {
      if (timer) clearInterval(timer);
      const open = db;
      db = undefined;
      await open?.close();
    },
  };
}
