import type { Database, Dialect } from "./database.server";

/**
 * The versioned schema. Append new migrations; never edit or renumber one that has shipped. A
 * migration's SQL is the same for both databases unless it gives one text per dialect.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string | Record<Dialect, string>;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "submissions",
    sql: {
      sqlite: `
        CREATE TABLE submissions (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          reference TEXT NOT NULL UNIQUE,
          kind TEXT NOT NULL CHECK (kind IN ('contact', 'data-share')),
          created_at BIGINT NOT NULL,
          payload TEXT NOT NULL
        );
        CREATE INDEX submissions_created_at ON submissions (created_at);`,
      postgres: `
        CREATE TABLE submissions (
          id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          reference TEXT NOT NULL UNIQUE,
          kind TEXT NOT NULL CHECK (kind IN ('contact', 'data-share')),
          created_at BIGINT NOT NULL,
          payload TEXT NOT NULL
        );
        CREATE INDEX submissions_created_at ON submissions (created_at);`,
    },
  },
  {
    version: 2,
    name: "rate limits",
    sql: `
      CREATE TABLE rate_limits (
        key TEXT PRIMARY KEY,
        window_start BIGINT NOT NULL,
        hits INTEGER NOT NULL
      );`,
  },
  {
    version: 3,
    name: "settings",
    sql: `CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);`,
  },
  {
    // A fill token is used up by the first submission accepted with it; a replay is answered with that
    // submission's reference. The primary key makes claiming a token one atomic insert on every app server.
    version: 4,
    name: "used fill tokens",
    sql: `
      CREATE TABLE used_fill_tokens (
        token TEXT PRIMARY KEY,
        reference TEXT NOT NULL,
        expires_at BIGINT NOT NULL
      );
      CREATE INDEX used_fill_tokens_expires_at ON used_fill_tokens (expires_at);`,
  },
];

/**
 * Brings the schema up to date in one transaction that holds every other app server off (SQLite's
 * exclusive lock, a PostgreSQL advisory lock), so concurrent start-ups apply each migration once.
 * Resolves with the versions it applied.
 */
export async function migrate(db: Database, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  // Up to date already (every start-up but the first): no write lock, so a read-only database opens too.
  const applied = await db.query<{ version: number }>("SELECT version FROM schema_migrations").catch(() => null);
  if (applied && migrations.every((m) => applied.some((row) => Number(row.version) === m.version))) return [];

  return db.transaction(
    async (tx) => {
      await tx.exec(
        "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)",
      );
      const rows = await tx.query<{ version: number }>("SELECT version FROM schema_migrations");
      const applied = new Set(rows.map((row) => Number(row.version)));
      const done: number[] = [];
      for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
        if (applied.has(migration.version)) continue;
        await tx.exec(typeof migration.sql === "string" ? migration.sql : migration.sql[tx.dialect]);
        await tx.run("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)", [
          migration.version,
          migration.name,
          Date.now(),
        ]);
        done.push(migration.version);
      }
      return done;
    },
    { exclusive: true },
  );
}
