import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import BetterSqlite3 from "better-sqlite3";
import { isDatabaseLost, openDatabase } from "./database.server";
import { openSqlite } from "./sqlite.server";
import { MIGRATIONS, migrate } from "./migrations.server";
import { numberPlaceholders } from "./postgres.server";
import { parseDatabaseUrl, redactDatabaseUrl } from "./url.server";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "sacap-db-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("DATABASE_URL", () => {
  it("names a SQLite file (relative, absolute or read-only) or a PostgreSQL server", () => {
    expect(parseDatabaseUrl("file:./data/sacap.db")).toEqual({ dialect: "sqlite", file: path.resolve("data/sacap.db"), readonly: false });
    expect(parseDatabaseUrl("file:/var/lib/sacap/sacap.db")).toEqual({ dialect: "sqlite", file: "/var/lib/sacap/sacap.db", readonly: false });
    expect(parseDatabaseUrl("file:///var/lib/sacap/sacap.db?mode=ro")).toEqual({ dialect: "sqlite", file: "/var/lib/sacap/sacap.db", readonly: true });
    expect(parseDatabaseUrl("postgres://u:p@db:5432/sacap")).toEqual({ dialect: "postgres", connectionString: "postgres://u:p@db:5432/sacap" });
    expect(parseDatabaseUrl("postgresql://db/sacap").dialect).toBe("postgres");
    expect(() => parseDatabaseUrl("mysql://db/sacap")).toThrow(/DATABASE_URL/);
  });

  it("is logged without its password", () => {
    expect(redactDatabaseUrl("postgres://sacap:hunter2@db/sacap")).toBe("postgres://sacap:***@db/sacap");
    expect(redactDatabaseUrl("file:./data/sacap.db")).toBe("file:./data/sacap.db");
  });

  it("numbers placeholders for PostgreSQL", () => {
    expect(numberPlaceholders("SELECT * FROM t WHERE a = ? AND b < ?")).toBe("SELECT * FROM t WHERE a = $1 AND b < $2");
  });
});

