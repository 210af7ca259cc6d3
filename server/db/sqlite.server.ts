import BetterSqlite3 from "better-sqlite3";
import type { Database } from "./database.server";

/**
 * SQLite through better-sqlite3: one connection per process, write-ahead log, and `synchronous = FULL`
 * so a committed submission is on disk before the thank-you page is sent, even if the process is
 * killed right after. Several processes may share the file (a busy writer is waited for up to 5 s).
 */
export function openSqlite(file: string, options: { readonly?: boolean } = {}): Database {
  const readonly = options.readonly ?? false;
  const db = new BetterSqlite3(file, { readonly, fileMustExist: readonly });
  try {
    db.pragma("busy_timeout = 5000");
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
      return db.prepare(sql).all(...params) as T[];
    },
    async run(sql, params = []) {
      return db.prepare(sql).run(...params).changes;
    },
    async exec(sql) {
      db.exec(sql);
    },
    async transaction(fn, { exclusive = false } = {}) {
      if (inTransaction) return fn(self);
      const attempt = async () => {
        db.exec(exclusive ? "BEGIN EXCLUSIVE" : "BEGIN IMMEDIATE");
        inTransaction = true;
        try {
          const result = await fn(self);
          db.exec("COMMIT");
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
