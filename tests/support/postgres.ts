import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { freePort } from "./portal";

/**
 * A throwaway PostgreSQL cluster in a temporary folder on a free port, from the server binaries of
 * Debian's `postgresql` package (or any `initdb`/`pg_ctl` on PATH). `startPostgres` resolves with its
 * URL, or with the reason it cannot run here (the tests that need it are then skipped with that reason).
 */
export type Postgres = { url: string; stop: () => void };

function findBinaries(): { initdb: string; pgCtl: string } | null {
  const candidates = (process.env.PATH ?? "").split(":").filter(Boolean);
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    for (const version of readdirSync(debian).sort().reverse()) candidates.push(path.join(debian, version, "bin"));
  }
  for (const dir of candidates) {
    const initdb = path.join(dir, "initdb");
    const pgCtl = path.join(dir, "pg_ctl");
    if (existsSync(initdb) && existsSync(pgCtl)) return { initdb, pgCtl };
  }
  return null;
}

export async function startPostgres(): Promise<Postgres | { skip: string }> {
  const binaries = findBinaries();
  if (!binaries) return { skip: "no PostgreSQL server binaries (initdb, pg_ctl) here: install Debian's postgresql package" };

  // PostgreSQL refuses to run as root: run it as the package's `postgres` user then.
  const asRoot = userInfo().uid === 0;
  let owner: { uid: number; gid: number } | undefined;
  if (asRoot) {
    const id = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
    const gid = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
    if (id.status !== 0) return { skip: "running as root and there is no postgres user to run PostgreSQL as" };
    owner = { uid: Number(id.stdout.trim()), gid: Number(gid.stdout.trim()) };
  }
  const run = (command: string, args: string[]) =>
    owner
      ? execFileSync("runuser", ["-u", "postgres", "--", command, ...args], { stdio: "pipe", cwd: "/" })
      : execFileSync(command, args, { stdio: "pipe" });

  const dir = mkdtempSync(path.join(tmpdir(), "sacap-pg-"));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const data = path.join(dir, "data");
  const port = await freePort();
  try {
    run(binaries.initdb, ["-D", data, "-A", "trust", "-U", "sacap", "--no-instructions", "-E", "UTF8"]);
    run(binaries.pgCtl, [
      "-D",
      data,
      "-l",
      path.join(dir, "server.log"),
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
      "-w",
      "-t",
      "30",
      "start",
    ]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? String(error);
    return { skip: `PostgreSQL could not be started here: ${stderr.trim().split("\n").slice(-2).join(" ")}` };
  }
  return {
    url: `postgres://sacap@127.0.0.1:${port}/postgres`,
    stop: () => {
      try {
        run(binaries.pgCtl, ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
