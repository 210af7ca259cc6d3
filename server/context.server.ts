import type { OniTable } from "../app/features/analytics/compute";
import type { ModuleImports } from "../app/lib/module-stages.server";
import { scenarioPeriod } from "../app/features/cmip6/seriesQuery";
import { loadOni } from "./analytics/oni.server";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { redactDatabaseUrl } from "./db/url.server";
import { DEFAULT_SERIES_DB, EnvError, seriesDatabaseFile, seriesDatabaseUrl, type Env } from "./env.server";
import { getSeeds, withViewerLayersFile, type Seeds } from "./seeds.server";
import { drawAddedOutlines, withAddedPlaces } from "./places/added.server";
import { DroughtIndexStore } from "./series/drought-store";
import { SampleSeriesStore } from "./series/sample/sample-store";
import { createSeriesService, type SeriesService } from "./series/service.server";
import { openGridStore } from "./grids/open.server";
import { warmGridImages } from "./api/grid.server";
import type { GridStore } from "./grids/store";
import { IngestedSeriesStore } from "./series/ingested-store.server";
import { PostgresSeriesStore, type PostgresSeriesStoreOptions } from "./series/postgres/reader.server";
import { LayeredSeriesStore, type SeriesStore } from "./series/store";
import { SeriesWorkerPool } from "./series/worker-pool.server";
import { createOnDemandJobs } from "./ondemand/service.server";
import { OnDemandThreads } from "./ondemand/threads.server";
import { createAezImages, type AezImages } from "./services/aez-images.server";
import { createCkanService, type CkanService } from "./services/ckan.server";
import { createProfileService, type ProfileService } from "./services/profile.server";
import { createReferenceService, type ReferenceService } from "./services/reference.server";
import { createSubmissionsService, type SubmissionsService } from "./services/submissions.server";

declare module "@remix-run/node" {
  interface AppLoadContext {
    env: Env;
    reference: ReferenceService;
    series: SeriesService;
    /** Gridded fields: the ensemble statistics per grid cell (`server/grids/`). */
    grids: GridStore;
    /** User-defined indices computed on demand as jobs (`/api/processes`, `/api/jobs`). */
    ondemand: Awaited<ReturnType<typeof createOnDemandJobs>>;
    /** Place climate profiles, kept per place and data version. */
    profiles: ProfileService;
    ckan: CkanService;
    /** The AEZ map images a document carries in itself. */
    aezImages: AezImages;
    submissions: SubmissionsService;
    /** The client's address (behind a trusted proxy, the one it reports), set per request. */
    clientAddress: string;
    /**
     * The portal's address for the absolute URLs of this response (PUBLIC_URL, or the request's as far as it
     * is believed: `server/request-origin.server.ts`). Never take it from `request.url`, whose host is the
     * client's to choose.
     */
    origin: string;
    /**
     * The request headers `origin` was taken from (`ORIGIN_VARY`), for the `Vary` of a cacheable answer
     * that carries it; undefined with PUBLIC_URL (every answer names it).
     */
    originVary?: string;
    /** The Content-Security-Policy nonce of this response, for the inline scripts of a document. */
    cspNonce: string;
    /** The ONI table of the ENSO analysis. */
    oni: OniTable;
    /**
     * Resolves when this request's page may be rendered: at once, unless its client has a long line of
     * pages while another client's work is under way (`FairLines.turnToRender`). Absent outside page turns.
     */
    renderTurn?: () => Promise<void>;
    /** The static imports of the built browser modules (a document evaluates its modules in that order). */
    moduleImports: ModuleImports;
  }
}

export type ServiceContext = Awaited<ReturnType<typeof createLoadContext>>;

/**
 * The services loaders and resource routes use, built once at start-up (which validates the seeds: a
 * broken seed stops the server here, before it listens; so does a series database that cannot be opened or
 * reached). The submissions database opens in `submissions.start()`. `publicDir` is the folder served at
 * `/` (the AEZ images are read from it).
 */
