import pg from "pg";
import { transaction } from "../../db/postgres.server";
import { redactDatabaseUrl } from "../../db/url.server";
import {
  ingestedFileColumns,
  ingestedSeries,
  ingestedSources,
  type IngestedFileRow,
  type IngestedSeriesRow,
  type IngestedSources,
} from "../ingested-series";
import type { SeriesKey, SeriesStore, StoreDescription, StoredSeries } from "../store";
import { ADDED_PLACES_QUERY, addedPlacesOf, type AddedPlace } from "../../places/added.server";

/**
 * The shared series store read from PostgreSQL (`SERIES_DB=postgres://...`), for app servers on several
 * machines: the tables of the ingested SQLite file (`schema.server.ts`), written by the ingest workers, read
 * here with the same answers as `IngestedSeriesStore` gives for the same rows (`ingested-series.ts`).
 *
 * Versions. Every batch a worker publishes raises `series_meta.version` in the transaction that writes its
 * rows, so that number names the rows as committed. The store's version is `postgres-<that number>-<fingerprint
 * of the files>`; it is part of every series ETag and of the caches' keys. The store looks at the number
 * every `pollSeconds` (one cheap query) and, when it rose, reads the files (the sources of the answers) in the
 * snapshot of that number before it advertises the new version: the version never runs ahead of its sources.
 * A failed look logs one line (one for a run of failures, and one when a look succeeds again) and keeps the
 * last version; the next one tries again.
 *
 * Reads. All the queries of one `getSeries` run in one REPEATABLE READ read-only transaction, one query per
 * (indicator, geo, frequency) of the batch, so an answer never mixes rows of two commits. The transaction reads
 * the number too: rows of a version newer than the advertised one are answered with that version's sources,
 * and the store moves to it before it answers. The version only moves forward, so a caller that finds the same
 * version before and after its reads has read the rows of that version and no other (the series service
 * checks exactly that before it keeps an answer under an ETag). The number is expected only to rise: a store
 * recreated from scratch (its number starting again at 0) needs the app servers restarted.
 */

/** Default seconds between looks at `series_meta.version` (SERIES_DB_POLL_SECONDS). */
export const DEFAULT_POLL_SECONDS = 2;

export interface PostgresSeriesStoreOptions {
  /**
   * Seconds between looks at `series_meta.version` (default 2); 0 never looks by itself: the store then moves
   * to a new version when it reads rows of one, or when asked to (`refresh`).
   */
  pollSeconds?: number;
  /** Connections at most (default 4). */
  connections?: number;
  /** Where a failed look (and the first good one after failures) is reported, one line each. */
  log?: (line: string) => void;
}

/** The files of one committed version: the sources they give and the store version they make. */
interface Snapshot extends IngestedSources {
  /** `series_meta.version`; -1 while the tables do not exist yet. */
  data: bigint;
  version: string;
}

/** PostgreSQL's "undefined_table": the series tables are not created yet (no worker has run). */
const UNDEFINED_TABLE = "42P01";

const isUndefinedTable = (error: unknown) => (error as { code?: unknown } | null)?.code === UNDEFINED_TABLE;

type Queryable = Pick<pg.PoolClient, "query">;

/** The data version committed, as the transaction (or connection) sees it; -1 without the tables. */
async function committedVersion(client: Queryable): Promise<bigint> {
  try {
    const { rows } = await client.query<{ version: string }>("SELECT version::text AS version FROM series_meta WHERE id = 1");
    return rows.length ? BigInt(rows[0].version) : 0n;
  } catch (error) {
    if (isUndefinedTable(error)) return -1n;
    throw error;
  }
}

/** The columns `ingested_files` has (a store of an older release lacks those added since). */
async function fileColumnsOf(client: Queryable): Promise<Set<string>> {
  const { rows } = await client.query<{ column_name: string }>(
    "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'ingested_files'",
  );
  return new Set(rows.map((r) => r.column_name));
}

/** The sources of the files as the transaction sees them, for data version `data`. */
async function loadSnapshot(client: Queryable, data: bigint): Promise<Snapshot> {
  // name order in bytes ("C"), as SQLite's BINARY collation sorts it: each source's files in the same order
  const files =
    data < 0n
      ? []
      : (await client.query<IngestedFileRow>(`SELECT ${ingestedFileColumns(await fileColumnsOf(client))} FROM ingested_files ORDER BY name COLLATE "C", sha256 COLLATE "C"`)).rows;
  const sources = ingestedSources(files);
  return { ...sources, data, version: `postgres-${data < 0n ? 0n : data}-${sources.fingerprint}` };
}

/**
 * The places the workers' ingest added (`--places`), as the transaction sees them; none before the tables
 * exist, or in a store whose tables are from before places were added.
 */
async function loadAddedPlaces(client: Queryable, data: bigint): Promise<AddedPlace[]> {
  if (data < 0n) return [];
  // asked first: a failed query would end the transaction it runs in
  const { rows } = await client.query<{ present: boolean }>("SELECT to_regclass('added_places') IS NOT NULL AS present");
  if (!rows[0].present) return [];
  return addedPlacesOf((await client.query<Parameters<typeof addedPlacesOf>[0][number]>(ADDED_PLACES_QUERY)).rows);
}

const SELECT_ROWS = `SELECT scenario, model, year::text AS year, source_id, vals, coverage, method FROM series_years
  WHERE indicator = $1 AND geo = $2 AND frequency = $3 AND scenario = ANY($4::text[]) AND model = ANY($5::text[])
  ORDER BY scenario COLLATE "C", model COLLATE "C", year`;

