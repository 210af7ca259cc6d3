import { createHmac, randomBytes } from "node:crypto";
import type { FormKind } from "../../app/features/forms/forms";
import { newReference } from "../../app/features/forms/reference";
import { isDatabaseLost, openDatabase, type Database } from "../db/database.server";
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

/** The fill token a submission was sent with, and when it expires. */
export interface FillTokenUse {
  token: string;
  expiresAt: number;
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
  // chosen here while the database could not take it (down, or locked by another app server at that
  // moment): offered to the database again on the next use, which keeps the one every app server shares
  let provisional = false;
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
        // Opened again after the file was lost: the new file carries on with the secret pages were signed with,
        // unless another app server has stored one already, which this one then takes.
        // (A database that takes no writes still opens: it is reported when a submission is written.)
        if (secret && !options.formSecret) {
          const stored = await storeSecret(opened, secret).catch(() => undefined);
          if (stored) [secret, provisional] = [stored, false];
        }
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

  /**
   * Runs a database operation; any failure becomes DatabaseUnavailableError. A connection that lost its
   * database (the SQLite file removed or replaced while open) is dropped: after the retry pause the next
   * operation opens DATABASE_URL again, which creates and migrates a new file when none is there. What the
   * lost connection wrote is not confirmed to anyone; what the new one writes is in the file at that path.
   */
  async function use<T>(fn: (db: Database) => Promise<T>): Promise<T> {
    try {
      const result = await fn(await database());
      healthy = true;
      return result;
    } catch (error) {
      if (isDatabaseLost(error) && db) {
        const lostDb = db;
        db = undefined;
        void lostDb.close().catch(() => undefined);
      }
      throw unavailable(error);
    }
  }

  /** Keeps `value` as the form secret unless one is stored already; resolves with the stored one. */
  async function storeSecret(db: Database, value: string): Promise<string> {
    await db.run(
      db.dialect === "postgres"
        ? "INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING"
        : "INSERT OR IGNORE INTO settings (name, value) VALUES (?, ?)",
      ["form_secret", value],
    );
    const rows = await db.query<{ value: string }>("SELECT value FROM settings WHERE name = ?", ["form_secret"]);
    return rows[0].value;
  }

  const limiter: RateLimiter = createRateLimiter(() => database(), options.rateLimit);

  async function formSecret(): Promise<string> {
    if (secret && !provisional) return secret;
    try {
      const offered = secret ?? randomBytes(32).toString("base64url");
      secret = await use((db) => storeSecret(db, offered));
      provisional = false;
    } catch {
      // Without the database nothing can be submitted anyway; tokens signed now stay valid in this process
      // until the database answers and gives the shared secret (this one, when none was stored before).
      if (!secret) [secret, provisional] = [randomBytes(32).toString("base64url"), true];
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

    /**
     * Stores a submission and resolves with its new reference once it is committed to the database
     * DATABASE_URL names. Sent with a fill token, it first uses the token up: a token used before stores
     * nothing and resolves with the reference of the submission it was used for (`replay`). The token is
     * claimed by an insert into a primary key, in the transaction that stores the submission, so of two
     * submissions with one token on any app servers, exactly one is stored, and the other waits for it
     * and gets its reference.
     */
    async create(
      kind: FormKind,
      fields: Record<string, string>,
      now = Date.now(),
      fill?: FillTokenUse,
    ): Promise<{ reference: string; replay: boolean }> {
      const reference = newReference(kind);
      return use((db) =>
        db.transaction(async (tx) => {
          if (fill) {
            const claimed = await tx.run(
              "INSERT INTO used_fill_tokens (token, reference, expires_at) VALUES (?, ?, ?) ON CONFLICT (token) DO NOTHING",
              [fill.token, reference, fill.expiresAt],
            );
            if (claimed === 0) {
              const [first] = await tx.query<{ reference: string }>("SELECT reference FROM used_fill_tokens WHERE token = ?", [fill.token]);
              if (!first) throw new Error("a used fill token has no reference");
              return { reference: first.reference, replay: true };
            }
          }
          await tx.run("INSERT INTO submissions (reference, kind, created_at, payload) VALUES (?, ?, ?, ?)", [
            reference,
            kind,
            now,
            JSON.stringify(fields),
          ]);
          return { reference, replay: false };
        }),
      );
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

    /** Deletes submissions older than the retention period, finished rate-limit windows and expired fill tokens. */
    async applyRetention(now = Date.now()): Promise<number> {
      await use(() => limiter.purge(now));
      await use((db) => db.run("DELETE FROM used_fill_tokens WHERE expires_at < ?", [now]));
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
