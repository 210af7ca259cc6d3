import { z } from "zod";
import { ANALYTICS_CONFIG, parseEnabledFlag } from "../app/lib/analytics";

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.url({ protocol: /^https?$/ }).optional());
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

/**
 * Every environment setting of the portal, parsed once. Third-party services are off unless configured.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /** Where /api paths the portal does not serve are forwarded. */
  API_UPSTREAM: optionalUrl,
  /** Seconds the upstream API gets to start answering. */
  UPSTREAM_TIMEOUT: z.coerce.number().positive().max(120).default(10),
  /** Page analytics: off unless enabled and given a measurement id. */
  ANALYTICS_ENABLED: z.string().default(ANALYTICS_CONFIG.enabled).transform(parseEnabledFlag),
  ANALYTICS_ID: optionalText,
  /** Bot check on forms: off unless both keys are set. */
  CAPTCHA_SITE_KEY: optionalText,
  CAPTCHA_SECRET: optionalText,
  MAPBOX_ACCESS_TOKEN: optionalText,
  /** Map server (THREDDS or similar) serving the viewer layers' `/thredds/...` WMS paths; unset: those layers show as unavailable. */
  WMS_BASE_URL: optionalUrl,
  /** Hosts of public map services the viewers may request (comma list, e.g. maps.isric.org); empty: none. */
  WMS_EXTERNAL_HOSTS: z
    .string()
    .default("")
    .transform((v) => v.split(",").map((h) => h.trim()).filter(Boolean)),
  CKAN_URL: optionalUrl,
  /** One JSON line per request on stdout. */
  LOG_REQUESTS: boolText("true"),
  /** Seconds to let in-flight requests finish after SIGTERM. */
  SHUTDOWN_TIMEOUT: z.coerce.number().min(0).default(10),
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new EnvError(`Invalid environment settings:\n${problems}`);
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