export async function createLoadContext(env: Env, { publicDir }: { publicDir: string }) {
  // the seed's viewer layers and the operator's (WMS_LAYERS_FILE)
  const shipped = withViewerLayersFile(getSeeds(), env.WMS_LAYERS_FILE);
  const store = await openSeriesApiStore(shipped, env.SERIES_DB, { pollSeconds: env.SERIES_DB_POLL_SECONDS });
  // the seed's places and those the store's ingest added (`--places`), which every screen and list then knows
  const seeds = withStorePlaces(shipped, store);
  drawAddedOutlines(store.addedPlaces?.() ?? []);
  const reference = createReferenceService(seeds);
  const series = createSeriesService(seeds, store, { pool: seriesWorkers(env.SERIES_WORKERS) });
  const grids = await openGridStore({ env, seeds, series });
  warmGridImages(grids);
  return {
    env,
    reference,
    series,
    grids,
    ondemand: await createOnDemandJobs(seeds, {
      dailyDir: env.DAILY_DIR,
      runner: ondemandThreads(env),
      queue: ondemandQueue(env),
      resultsDir: env.ONDEMAND_RESULTS_DIR,
      limits: { concurrent: env.ONDEMAND_JOBS, perClient: env.ONDEMAND_JOBS_PER_CLIENT, maxSize: env.ONDEMAND_MAX_CELL_YEARS, resultBytes: env.ONDEMAND_RESULTS_MB * 1024 * 1024 },
    }),
    profiles: createProfileService({ series, reference }),
    ckan: createCkanService(env.CKAN_URL, () => reference.list("getCatalogData"), env.CKAN_TIMEOUT * 1000, {
      hosts: env.CKAN_PREVIEW_HOSTS,
      allowPrivate: env.CKAN_PREVIEW_PRIVATE,
    }),
    submissions: createSubmissionsService({
      databaseUrl: env.DATABASE_URL,
      retentionDays: env.SUBMISSION_RETENTION_DAYS,
      rateLimit: { limit: env.FORM_RATE_LIMIT, windowSeconds: env.FORM_RATE_WINDOW_SECONDS },
      formSecret: env.FORM_SECRET,
    }),
    oni: loadOni(),
    aezImages: createAezImages(publicDir, () => reference.list("getAezModules")),
  };
}

/**
 * The seeds with the places the series store's ingest added after their own (`withAddedPlaces`): what the
 * main thread and the series workers both answer from, so that their reference lists, and with them the
 * data versions of their answers, agree.
 */
export function withStorePlaces<S extends Pick<Seeds, "geos">>(seeds: S, store: SeriesStore): S {
  return withAddedPlaces(seeds, store.addedPlaces?.() ?? []);
}

/** The built series worker, beside the built server (`scripts/build-server.mjs`). */
const SERIES_WORKER_FILE = fileURLToPath(new URL("./series-worker.js", import.meta.url));

/**
 * The worker threads of the series service (SERIES_WORKERS); none when the setting is 0, or when the server
 * runs from its sources (tests), where there is no built worker: answers are then computed in process.
 */
function seriesWorkers(count: number): SeriesWorkerPool | undefined {
  if (count === 0 || !existsSync(SERIES_WORKER_FILE)) return undefined;
  return new SeriesWorkerPool(SERIES_WORKER_FILE, count);
}

/** The built on-demand thread, beside the built server (`scripts/build-server.mjs`). */
const ONDEMAND_WORKER_FILE = fileURLToPath(new URL("./ondemand-worker.js", import.meta.url));

/**
 * The worker threads of the on-demand jobs, one per job computed at once (ONDEMAND_JOBS); none when the
 * setting is 0 (a queue's workers compute them) or when the server runs from its sources (tests), where
 * there is no built worker: jobs are then computed on the main thread, block by block.
 */
function ondemandThreads(env: Env): OnDemandThreads | undefined {
  if (env.ONDEMAND_JOBS === 0 || !existsSync(ONDEMAND_WORKER_FILE)) return undefined;
  return new OnDemandThreads(ONDEMAND_WORKER_FILE, env.ONDEMAND_JOBS, { dailyDir: env.DAILY_DIR });
}

/** The queue of the on-demand jobs: the database of a PostgreSQL SERIES_DB (the ingest queue's), with the lease of a computation. */
function ondemandQueue(env: Env): { url: string; lease: number } | undefined {
  const url = seriesDatabaseUrl(env.SERIES_DB);
  return url ? { url, lease: env.ONDEMAND_LEASE_SECONDS } : undefined;
}

