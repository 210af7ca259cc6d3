import { statSync } from "node:fs";
import BetterSqlite3 from "better-sqlite3";
import { DatabaseLostError, type Database } from "./database.server";

/** How long a statement waits for another process's lock on the file before the database counts as unavailable. */
export const SQLITE_LOCK_WAIT_MS = 5000;

const isBusy = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED"));
};

/**
 * Runs a synchronous statement, and while another process holds the lock it needs, tries again after a
 * pause (5 ms doubling to 100 ms) until `waitMs` have passed. better-sqlite3 would otherwise wait out its
 * busy timeout synchronously, holding up every other request of the process.
 */
export async function retryWhileBusy<T>(run: () => T | Promise<T>, waitMs = SQLITE_LOCK_WAIT_MS): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (let pause = 5; ; pause = Math.min(pause * 2, 100)) {
    try {
      return await run();
    } catch (error) {
      if (!isBusy(error) || Date.now() + pause > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

type FileIdentity = { path: string; dev: bigint; ino: bigint };

/** Device and inode of the files at these paths that exist. */
function identify(paths: readonly string[]): FileIdentity[] {
  return paths.flatMap((path) => {
    const stat = statSync(path, { bigint: true, throwIfNoEntry: false });
    return stat ? [{ path, dev: stat.dev, ino: stat.ino }] : [];
  });
}

/**
 * SQLite through better-sqlite3: one connection per process, write-ahead log, and `synchronous = FULL`
 * so a committed submission is on disk before the thank-you page is sent, even if the process is
 * killed right after. Several processes may share the file: a statement that meets another process's
 * lock is retried asynchronously for up to SQLITE_LOCK_WAIT_MS (the event loop stays free), then fails.
 *
 * A connection keeps writing to the files it opened after they are removed or replaced (`rm` of the
 * .db, -wal and -shm while the portal runs): SQLite reports every commit as done, and the rows vanish
 * with the process. So a writable connection notes the device and inode of the database, -wal and -shm
 * files when it opens, and after every write outside a transaction and every commit compares them with
 * the files now at those paths. A difference rejects with DatabaseLostError (the change is not in the
 * database the URL names), and so does every later call: the caller opens the path again.
 */
export function openSqlite(file: string, options: { readonly?: boolean; lockWaitMs?: number } = {}): Database {
  const readonly = options.readonly ?? false;
  const lockWaitMs = options.lockWaitMs ?? SQLITE_LOCK_WAIT_MS;
  const db = new BetterSqlite3(file, { readonly, fileMustExist: readonly });
  let opened: FileIdentity[] = [];
  try {
    // never wait synchronously: a lock is waited for by retryWhileBusy
    db.pragma("busy_timeout = 0");
    if (!readonly) db.pragma("journal_mode = WAL");
    db.pragma("synchronous = FULL");
    // A read opens the -wal and -shm files, so their identities can be noted with the database's.
    db.prepare("SELECT count(*) FROM sqlite_master").get();
    if (!readonly && file !== ":memory:" && file !== "") opened = identify([file, `${file}-wal`, `${file}-shm`]);
  } catch (error) {
    db.close();
    throw error;
  }

  let lost: DatabaseLostError | undefined;
  const checkFiles = () => {
    if (lost) throw lost;
    const now = identify(opened.map((f) => f.path));
    const gone = opened.find((f) => !now.some((n) => n.path === f.path && n.dev === f.dev && n.ino === f.ino));
    if (gone) {
      lost = new DatabaseLostError(`${gone.path} was removed or replaced while open`);
      throw lost;
    }
  };

  // Statements are synchronous and autocommit. A transaction holds the connection until it ends: other
  // callers' statements wait (they are not part of it), and transactions run one after another. Inside
  // one, use the `tx` it is given; a statement on the outer handle would wait for the transaction itself.
  let held: Promise<void> | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  const adapter = (inTransaction: boolean): Database => {
    /** Runs a statement: outside a transaction, once none holds the connection, then checks the files. */
    const statement = async <T>(run: () => T): Promise<T> => {
      if (lost) throw lost;
      const result = await retryWhileBusy(async () => {
        if (!inTransaction) while (held) await held;
        return run();
      }, lockWaitMs);
      if (!inTransaction) checkFiles();
      return result;
    };
    const self: Database = {
      dialect: "sqlite",
      async query<T>(sql: string, params: readonly unknown[] = []) {
        const prepared = db.prepare(sql);
        return (await statement(() => prepared.all(...params))) as T[];
      },
      async run(sql, params = []) {
        const prepared = db.prepare(sql);
        return (await statement(() => prepared.run(...params))).changes;
      },
      async exec(sql) {
        await statement(() => db.exec(sql));
      },
      async transaction(fn, { exclusive = false } = {}) {
        if (inTransaction) return fn(self);
        const attempt = async () => {
          if (lost) throw lost;
          let release!: () => void;
          held = new Promise((resolve) => (release = resolve));
          try {
            await retryWhileBusy(() => db.exec(exclusive ? "BEGIN EXCLUSIVE" : "BEGIN IMMEDIATE"), lockWaitMs);
            try {
              const result = await fn(tx);
              await retryWhileBusy(() => db.exec("COMMIT"), lockWaitMs);
              return result;
            } catch (error) {
              if (db.inTransaction) db.exec("ROLLBACK");
              throw error;
            }
          } finally {
            held = undefined;
            release();
          }
        };
        const result = queue.then(attempt, attempt).then((value) => {
          checkFiles();
          return value;
        });
        queue = result.catch(() => undefined);
        return result;
      },
      async close() {
        db.close();
      },
    };
    return self;
  };

  const tx = adapter(true);
  return adapter(false);
}
