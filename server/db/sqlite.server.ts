import BetterSqlite3 from "better-sqlite3";
import type { Database } from "./database.server";

/** How long a statement waits for another process's lock on the file before the database counts as unavailable. */
export const SQLITE_LOCK_WAIT_MS = 5000;

const isBusy = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED"));
};

/**
 * Runs a synchronous statement, and while another process holds the lock it needs, tries again after a
 * pause (5 ms doubling to 100 ms) until `waitMs` have passed. better-sqlite3 would otherwise wait out its
 * busy timeout synchronously, holding up every other request of the process.
 */
export async function retryWhileBusy<T>(run: () => T, waitMs = SQLITE_LOCK_WAIT_MS): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (let pause = 5; ; pause = Math.min(pause * 2, 100)) {
    try {
      return run();
    } catch (error) {
      if (!isBusy(error) || Date.now() + pause > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

/**
 * SQLite through better-sqlite3: one connection per process, write-ahead log, and `synchronous = FULL`
 * so a committed submission is on disk before the thank-you page is sent, even if the process is
 * killed right after. Several processes may share the file: a statement that meets another process's
 * lock is retried asynchronously for up to SQLITE_LOCK_WAIT_MS (the event loop stays free), then fails.
 */
export function openSqlite(file: string, options: { readonly?: boolean; lockWaitMs?: number } = {}): Database {
  const readonly = options.readonly ?? false;
  const lockWaitMs = options.lockWaitMs ?? SQLITE_LOCK_WAIT_MS;
  const db = new BetterSqlite3(file, { readonly, fileMustExist: readonly });
  try {
    // never wait synchronously: a lock is waited for by retryWhileBusy
    db.pragma("busy_timeout = 0");
    if (!readonly) db.pragma("journal_mode = WAL");
    db.pragma("synchronous = FULL");
  } catch (error) {
    db.close();
    throw error;
  }

  // Statements are synchronous and autocommit. Transactions (only migrations use them, before the server
  // listens) are queued one after another on this connection.
  let queue: Promise<unknown> = Promise.resolve();
  let inTransaction = false;

  const self: Database = {
    dialect: "sqlite",
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const statement = db.prepare(sql);
      return (await retryWhileBusy(() => statement.all(...params), lockWaitMs)) as T[];
    },
    async run(sql, params = []) {
      const statement = db.prepare(sql);
      return (await retryWhileBusy(() => statement.run(...params), lockWaitMs)).changes;
    },
    async exec(sql) {
      await retryWhileBusy(() => db.exec(sql), lockWaitMs);
    },
    async transaction(fn, { exclusive = false } = {}) {
      if (inTransaction) return fn(self);
      const attempt = async () => {
        await retryWhileBusy(() => db.exec(exclusive ? "BEGIN EXCLUSIVE" : "BEGIN IMMEDIATE"), lockWaitMs);
        inTransaction = true;
        try {
          const result = await fn(self);
          await retryWhileBusy(() => db.exec("COMMIT"), lockWaitMs);
          return result;
        } catch (error) {
          if (db.inTransaction) db.exec("ROLLBACK");
          throw error;
        } finally {
          inTransaction = false;
        }
      };
      const result = queue.then(attempt, attempt);
      queue = result.catch(() => undefined);
      return result;
    },
    async close() {
      db.close();
    },
  };
  return self;
}