describe("SQLite", () => {
  it("creates the folder and the file, in WAL mode with synchronous FULL", async () => {
    const db = await openDatabase(`file:${dir}/nested/folder/sacap.db`);
    expect(await db.query("PRAGMA journal_mode")).toEqual([{ journal_mode: "wal" }]);
    expect(await db.query("PRAGMA synchronous")).toEqual([{ synchronous: 2 }]);
    await db.close();
  });

  it("applies every migration once, in order, and records them", async () => {
    const db = await openDatabase(`file:${dir}/sacap.db`);
    expect(await migrate(db)).toEqual(MIGRATIONS.map((m) => m.version));
    expect(await migrate(db)).toEqual([]);
    const rows = await db.query<{ version: number; name: string }>("SELECT version, name FROM schema_migrations ORDER BY version");
    expect(rows.map((r) => [r.version, r.name])).toEqual(MIGRATIONS.map((m) => [m.version, m.name]));
    await db.close();
  });

  it("applies only the new migrations to an older schema, and rolls back a failing one", async () => {
    const db = await openDatabase(`file:${dir}/sacap.db`);
    expect(await migrate(db, MIGRATIONS.slice(0, 1))).toEqual([1]);
    expect(await migrate(db)).toEqual([2, 3, 4]);
    const broken = [...MIGRATIONS, { version: 99, name: "broken", sql: "CREATE TABLE ok_table (x INT); NOT SQL" }];
    await expect(migrate(db, broken)).rejects.toThrow();
    expect(await db.query("SELECT name FROM sqlite_master WHERE name = 'ok_table'")).toEqual([]);
    expect(await db.query("SELECT version FROM schema_migrations WHERE version = 99")).toEqual([]);
    await db.close();
  });

  it("opens a migrated database read-only, where writes fail", async () => {
    const writable = await openDatabase(`file:${dir}/sacap.db`);
    await migrate(writable);
    await writable.close();
    const db = await openDatabase(`file:${dir}/sacap.db?mode=ro`);
    expect(await migrate(db)).toEqual([]);
    await expect(db.run("INSERT INTO settings (name, value) VALUES ('a', 'b')")).rejects.toThrow(/readonly/);
    await db.close();
  });

  it("fails to open where no file can be created", async () => {
    writeFileSync(path.join(dir, "a-file"), "");
    await expect(openDatabase(`file:${dir}/a-file/sacap.db`)).rejects.toThrow();
  });

  it("does not confirm a write to a file removed or replaced while open", async () => {
    const file = path.join(dir, "sacap.db");
    const removed = await openDatabase(`file:${file}`);
    await migrate(removed);
    expect(await removed.run("INSERT INTO settings (name, value) VALUES ('a', 'b')")).toBe(1);
    for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
    // SQLite itself would report both writes as done, into files no longer on disk
    await expect(removed.run("INSERT INTO settings (name, value) VALUES ('c', 'd')")).rejects.toSatisfy(isDatabaseLost);
    await expect(removed.transaction((tx) => tx.run("INSERT INTO settings (name, value) VALUES ('e', 'f')"))).rejects.toSatisfy(isDatabaseLost);
    await removed.close();

    // a file put in its place (a restore, another process creating it) is not the one written to either
    const replaced = await openDatabase(`file:${file}`);
    await migrate(replaced);
    rmSync(file);
    const other = new BetterSqlite3(file);
    other.exec("CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL)");
    other.close();
    await expect(replaced.run("INSERT INTO settings (name, value) VALUES ('g', 'h')")).rejects.toSatisfy(isDatabaseLost);
    await replaced.close();
  });

  it("keeps other callers' statements out of a transaction: they wait for it, and stay when it rolls back", async () => {
    const db = await openDatabase(`file:${dir}/sacap.db`);
    await migrate(db);
    let release!: () => void;
    const rolledBack = db.transaction(async (tx) => {
      await tx.run("INSERT INTO settings (name, value) VALUES ('in', 'tx')");
      await new Promise<void>((resolve) => (release = resolve));
      throw new Error("stop");
    });
    await new Promise((r) => setTimeout(r, 20));
    const outside = db.run("INSERT INTO settings (name, value) VALUES ('out', 'side')");
    await new Promise((r) => setTimeout(r, 20));
    release();
    await expect(rolledBack).rejects.toThrow("stop");
    await outside;
    expect(await db.query("SELECT name FROM settings")).toEqual([{ name: "out" }]);
    await db.close();
  });

  it("rolls a failed transaction back", async () => {
    const db = await openDatabase(`file:${dir}/sacap.db`);
    await migrate(db);
    await expect(
      db.transaction(async (tx) => {
        await tx.run("INSERT INTO settings (name, value) VALUES ('a', 'b')");
        throw new Error("stop");
      }),
    ).rejects.toThrow("stop");
    expect(await db.query("SELECT * FROM settings")).toEqual([]);
    await db.close();
  });
});

describe("SQLite under another connection's write lock", () => {
  it("waits without blocking the event loop, succeeds once the lock is released, and gives up after the wait", async () => {
    const file = path.join(dir, "locked.db");
    const db = openSqlite(file, { lockWaitMs: 400 });
    await db.exec("CREATE TABLE t (v INTEGER)");
    const other = new BetterSqlite3(file);
    other.exec("BEGIN IMMEDIATE");

    // the event loop keeps turning while the insert waits for the lock
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    const started = Date.now();
    await expect(db.run("INSERT INTO t VALUES (1)")).rejects.toMatchObject({ code: expect.stringMatching(/^SQLITE_BUSY/) });
    clearInterval(ticker);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(ticks).toBeGreaterThan(5);

    // released in the middle of the wait: the statement goes through
    setTimeout(() => other.exec("COMMIT"), 100);
    await db.run("INSERT INTO t VALUES (2)");
    expect(await db.query("SELECT v FROM t")).toEqual([{ v: 2 }]);
    other.close();
    await db.close();
  });
});