const line = (level: "info" | "error", msg: string) => JSON.stringify({ time: new Date().toISOString(), level, msg });

export class PostgresSeriesStore implements SeriesStore {
  private current: Snapshot;
  private readonly timer?: NodeJS.Timeout;
  /** The look of the poll under way (polls never overlap). */
  private polling?: Promise<void>;
  /** Files being read for a new version, shared by the reads that meet it at once. */
  private loading?: { data: bigint; snapshot: Promise<Snapshot> };
  private failing = false;
  private closed = false;
  private readonly log: (line: string) => void;

  /**
   * Connects and reads the files of the committed version; rejects when the database cannot be reached
   * (the caller names the setting). Tables not created yet are an empty store until a worker creates them.
   */
  static async open(url: string, options: PostgresSeriesStoreOptions = {}): Promise<PostgresSeriesStore> {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.connections ?? 4,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
      // a database that stops answering fails the read (a 500) rather than holding the request forever
      query_timeout: 30_000,
      // idle connections never keep a process (or a worker thread) alive
      allowExitOnIdle: true,
      application_name: "sacap-series",
    });
    pool.on("error", (error) => (options.log ?? console.error)(line("error", `series store connection lost: ${error.message}`)));
    try {
      const [first, places] = await readTransaction(pool, async (client) => {
        const data = await committedVersion(client);
        return [await loadSnapshot(client, data), await loadAddedPlaces(client, data)] as const;
      });
      return new PostgresSeriesStore(pool, url, first, places, options);
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
  }

  private constructor(
    private readonly pool: pg.Pool,
    private readonly url: string,
    first: Snapshot,
    private readonly places: readonly AddedPlace[],
    options: PostgresSeriesStoreOptions,
  ) {
    this.current = first;
    this.log = options.log ?? ((text) => console.error(text));
    const seconds = options.pollSeconds ?? DEFAULT_POLL_SECONDS;
    if (seconds > 0) {
      this.timer = setInterval(() => void this.poll(), seconds * 1000);
      this.timer.unref();
    }
  }

  get version(): string {
    return this.current.version;
  }

  /** `series_meta.version` of the advertised version (-1: no tables yet). */
  get dataVersion(): bigint {
    return this.current.data;
  }

  /**
   * The places the workers' ingest added (`--places`), read when the store was opened: the portal builds its
   * catalogue at start-up, so places added later are listed once the app servers restart.
   */
  addedPlaces(): readonly AddedPlace[] {
    return this.places;
  }

  describe(): StoreDescription {
    return { name: `ingested NetCDF series (PostgreSQL ${redactDatabaseUrl(this.url)})`, sources: [...this.current.sources.values()] };
  }

  async getSeries(keys: readonly SeriesKey[]): Promise<(StoredSeries | undefined)[]> {
    if (keys.length === 0) return [];
    return readTransaction(this.pool, async (client) => {
      const data = await committedVersion(client);
      if (data < 0n) return keys.map(() => undefined);
      const snapshot = await this.snapshotOf(client, data);
      this.advance(snapshot);
      return ingestedSeries(
        keys,
        async (indicator, geo, frequency, scenarios, models) => {
          const { rows } = await client.query<Omit<IngestedSeriesRow, "year"> & { year: string }>({
            name: "sacap-series-years",
            text: SELECT_ROWS,
            values: [indicator, geo, frequency, scenarios, models],
          });
          return rows.map((row) => ({ ...row, year: Number(row.year) }));
        },
        snapshot,
      );
    });
  }

  /** Looks at the committed version now and moves to it (reading its files first) when it is newer. */
  async refresh(): Promise<void> {
    // one query when nothing changed; the files are read in one snapshot with the number they belong to
    const data = await committedVersion(this.pool);
    if (data === this.current.data) return;
    const snapshot = await readTransaction(this.pool, async (client) => this.snapshotOf(client, await committedVersion(client)));
    this.advance(snapshot);
  }

  /** Stops looking for new versions and closes the connections. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.polling;
    await this.pool.end();
  }

  private async poll(): Promise<void> {
    if (this.polling || this.closed) return;
    this.polling = this.refresh().then(
      () => {
        if (this.failing) this.log(line("info", `series store reachable again: version ${this.version}`));
        this.failing = false;
      },
      (error: unknown) => {
        // one line when looks start failing, not one every few seconds while the database is away
        if (!this.failing) {
          this.log(line("error", `series store: cannot look for new data (${error instanceof Error ? error.message : String(error)}); keeping version ${this.version}, trying again`));
        }
        this.failing = true;
      },
    );
    try {
      await this.polling;
    } finally {
      this.polling = undefined;
    }
  }

  /** The snapshot of data version `data`, whose files `client`'s transaction sees. */
  private async snapshotOf(client: Queryable, data: bigint): Promise<Snapshot> {
    if (data === this.current.data) return this.current;
    // another read met the same version: the same commit, the same files
    if (this.loading?.data === data) {
      try {
        return await this.loading.snapshot;
      } catch {
        // that read failed: read them here
      }
    }
    const snapshot = loadSnapshot(client, data);
    const loading = { data, snapshot };
    this.loading = loading;
    void snapshot
      .catch(() => undefined)
      .finally(() => {
        if (this.loading === loading) this.loading = undefined;
      });
    return snapshot;
  }

  /** Moves to a newer version (never back: see the class comment). */
  private advance(snapshot: Snapshot) {
    if (snapshot.data > this.current.data) this.current = snapshot;
  }
}

/** `fn` in a REPEATABLE READ read-only transaction: every query sees one committed state. */
const readTransaction = <T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>) => transaction(pool, fn, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
