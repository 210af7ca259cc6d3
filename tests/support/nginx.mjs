import { spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./free-port.mjs";

// Plain JavaScript (typed in JSDoc) so that the benchmarks (bench/fair-share.mjs) start nginx the same way.

const DEPLOYMENT_CONFIG = fileURLToPath(new URL("../../deploy/nginx/sacap.conf", import.meta.url));

/**
 * The nginx configuration of docs/deployment.md, with its `{{NAME}}` placeholders filled in.
 * @param {Record<string, string>} values
 * @returns {string}
 */
export function renderNginxConfig(values, file = DEPLOYMENT_CONFIG) {
  const text = readFileSync(file, "utf8").replace(/\{\{(\w+)\}\}/g, (_, /** @type {string} */ name) => {
    if (!(name in values)) throw new Error(`no value for {{${name}}} in ${file}`);
    return values[name];
  });
  return text;
}

/**
 * The nginx binary (Debian's nginx-light), or null when there is none.
 * @returns {string | null}
 */
export function findNginx() {
  for (const candidate of ["/usr/sbin/nginx", ...(process.env.PATH ?? "").split(":").map((dir) => path.join(dir, "nginx"))]) {
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/** @typedef {{ url: string; stop: () => Promise<void>; log: () => string }} Nginx */

/**
 * A throwaway nginx (Debian's nginx-light) on a free loopback port, in a temporary prefix, serving the
 * deployment's configuration (or another checkout's, `config`) in front of the given app servers; or the
 * reason it cannot run here.
 * @param {string[]} apps
 * @param {string} [config]
 * @returns {Promise<Nginx | { skip: string }>}
 */
export async function startNginx(apps, config = DEPLOYMENT_CONFIG) {
  const binary = findNginx();
  if (!binary) return { skip: "no nginx binary here: install Debian's nginx-light" };
  const dir = mkdtempSync(path.join(tmpdir(), "sacap-nginx-"));
  // worker processes run as an unprivileged user when started as root and must reach the temp folders
  chmodSync(dir, 0o755);
  const port = await freePort();
  // the name requests to `url` (below) carry in Host: any other is refused (444) by the default server
  const site = renderNginxConfig({ APP_1: apps[0], APP_2: apps[1], LISTEN: `127.0.0.1:${port}`, SERVER_NAME: "127.0.0.1" }, config);
  writeFileSync(path.join(dir, "sacap.conf"), site);
  writeFileSync(
    path.join(dir, "nginx.conf"),
    [
      "worker_processes 1;",
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      "events { worker_connections 256; }",
      "http {",
      `  access_log ${dir}/access.log;`,
      `  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;`,
      `  fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;`,
      `  include ${dir}/sacap.conf;`,
      "}",
    ].join("\n"),
  );
  // -e: the error log before the configuration is read (the default one is not writable without root)
  const args = ["-p", dir, "-e", path.join(dir, "error.log"), "-c", path.join(dir, "nginx.conf")];
  const check = spawnSync(binary, [...args, "-t"], { encoding: "utf8" });
  if (check.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`nginx -t refused the configuration:\n${check.stderr}`);
  }
  const child = spawn(binary, [...args, "-g", "daemon off;"], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (c) => (output += c));
  child.stderr.on("data", (c) => (output += c));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output}`);
    try {
      await fetch(`${url}/healthz`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not start: ${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    log: () => output + (existsSync(path.join(dir, "error.log")) ? readFileSync(path.join(dir, "error.log"), "utf8") : ""),
    stop: async () => {
      if (child.exitCode === null) {
        const done = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGQUIT");
        await done;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
