import { availableParallelism } from "node:os";
import * as z from "zod";
import { ANALYTICS_CONFIG, parseEnabledFlag } from "../app/lib/analytics";
import { validHost } from "./request-origin.server";

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.url({ protocol: /^https?$/ }).optional());
/** An http(s) origin (scheme, host and optional port; no path, query, fragment or credentials), without its trailing slash. */
const optionalOrigin = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(
    z
      .url({ protocol: /^https?$/ })
      .refine((v) => {
        const url = URL.parse(v);
        return url !== null && url.origin !== "null" && url.href === `${url.origin}/`;
      }, "expected an origin such as https://sacap.example.org (no path, query or credentials)")
      .transform((v) => new URL(v).origin)
      .optional(),
  );
const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();
const boolText = (fallback: "true" | "false") =>
  z
    .enum(["true", "false", "1", "0", ""])
    .default(fallback)
    .transform((v) => (v === "" ? fallback === "true" : v === "true" || v === "1"));

/** A PostgreSQL connection URL (DATABASE_URL, SERIES_DB). */
const POSTGRES_URL = /^postgres(ql)?:\/\/.+/i;

/** The address the shipped nginx connects to the app servers from (its `proxy_bind`): the proxy trusted by default. */
export const DEFAULT_TRUSTED_PROXY = "127.0.0.2";

