import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./free-port.mjs";

export { freePort };

/**
 * Starts the built portal with extra settings (on a free port unless they name a `PORT`); resolves once
 * /healthz answers. A setting given as `undefined` is left unset (its default), also when the environment
 * of the tests has it.
 */
export async function startPortal(env: Record<string, string | undefined>): Promise<{ url: string; process: ChildProcess; output: () => string }> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  let output = "";
  // on-demand results of its own (a job a test runs must not be answered from another portal's or run's)
  const results = mkdtempSync(path.join(tmpdir(), "sacap-portal-ondemand-"));
  const settings: NodeJS.ProcessEnv = { ...process.env, LOG_REQUESTS: "false", SERIES_DB: "none", TRUST_PROXY: "loopback", ONDEMAND_RESULTS_DIR: results, ...env, PORT: String(port) };
  for (const [name, value] of Object.entries(settings)) if (value === undefined) delete settings[name];
  const child = spawn(process.execPath, ["build/server/index.js"], {
    // sample series unless a test names a series database; the test client stands in for a trusted proxy (its X-Forwarded-For names the clients) unless a test says otherwise
    env: settings,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  // Generous: start-up slows down a lot when the machine is busy with other test runs.
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`portal exited: ${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, process: child, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error(`portal did not start: ${output}`);
}

/** Runs the built server to completion (for start-up failures); resolves with exit code and output. */
export function runPortal(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    let output = "";
    const child = spawn(process.execPath, ["build/server/index.js"], {
      env: { ...process.env, LOG_REQUESTS: "false", SERIES_DB: "none", PORT: "0", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (chunk) => (output += chunk));
    child.stderr!.on("data", (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill(), 10_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
