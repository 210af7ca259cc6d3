import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgres, type Postgres } from "../../../tests/support/postgres";
import { BASE_QUEUE, GRID_QUEUE, ONDEMAND_QUEUE, openQueue, SET_QUEUE } from "./boss.server";

/**
 * App servers and workers starting together on an empty database each create the queues: none of them
 * fails (pg-boss's queue creation alone deadlocks when two processes run it at once), and each queue is
 * there once, with its policy.
 */

let postgres: Postgres | { skip: string };

beforeAll(async () => {
  postgres = await startPostgres();
}, 120_000);

afterAll(() => {
  if (postgres && "stop" in postgres) postgres.stop();
});

describe("opening the queue engine", () => {
  it("six processes opening it at once on an empty database all succeed; every queue exists once", async (context) => {
    if ("skip" in postgres) return context.skip();
    const { url } = postgres;
    const opened = await Promise.allSettled(Array.from({ length: 6 }, () => openQueue({ url })));
    try {
      expect(opened.filter((o) => o.status === "rejected").map((o) => String((o as PromiseRejectedResult).reason))).toEqual([]);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query<{ name: string; policy: string }>("SELECT name, policy FROM pgboss.queue WHERE name LIKE 'sacap-%' ORDER BY name");
        expect(rows).toEqual(
          [
            { name: BASE_QUEUE, policy: "stately" },
            { name: GRID_QUEUE, policy: "stately" },
            { name: SET_QUEUE, policy: "standard" },
            { name: ONDEMAND_QUEUE, policy: "stately" },
          ].sort((a, b) => a.name.localeCompare(b.name)),
        );
        // no lock is left behind: a later process opens it at once
        const locks = await client.query("SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory'");
        expect(locks.rows[0].n).toBe(0);
      } finally {
        await client.end();
      }
    } finally {
      await Promise.all(opened.map((o) => (o.status === "fulfilled" ? o.value.stop({ graceful: false, wait: true }) : undefined)));
    }
  }, 120_000);
});
