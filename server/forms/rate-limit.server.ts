import type { Database } from "../db/database.server";

/**
 * Per-client submission limit (e.g. 5 per 10 minutes): a client's window opens with its first counted
 * submission and lasts `windowSeconds`; after it, counting starts again. The counter is one row per client
 * in the database, bumped by an atomic upsert, so every app server sharing the database enforces one
 * limit and concurrent submissions on several servers never both slip under it.
 */
export interface RateLimitOptions {
  /** Submissions accepted per client and window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Submissions counted in the current window (for `peek`, including the one it asks about). */
  hits: number;
  /** Seconds until the window ends and the count starts again. */
  retryAfterSeconds: number;
}

export function decide(hits: number, limit: number, windowStart: number, windowMs: number, now: number): RateLimitDecision {
  return { allowed: hits <= limit, hits, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)) };
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

type Row = { hits: number; window_start: number };

export function createRateLimiter(db: () => Promise<Database>, { limit, windowSeconds }: RateLimitOptions): RateLimiter {
  const windowMs = windowSeconds * 1000;
  return {
    async peek(key, now = Date.now()) {
      const [row] = await (await db()).query<Row>("SELECT hits, window_start FROM rate_limits WHERE key = ?", [key]);
      const current = row && Number(row.window_start) > now - windowMs ? row : undefined;
      return decide(Number(current?.hits ?? 0) + 1, limit, current ? Number(current.window_start) : now, windowMs, now);
    },
    async consume(key, now = Date.now()) {
      const expired = now - windowMs;
      // SET expressions read the row as it was before the update, in SQLite and PostgreSQL alike.
      const [row] = await (await db()).query<Row>(
        `INSERT INTO rate_limits (key, window_start, hits) VALUES (?, ?, 1)
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN rate_limits.window_start <= ? THEN 1 ELSE rate_limits.hits + 1 END,
           window_start = CASE WHEN rate_limits.window_start <= ? THEN ? ELSE rate_limits.window_start END
         RETURNING hits, window_start`,
        [key, now, expired, expired, now],
      );
      return decide(Number(row.hits), limit, Number(row.window_start), windowMs, now);
    },
    async purge(now = Date.now()) {
      return (await db()).run("DELETE FROM rate_limits WHERE window_start <= ?", [now - windowMs]);
    },
  };
}
