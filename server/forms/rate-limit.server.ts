import type { Database } from "../db/database.server";

/**
 * Per-client submission limit over fixed windows (e.g. 5 per 10 minutes), counted in the database so
 * every app server sharing it enforces one limit. A window's counter is one row, bumped by an atomic
 * upsert, so concurrent submissions on several servers never both slip under the limit.
 */
export interface RateLimitOptions {
  /** Submissions accepted per client and window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Submissions counted in the current window (including this one for `consume`). */
  hits: number;
  /** Seconds until the window ends and the count starts again. */
  retryAfterSeconds: number;
}

export function windowStart(now: number, windowMs: number): number {
  return Math.floor(now / windowMs) * windowMs;
}

export function decide(hits: number, limit: number, now: number, windowMs: number): RateLimitDecision {
  const end = windowStart(now, windowMs) + windowMs;
  return { allowed: hits <= limit, hits, retryAfterSeconds: Math.max(1, Math.ceil((end - now) / 1000)) };
}

/**
 * The part of a client address that identifies a client: IPv4 addresses as they are (also when mapped
 * into IPv6), IPv6 addresses by their /64 prefix (one customer's allocation).
 */
export function clientKey(address: string): string {
  const text = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (mapped) return mapped[1];
  if (!text.includes(":")) return text;
  const [head, tail = ""] = text.split("%")[0].split("::");
  const left = head ? head.split(":") : [];
  const right = text.includes("::") && tail ? tail.split(":") : [];
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  return `${groups.slice(0, 4).map((g) => parseInt(g || "0", 16).toString(16)).join(":")}::/64`;
}

export interface RateLimiter {
  /** The decision another submission would get now, without counting one. */
  peek(key: string, now?: number): Promise<RateLimitDecision>;
  /** Counts a submission and decides whether it is accepted. */
  consume(key: string, now?: number): Promise<RateLimitDecision>;
  /** Deletes the counters of finished windows. */
  purge(now?: number): Promise<number>;
}

export function createRateLimiter(db: () => Promise<Database>, { limit, windowSeconds }: RateLimitOptions): RateLimiter {
  const windowMs = windowSeconds * 1000;
  return {
    async peek(key, now = Date.now()) {
      const rows = await (await db()).query<{ hits: number }>("SELECT hits FROM rate_limits WHERE key = ? AND window_start = ?", [
        key,
        windowStart(now, windowMs),
      ]);
      return decide(Number(rows[0]?.hits ?? 0) + 1, limit, now, windowMs);
    },
    async consume(key, now = Date.now()) {
      const rows = await (await db()).query<{ hits: number }>(
        `INSERT INTO rate_limits (key, window_start, hits) VALUES (?, ?, 1)
         ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limits.hits + 1
         RETURNING hits`,
        [key, windowStart(now, windowMs)],
      );
      return decide(Number(rows[0].hits), limit, now, windowMs);
    },
    async purge(now = Date.now()) {
      return (await db()).run("DELETE FROM rate_limits WHERE window_start < ?", [windowStart(now, windowMs)]);
    },
  };
}
