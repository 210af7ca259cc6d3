import { mkdirSync } from "node:fs";
import path from "node:path";
import { parseDatabaseUrl } from "./url.server";

export type Dialect = "sqlite" | "postgres";

/**
 * The small surface the portal needs from a SQL database, the same over SQLite and PostgreSQL.
 * Statements use `?` placeholders; the PostgreSQL adapter numbers them.
 */
export interface Database {
  readonly dialect: Dialect;
  /** Rows of a query. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /**
   * Runs a statement; resolves with the number of rows it changed. Like `query` and `exec` outside a
   * transaction (and `transaction` at its commit), it resolves only once the change is in the database
   * the URL names, and rejects with DatabaseLostError when it went somewhere else.
   */
  run(sql: string, params?: readonly unknown[]): Promise<number>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Runs `fn` in one transaction on one connection, committed when it resolves and rolled back when it
   * throws. `exclusive` also keeps other app servers out until the commit (used by migrations).
   */
  transaction<T>(fn: (tx: Database) => Promise<T>, options?: { exclusive?: boolean }): Promise<T>;
  close(): Promise<void>;
}

/**
 * The connection no longer reaches the database its URL names (a SQLite file removed or replaced while
 * open): what it wrote is not in that database. The connection is of no further use; open the URL again.
 */
export class DatabaseLostError extends Error {
  readonly code = "DATABASE_LOST";
}

/** True for a DatabaseLostError (checked by its code: the Remix and server builds each hold a copy of the class). */
export function isDatabaseLost(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "DATABASE_LOST";
}

/** Opens the database a URL names (creating the SQLite file and its folder when missing). */
export async function openDatabase(url: string): Promise<Database> {
  const target = parseDatabaseUrl(url);
  if (target.dialect === "postgres") {
    const { openPostgres } = await import("./postgres.server");
    return openPostgres(target.connectionString);
  }
  if (!target.readonly) mkdirSync(path.dirname(target.file), { recursive: true });
  const { openSqlite } = await import("./sqlite.server");
  return openSqlite(target.file, { readonly: target.readonly });
}
