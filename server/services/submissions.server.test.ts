import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "../db/database.server";
import { createSubmissionsService, isDatabaseUnavailable, type SubmissionsOptions } from "./submissions.server";

let dir: string;
const logs: string[] = [];
const open: { close(): Promise<void> }[] = [];
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "sacap-submissions-"));
  logs.length = 0;
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
  rmSync(dir, { recursive: true, force: true });
});

function service(overrides: Partial<SubmissionsOptions> = {}) {
  const s = createSubmissionsService({
    databaseUrl: `file:${dir}/sacap.db`,
    retentionDays: 365,
    rateLimit: { limit: 2, windowSeconds: 600 },
    log: (level, msg) => logs.push(`${level}: ${msg}`),
    ...overrides,
  });
  open.push(s);
  return s;
}

const DAY = 86_400_000;
const fields = { name: "Asha", email: "asha@example.org", organisation: "", country: "NPL", topic: "question", message: "x".repeat(20) };

describe("submissions service", () => {
  it("stores a submission with a new reference and lists it back, also from a second process's service", async () => {
    const one = service();
    const stored = await one.create("contact", fields, Date.UTC(2026, 0, 2));
    expect(stored.reference).toMatch(/^CT-/);
    const two = service();
    expect(await two.list()).toEqual([{ reference: stored.reference, kind: "contact", createdAt: Date.UTC(2026, 0, 2), fields }]);
  });

  it("filters by time and kind", async () => {
    const s = service();
    await s.create("contact", fields, Date.UTC(2025, 11, 31));
    const b = await s.create("data-share", { title: "t" }, Date.UTC(2026, 0, 1));
    const c = await s.create("contact", fields, Date.UTC(2026, 0, 3));
    expect((await s.list({ since: Date.UTC(2026, 0, 1) })).map((x) => x.reference)).toEqual([b.reference, c.reference]);
    expect((await s.list({ until: Date.UTC(2026, 0, 1) })).map((x) => x.kind)).toEqual(["contact"]);
    expect((await s.list({ kind: "data-share" })).map((x) => x.reference)).toEqual([b.reference]);
  });

  it("deletes submissions older than the retention period; 0 keeps them", async () => {
    const now = Date.UTC(2026, 6, 1);
    const keep = service({ retentionDays: 0 });
    await keep.create("contact", fields, now - 1000 * DAY);
    expect(await keep.applyRetention(now)).toBe(0);
    const s = service({ retentionDays: 30 });
    await s.create("contact", fields, now - 31 * DAY);
    const recent = await s.create("contact", fields, now - 29 * DAY);
    expect(await s.applyRetention(now)).toBe(2);
    expect((await s.list()).map((x) => x.reference)).toEqual([recent.reference]);
    expect(logs.some((l) => l.includes("retention: deleted 2"))).toBe(true);
  });

  it("keeps one form secret in the database for every app server, unless one is configured", async () => {
    const a = await service().formSecret();
    expect(a.length).toBeGreaterThanOrEqual(32);
    expect(await service().formSecret()).toBe(a);
    expect(await service({ formSecret: "configured-secret-123" }).formSecret()).toBe("configured-secret-123");
  });

  it("takes the shared form secret once the database answers, when another app server held it locked at start-up", async () => {
    const stored = await service().formSecret();
    const file = path.join(dir, "sacap.db");
    const other = new BetterSqlite3(file);
    other.exec("BEGIN IMMEDIATE"); // another app server writing at the same moment
    const s = service();
    // as at start-up: the secret cannot be stored within the lock wait (5 s), so one is made for now
    const provisional = await s.formSecret();
    expect(provisional).not.toBe(stored);
    other.exec("COMMIT");
    other.close();
    expect(await s.formSecret()).toBe(stored);
  });

  it("counts submissions per client address without storing the address", async () => {
    const s = service();
    expect((await s.consumeRate("203.0.113.7")).allowed).toBe(true);
    expect((await s.consumeRate("203.0.113.7")).allowed).toBe(true);
    expect((await s.peekRate("203.0.113.7")).allowed).toBe(false);
    expect((await s.consumeRate("203.0.113.8")).allowed).toBe(true);
    const s2 = service();
    expect((await s2.peekRate("203.0.113.7")).allowed).toBe(false);
    const db = await openDatabase(`file:${dir}/sacap.db`);
    open.push(db);
    const keys = await db.query<{ key: string }>("SELECT key FROM rate_limits");
    expect(keys).toHaveLength(2);
    expect(JSON.stringify(keys)).not.toContain("203.0.113");
  });

  it("reports an unreachable database as unavailable, keeps serving, and tries again later", async () => {
    writeFileSync(path.join(dir, "blocker"), "");
    const s = service({ databaseUrl: `file:${dir}/blocker/sacap.db` });
    await s.start();
    expect(s.available()).toBe(false);
    expect((await s.formSecret()).length).toBeGreaterThan(20);
    const error = await s.create("contact", fields).catch((e: unknown) => e);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(logs.some((l) => l.startsWith("error: database"))).toBe(true);
  });

  it("reports a read-only database as unavailable on write", async () => {
    await service().start();
    const s = service({ databaseUrl: `file:${dir}/sacap.db?mode=ro` });
    expect(await s.list()).toEqual([]);
    expect(s.available()).toBe(true);
    const error = await s.create("contact", fields).catch((e: unknown) => e);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(s.available()).toBe(false);
  });

  it("uses a fill token once: sent again, on this app server or another, it stores nothing and gives the first reference", async () => {
    const one = service();
    const two = service();
    const fill = { token: "token-a", expiresAt: Date.UTC(2026, 0, 3) };
    const first = await one.create("contact", fields, Date.UTC(2026, 0, 1), fill);
    expect(first.replay).toBe(false);
    expect(await one.create("contact", { ...fields, name: "Someone else" }, Date.UTC(2026, 0, 1), fill)).toEqual({ reference: first.reference, replay: true });
    // at the same moment on two app servers: one is stored, both get its reference
    const concurrent = { token: "token-b", expiresAt: Date.UTC(2026, 0, 3) };
    const [a, b] = await Promise.all([one.create("contact", fields, Date.UTC(2026, 0, 1), concurrent), two.create("contact", fields, Date.UTC(2026, 0, 1), concurrent)]);
    expect(a.reference).toBe(b.reference);
    expect([a.replay, b.replay].sort()).toEqual([false, true]);
    expect((await two.list()).map((x) => x.reference)).toEqual([first.reference, a.reference]);
  });

  it("forgets used fill tokens once they have expired", async () => {
    const s = service();
    const fill = { token: "token-c", expiresAt: Date.UTC(2026, 0, 3) };
    await s.create("contact", fields, Date.UTC(2026, 0, 1), fill);
    await s.applyRetention(Date.UTC(2026, 0, 2));
    expect((await s.create("contact", fields, Date.UTC(2026, 0, 2), fill)).replay).toBe(true);
    await s.applyRetention(Date.UTC(2026, 0, 4));
    const db = new BetterSqlite3(path.join(dir, "sacap.db"));
    expect(db.prepare("SELECT count(*) AS n FROM used_fill_tokens").get()).toEqual({ n: 0 });
    db.close();
  });

  it("refuses to confirm a submission written to a file removed while open, then writes to a new file at the path", async () => {
    const file = path.join(dir, "sacap.db");
    const s = service();
    await s.start();
    const secret = await s.formSecret();
    for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
    const error = await s.create("contact", fields).catch((e: unknown) => e);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(s.available()).toBe(false);
    expect(existsSync(file)).toBe(false);
    await new Promise((r) => setTimeout(r, 2100)); // past the retry pause
    const stored = await s.create("contact", fields);
    const db = new BetterSqlite3(file, { readonly: true });
    expect(db.prepare("SELECT reference FROM submissions").all()).toEqual([{ reference: stored.reference }]);
    // the new file keeps the secret the pages were signed with
    expect(db.prepare("SELECT value FROM settings WHERE name = 'form_secret'").get()).toEqual({ value: secret });
    db.close();
  });
});