/**
 * Every environment setting of the portal, parsed once. Third-party services are off unless configured.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /**
   * The portal's public address (`https://sacap.example.org`), used for the absolute URLs of its pages (API
   * examples, "Cite as", data packs). Unset: the address the request names (its Host, or a trusted proxy's
   * X-Forwarded-Host and X-Forwarded-Proto, see TRUST_PROXY), and pages are kept per address.
   */
  PUBLIC_URL: optionalOrigin,
  /**
   * The portal's own hosts (comma list of `host` or `host:port`, as a request's Host or a trusted proxy's
   * X-Forwarded-Host names them; no wildcards), besides PUBLIC_URL's: only their pages are kept for reuse,
   * pages asked for any other host are rendered every time (`ownHosts` in `server/request-origin.server.ts`).
   * Empty: PUBLIC_URL's host, else the first host the portal is asked for; loopback at the portal's port always.
   */
  ALLOWED_HOSTS: z
    .string()
    .default("")
    .transform((v) => v.split(",").map((h) => h.trim().toLowerCase()).filter(Boolean))
    .pipe(z.array(z.string().refine(validHost, "expected host names or host:port, comma-separated (no wildcards: each name a client made up would be kept apart)"))),
  /** Where /api paths the portal does not serve are forwarded. */
  API_UPSTREAM: optionalUrl,
  /** Seconds the upstream API gets to start answering. */
  UPSTREAM_TIMEOUT: z.coerce.number().positive().max(120).default(10),
  /**
   * Bytes a compressed upstream answer may have once decompressed (50 MiB): the portal holds it in memory
   * until it ends, and answers 502 past the bound. Uncompressed answers are streamed and not bounded.
   */
  UPSTREAM_MAX_BYTES: z.coerce.number().int().min(1024).max(1024 ** 3).default(50 * 1024 ** 2),
  /** Page analytics: off unless enabled and given a measurement id. */
  ANALYTICS_ENABLED: z.string().default(ANALYTICS_CONFIG.enabled).transform(parseEnabledFlag),
  ANALYTICS_ID: optionalText,
  /** Bot check on forms: off unless both keys are set. */
  CAPTCHA_SITE_KEY: optionalText,
  CAPTCHA_SECRET: optionalText,
  MAPBOX_ACCESS_TOKEN: optionalText,
  /** Map server (THREDDS or similar) serving the viewer layers' `/thredds/...` WMS paths; unset: those layers show as unavailable. */
  WMS_BASE_URL: optionalUrl,
  /**
   * A JSON file of further viewer layers (the format of seeds/viewer-layers.json), added after the seed's
   * layers: the operator's own WMS layers, such as the gridded change maps its MapServer serves
   * (`npm run grids -- mapfile --layers FILE`). Checked at start-up like the seeds.
   */
  WMS_LAYERS_FILE: optionalText,
  /** Hosts of public map services the viewers may request (comma list, e.g. maps.isric.org); empty: none. */
  WMS_EXTERNAL_HOSTS: z
    .string()
    .default("")
    .transform((v) => v.split(",").map((h) => h.trim()).filter(Boolean)),
  CKAN_URL: optionalUrl,
  /**
   * Hosts besides the CKAN portal's own that CSV previews may be fetched from (comma list of `host` or
   * `host:port`); empty: the CKAN host only.
   */
  CKAN_PREVIEW_HOSTS: z
    .string()
    .default("")
    .transform((v) => v.split(",").map((h) => h.trim()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/i, "expected host names or host:port, comma-separated"))),
  /**
   * Let allowed preview hosts resolve to private, loopback or link-local addresses (a CKAN portal inside
   * the operator's own network). Off: previews only ever connect to public addresses.
   */
  CKAN_PREVIEW_PRIVATE: boolText("false"),
  /** Seconds the CKAN portal gets to answer (search, dataset, CSV preview). */
  CKAN_TIMEOUT: z.coerce.number().positive().max(120).default(10),
  /**
   * Which proxies' X-Forwarded-For / X-Forwarded-Host to believe (Express "trust proxy"): "loopback",
   * a comma-separated list of addresses or subnets, a number of hops, "true" or "false". Rate limits and
   * the per-client lines count the client address this yields. The default is the one address the shipped
   * nginx connects from (`proxy_bind 127.0.0.2`, deploy/nginx/sacap.conf): any other program on the host,
   * on 127.0.0.1, cannot name a client of its choosing.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default(DEFAULT_TRUSTED_PROXY)
    .transform((v): boolean | number | string => (v === "true" ? true : v === "false" || v === "" ? false : /^\d+$/.test(v) ? Number(v) : v)),
  /**
   * Whether clients reach the portal over TLS: "auto" believes the request (a trusted proxy's
   * X-Forwarded-Proto, see TRUST_PROXY), "on" always (TLS ends at a proxy that does not say so), "off" never.
   * Over TLS responses carry Strict-Transport-Security and cookies the server sets are Secure.
   */
  TLS: z.enum(["auto", "on", "off"]).default("auto"),
  /** Strict-Transport-Security max-age (seconds) sent over TLS; 0 sends none. */
  HSTS_MAX_AGE: z.coerce.number().int().min(0).default(31_536_000),
  /** One JSON line per request on stdout. */
  LOG_REQUESTS: boolText("true"),
  /**
   * Worker threads computing series answers that are not cached (values, statistics, JSON, compression),
   * so that they never hold up other requests; 0 computes them on the main thread. Default: one fewer than
   * the cores, at least 1.
   */
  SERIES_WORKERS: z.coerce.number().int().min(0).max(64).default(Math.max(1, availableParallelism() - 1)),
  /**
   * On-demand index jobs (`/api/processes`) computed at once by this server, each in a worker thread of its
   * own; more wait their turn. With a queue (a PostgreSQL SERIES_DB) the jobs this server takes off it; 0
   * takes none (the queue's workers compute them).
   */
  ONDEMAND_JOBS: z.coerce.number().int().min(0).max(64).default(1),
  /**
   * With a queue, seconds an on-demand computation may run before the queue gives it to another worker (a
   * worker that died loses its job then): above the longest job.
   */
  ONDEMAND_LEASE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /** On-demand jobs one client may have waiting or running at once; more are a 429 with Retry-After. */
  ONDEMAND_JOBS_PER_CLIENT: z.coerce.number().int().min(1).max(100).default(2),
  /** Most cell-years one on-demand job may read over its models (cells x years read per model, summed); more is a 400 naming the rule. */
  ONDEMAND_MAX_CELL_YEARS: z.coerce.number().int().min(1000).max(100_000_000).default(1_200_000),
  /**
   * Disk (MiB) for on-demand results kept by their question's key, so a question asked again is answered at
   * once, after a restart too (with a queue: over the database's table of results).
   */
  ONDEMAND_RESULTS_MB: z.coerce.number().min(1).max(1_048_576).default(256),
  /** Folder of the on-demand results kept on disk (without a queue). */
  ONDEMAND_RESULTS_DIR: z.string().trim().min(1).default("data/ondemand"),
  /**
   * Memory (MiB) for rendered documents kept for reuse (same address, preferences and data; a fresh nonce
   * each time); 0 renders every request.
   */
  DOCUMENT_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
  /** Seconds a kept document is reused (pages that show an upstream service's answers change without notice). */
  DOCUMENT_CACHE_SECONDS: z.coerce.number().min(0).max(86_400).default(300),
  /** Seconds to let in-flight requests finish after SIGTERM. */
  SHUTDOWN_TIMEOUT: z.coerce.number().min(0).default(10),

  /** Where submissions are stored: `file:PATH` (SQLite) or a `postgres://` URL. */
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^(file:[^?]+(\?.*)?|postgres(ql)?:\/\/.+)$/i, "expected file:PATH, postgres://... or postgresql://...")
    .default("file:./data/sacap.db"),
  /**
   * Series ingested from NetCDF files (`npm run ingest`): `file:PATH` of the series database (one machine),
   * or a `postgres://` / `postgresql://` URL of the store shared by several app servers and ingest workers,
   * placed in front of the sample series; `none` for sample series only. Unset: `./data/series.db` when
   * that file exists, else sample series only.
   */
  SERIES_DB: z
    .string()
    .trim()
    .default("")
    .refine(
      (v) => v === "" || v === "none" || /^file:[^?]+$/.test(v) || POSTGRES_URL.test(v),
      "expected file:PATH, postgres://..., postgresql://... or none",
    ),
  /**
   * Folder of the gridded change fields (CF NetCDF files, one per indicator, scenario and season) that
   * `npm run ingest` writes and the portal and MapServer read; without files there the fields are sample data.
   */
  GRID_DIR: z.string().trim().min(1).default("data/grids"),
  /**
   * Folder of the daily store (docs/decisions/030-daily-store.md): when set, `npm run ingest` and the queue's
   * workers also keep the daily tasmax, tasmin, tas and pr of every land cell there, for indices computed
   * on demand. Unset: no daily store. With the queue, a path every worker's machine sees.
   */
  DAILY_DIR: optionalText,
  /** Seconds between looks for new data in a PostgreSQL SERIES_DB (a raised data version). */
  SERIES_DB_POLL_SECONDS: z.coerce.number().min(0.1).max(3600).default(2),
  /** Days a submission is kept; older ones are deleted at start-up and daily. 0 keeps them all. */
  SUBMISSION_RETENTION_DAYS: z.coerce.number().int().min(0).default(365),
  /** Seconds a person needs at least to fill in a form; quicker submissions are refused. */
  FORM_MIN_FILL_SECONDS: z.coerce.number().min(0).max(600).default(3),
  /** Submissions accepted per client address in each window. */
  FORM_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  FORM_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  /** Largest request body accepted on a page (bytes); larger ones get 413 before they are read. */
  FORM_MAX_BODY_BYTES: z.coerce.number().int().min(1024).default(131_072),
  /** Signs form tokens; generated and kept in the database when unset. */
  FORM_SECRET: optionalText.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  /** Where bot-check tokens are verified (the provider's alternative domain). */
  CAPTCHA_VERIFY_URL: z.url({ protocol: /^https?$/ }).default("https://www.recaptcha.net/recaptcha/api/siteverify"),
  /** Lowest bot-check score accepted, from 0 (a bot) to 1 (a person). */
  CAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