/**
 * The store the series API answers from: `seriesStore` with SPI and SPEI fitted from its monthly series
 * (`DroughtIndexStore`), for sample and ingested data alike. A SQLite file or none; the shared PostgreSQL
 * store connects asynchronously (`openSeriesApiStore`).
 */
export function seriesApiStore(seeds: Pick<Seeds, "scenarios" | "modelVariables">, setting: string): SeriesStore {
  return new DroughtIndexStore(seriesStore(seeds, setting));
}

/** `seriesApiStore` for every SERIES_DB setting: a PostgreSQL URL is connected to (and read) first. */
export async function openSeriesApiStore(
  seeds: Pick<Seeds, "scenarios" | "modelVariables">,
  setting: string,
  options: SharedStoreOptions = {},
): Promise<SeriesStore> {
  return new DroughtIndexStore(await openSeriesStore(seeds, setting, options));
}

/** How a PostgreSQL SERIES_DB is read (`PostgresSeriesStoreOptions`). */
export type SharedStoreOptions = Pick<PostgresSeriesStoreOptions, "pollSeconds" | "connections">;

/**
 * `seriesStore` for every SERIES_DB setting: with a `postgres://` URL, the shared store of several app
 * servers (`PostgresSeriesStore`, looking for new data every `pollSeconds`; 0 never by itself) in front of
 * the sample store. A database that cannot be reached stops the server with a message naming SERIES_DB.
 */
export async function openSeriesStore(
  seeds: Pick<Seeds, "scenarios" | "modelVariables">,
  setting: string,
  options: SharedStoreOptions = {},
): Promise<SeriesStore> {
  const url = seriesDatabaseUrl(setting);
  if (!url) return seriesStore(seeds, setting);
  let shared: PostgresSeriesStore;
  try {
    shared = await PostgresSeriesStore.open(url, options);
  } catch (error) {
    throw new EnvError(
      `Invalid environment settings:\n  SERIES_DB: cannot reach the series database ${redactDatabaseUrl(url)} (${connectionProblem(error)}); check the URL and that PostgreSQL accepts connections, or set SERIES_DB=none`,
    );
  }
  return new LayeredSeriesStore([shared, sampleStore(seeds)]);
}

/** What went wrong connecting (a refused connection to a name with several addresses is an AggregateError without a message). */
function connectionProblem(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const first = (error as { errors?: unknown[] }).errors?.[0];
  return error.message || (first instanceof Error ? first.message : "") || (error as { code?: string }).code || error.name;
}

function sampleStore(seeds: Pick<Seeds, "scenarios" | "modelVariables">): SampleSeriesStore {
  const scenarios = Object.fromEntries(seeds.scenarios.map((s) => [s.field_value, scenarioPeriod(s)]));
  return new SampleSeriesStore({ scenarios, availability: seeds.modelVariables });
}

/**
 * The stores of the series. The embedded default generates sample series for the scenario years
 * of the seeds; series ingested from NetCDF files (SERIES_DB, see `docs/series-api.md`) go in front of it
 * with `LayeredSeriesStore`, so each model and scenario is answered from real data where it was ingested.
 */
export function seriesStore(seeds: Pick<Seeds, "scenarios" | "modelVariables">, setting: string): SeriesStore {
  if (seriesDatabaseUrl(setting)) throw new Error("a PostgreSQL SERIES_DB is opened with openSeriesStore");
  const sample = sampleStore(seeds);
  if (setting === "none") return sample;
  const named = seriesDatabaseFile(setting);
  const file = named ?? (existsSync(DEFAULT_SERIES_DB) ? DEFAULT_SERIES_DB : undefined);
  if (!file) return sample;
  let ingested: IngestedSeriesStore;
  try {
    ingested = new IngestedSeriesStore(file);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new EnvError(`Invalid environment settings:\n  SERIES_DB: cannot open the series database ${file} (${reason}); run npm run ingest or set SERIES_DB=none`);
  }
  return new LayeredSeriesStore([ingested, sample]);
}
