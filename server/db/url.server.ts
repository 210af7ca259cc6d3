import path from "node:path";
import { fileURLToPath } from "node:url";

export type DatabaseTarget =
  | { dialect: "sqlite"; file: string; readonly: boolean }
  | { dialect: "postgres"; connectionString: string };

/**
 * Reads DATABASE_URL: `file:PATH` (relative to the working folder, or `file:///absolute/path`, with
 * `?mode=ro` to open read-only) for SQLite, `postgres://` or `postgresql://` for PostgreSQL.
 */
export function parseDatabaseUrl(url: string): DatabaseTarget {
  if (/^postgres(ql)?:\/\//i.test(url)) return { dialect: "postgres", connectionString: url };
  if (url.startsWith("file:")) {
    const [location, query = ""] = url.slice("file:".length).split("?", 2);
    const params = new URLSearchParams(query);
    const file = location.startsWith("//") ? fileURLToPath(`file:${location}`) : location;
    if (!file) throw new Error("DATABASE_URL names no file");
    return { dialect: "sqlite", file: path.resolve(file), readonly: params.get("mode") === "ro" };
  }
  throw new Error("DATABASE_URL must start with file:, postgres:// or postgresql://");
}

/** A URL without its password, for logs and messages. */
export function redactDatabaseUrl(url: string): string {
  return url.replace(/^(postgres(?:ql)?:\/\/[^:/@]*:)[^@]*@/i, "$1***@");
}