/** Default place of the series database that `npm run ingest` writes. */
export const DEFAULT_SERIES_DB = "./data/series.db";

/** The file a SERIES_DB setting names; undefined for "none", a PostgreSQL URL and unset (the default file, when it exists). */
export function seriesDatabaseFile(setting: string): string | undefined {
  return setting.startsWith("file:") ? setting.slice("file:".length) : undefined;
}

/** The PostgreSQL URL a SERIES_DB setting names (the shared series store); undefined for anything else. */
export function seriesDatabaseUrl(setting: string): string | undefined {
  return POSTGRES_URL.test(setting) ? setting : undefined;
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new EnvError(`Invalid environment settings:\n${problems}`);
  }
  if (result.data.ONDEMAND_JOBS === 0 && !seriesDatabaseUrl(result.data.SERIES_DB)) {
    throw new EnvError("Invalid environment settings:\n  ONDEMAND_JOBS: 0 computes no on-demand job here, which only a queue's workers can then do: set SERIES_DB=postgres://... (the queue's database), or at least 1");
  }
  return result.data;
}

let cached: Env | undefined;

/** The parsed settings of this process. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** The settings the browser may see. Never put a secret here. */
export interface PublicConfig {
  analyticsId?: string;
  captchaSiteKey?: string;
}

export function publicConfig(e: Env = env()): PublicConfig {
  return {
    analyticsId: e.ANALYTICS_ENABLED && e.ANALYTICS_ID ? e.ANALYTICS_ID : undefined,
    captchaSiteKey: e.CAPTCHA_SITE_KEY && e.CAPTCHA_SECRET ? e.CAPTCHA_SITE_KEY : undefined,
  };
}

/** What the portal believes of forwarded headers, said at start-up: which proxies, and what follows from it. */
export function trustedProxyNote(e: Pick<Env, "TRUST_PROXY">): string {
  const trust = e.TRUST_PROXY;
  if (trust === false) return "TRUST_PROXY=false: X-Forwarded-For/-Host/-Proto are ignored; every client is the address it connects from";
  if (trust === true) return "TRUST_PROXY=true: X-Forwarded-For/-Host/-Proto are believed from ANY client, which can then choose its own rate limits and line; set the proxy's address instead";
  const who = typeof trust === "number" ? `the nearest ${trust} proxy hop(s)` : trust;
  const note = trust === DEFAULT_TRUSTED_PROXY ? ` (the default: the address deploy/nginx/sacap.conf connects from; set TRUST_PROXY to your proxy's address if it connects from another)` : "";
  return `X-Forwarded-For/-Host/-Proto believed only from ${who}${note}; other clients are the address they connect from`;
}
