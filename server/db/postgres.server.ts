import pg from "pg";
import type { Database } from "./database.server";

/** Any number, so every app server serialises its migrations on the same PostgreSQL advisory lock. */
const MIGRATION_LOCK = 7_240_801;

/** `?` placeholders to PostgreSQL's `$1, $2, ...` (the portal's SQL has no `?` inside literals). */
export function numberPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

// BIGINT columns hold millisecond timestamps, well inside a double's exact range.
const INT8_OID = 20;
const types = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
};

type Queryable = pg.Pool | pg.PoolClient;

function adapter(client: Queryable, transaction: Database["transaction"], close: () => Promise<void>): Database {
  return {
    dialect: "postgres",
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await client.query(numberPlaceholders(sql), params as unknown[]);
      return result.rows as T[];
    },
    async run(sql, params = []) {
      const result = await client.query(numberPlaceholders(sql), params as unknown[]);
      return result.rowCount ?? 0;
    },
    async exec(sql) {
      await client.query(sql);
    },
    transaction,
    close,
  };
}

/**
 * PostgreSQL through a `pg` pool. Connection problems surface as rejected queries (never as an
 * uncaught error event), so a database outage makes the forms answer 503 instead of stopping the portal.
 */
export function openPostgres(connectionString: string): Database {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    query_timeout: 10_000,
    types,
  });
  pool.on("error", (error) => {
    console.error(JSON.stringify({ time: new Date().toISOString(), level: "error", msg: `database connection lost: ${error.message}` }));
  });

  const transaction: Database["transaction"] = async (fn, { exclusive = false } = {}) => {
    const client = await pool.connect();
    // Errors of an idle client end up here instead of crashing the process.
    const onError = () => undefined;
    client.on("error", onError);
    try {
      await client.query("BEGIN");
      if (exclusive) await client.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
      const nested: Database["transaction"] = (inner) => inner(tx);
      const tx = adapter(client, nested, async () => undefined);
      const result = await fn(tx);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      client.off("error", onError);
      client.release();
    }
  };

  return adapter(pool, transaction, () => pool.end());
}

/**
 * `fn` in a transaction on a connection of `pool` (`begin`: the statement that opens it, e.g. a REPEATABLE
 * READ READ ONLY one): committed when `fn` resolves, rolled back when it throws. An error of the connection
 * while it is checked out surfaces as the failed query, not as a crash; a connection that cannot even roll
 * back is discarded, not returned to the pool.
 */
export async function transaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>, begin = "BEGIN"): Promise<T> {
  const client = await pool.connect();
  const onError = () => undefined;
  client.on("error", onError);
  let broken = false;
  try {
    await client.query(begin);
    const result = await fn(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => (broken = true));
    throw error;
  } finally {
    client.off("error", onError);
    client.release(broken);
  }
}
