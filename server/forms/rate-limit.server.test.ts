import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../db/database.server";
import { migrate } from "../db/migrations.server";
import { openSqlite } from "../db/sqlite.server";
import { clientKey, createRateLimiter, decide } from "./rate-limit.server";

const WINDOW = 600;
const T0 = Date.UTC(2026, 0, 1, 12, 3, 7);

describe("decide", () => {
  it("allows up to the limit and says when the window ends", () => {
    expect(decide(5, 5, T0, WINDOW * 1000, T0 + 60_000)).toEqual({ allowed: true, hits: 5, retryAfterSeconds: 540 });
    expect(decide(6, 5, T0, WINDOW * 1000, T0 + 60_000)).toEqual({ allowed: false, hits: 6, retryAfterSeconds: 540 });
    expect(decide(6, 5, T0, WINDOW * 1000, T0 + 599_999).retryAfterSeconds).toBe(1);
  });
});

describe("clientKey", () => {
  it("keeps IPv4 addresses, unwraps mapped ones and groups IPv6 by /64", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:DB8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
  });
});

describe("the database rate limiter", () => {
  let db: Database;
  beforeEach(async () => {
    db = openSqlite(":memory:");
    await migrate(db);
  });
  afterEach(() => db.close());

  it("accepts five submissions in a window from the first, refuses the sixth with the time left, and starts again", async () => {
    const limiter = createRateLimiter(async () => db, { limit: 5, windowSeconds: WINDOW });
    for (let i = 1; i <= 5; i++) {
      expect((await limiter.peek("a", T0 + i * 1000)).allowed).toBe(true);
      expect(await limiter.consume("a", T0 + i * 1000)).toMatchObject({ allowed: true, hits: i });
    }
    // the window opened with the first submission, at T0 + 1 s
    expect(await limiter.peek("a", T0 + 6000)).toMatchObject({ allowed: false, retryAfterSeconds: 595 });
    expect(await limiter.consume("a", T0 + 6000)).toEqual({ allowed: false, hits: 6, retryAfterSeconds: 595 });
    // another client is counted apart
    expect(await limiter.consume("b", T0 + 6000)).toMatchObject({ allowed: true, hits: 1 });
    // still refused just before the window ends, counted afresh once it has
    expect((await limiter.consume("a", T0 + 1000 + WINDOW * 1000 - 1)).allowed).toBe(false);
    expect(await limiter.peek("a", T0 + 1000 + WINDOW * 1000)).toMatchObject({ allowed: true, hits: 1 });
    expect(await limiter.consume("a", T0 + 1000 + WINDOW * 1000)).toEqual({ allowed: true, hits: 1, retryAfterSeconds: WINDOW });
  });

  it("peeking counts nothing", async () => {
    const limiter = createRateLimiter(async () => db, { limit: 1, windowSeconds: WINDOW });
    for (let i = 0; i < 3; i++) expect((await limiter.peek("a", T0)).allowed).toBe(true);
    expect((await limiter.consume("a", T0)).allowed).toBe(true);
    expect((await limiter.consume("a", T0)).allowed).toBe(false);
  });

  it("two limiters on one database (two app servers) share the count", async () => {
    const one = createRateLimiter(async () => db, { limit: 3, windowSeconds: WINDOW });
    const two = createRateLimiter(async () => db, { limit: 3, windowSeconds: WINDOW });
    const results = await Promise.all([one.consume("a", T0), two.consume("a", T0), one.consume("a", T0), two.consume("a", T0)]);
    expect(results.map((r) => r.hits).sort()).toEqual([1, 2, 3, 4]);
    expect(results.filter((r) => !r.allowed)).toHaveLength(1);
  });

  it("purges the counters of finished windows", async () => {
    const limiter = createRateLimiter(async () => db, { limit: 5, windowSeconds: WINDOW });
    await limiter.consume("a", T0);
    await limiter.consume("b", T0 + 60_000);
    expect(await limiter.purge(T0 + WINDOW * 1000 + 1)).toBe(1);
    expect(await db.query("SELECT key FROM rate_limits")).toEqual([{ key: "b" }]);
  });
});
