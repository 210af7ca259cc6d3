import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { mapserverConfig } from "../grids/mapserver/mapfile";

/**
 * A MapServer for tests: a small HTTP server on 127.0.0.1 that runs Debian's `mapserv` as a CGI program per
 * request (as nginx does through fcgiwrap in docs/deployment.md, "Serving the grids") with the mapfile in
 * MS_MAPFILE, and relays its answer with the CGI headers turned into the HTTP status and headers. Like the
 * deployment's nginx it adds `Access-Control-Allow-Origin: *`, since the map's worker fetches tiles across
 * origins.
 */

const CANDIDATES = ["/usr/bin/mapserv", "/usr/lib/cgi-bin/mapserv"];

/** The `mapserv` program: the one MAPSERV names (only that one), else Debian's places or the PATH. */
export function findMapserv(): string | undefined {
  if (process.env.MAPSERV) return existsSync(process.env.MAPSERV) ? process.env.MAPSERV : undefined;
  for (const candidate of [...CANDIDATES, ...(process.env.PATH ?? "").split(":").filter(Boolean).map((dir) => path.join(dir, "mapserv"))]) {
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/**
 * Why the MapServer tests cannot run here, or undefined when they can. Without `mapserv` they are skipped
 * on a developer's machine, never in CI (`.ci/run` installs cgi-mapserver): there its absence is a failure.
 */
export function mapserverSkipReason(): string | undefined {
  if (findMapserv() || process.env.CI) return undefined;
  return "mapserv is not installed here (Debian: apt-get install cgi-mapserver mapserver-bin gdal-bin); CI installs it";
}


export interface MapServerHarness {
  /** The WMS endpoint: `http://127.0.0.1:PORT/wms/grids` (with a directory, the services are below it). */
  url: string;
  /** Origin of the server (for WMS_BASE_URL) and path of the endpoint (the layer list's tile URL). */
  origin: string;
  path: string;
  /** The path and query of every request answered so far. */
  requests: string[];
  stop: () => Promise<void>;
}

/** One CGI answer: the headers before the first empty line, then the body. */
export function parseCgiOutput(output: Buffer): { status: number; headers: [string, string][]; body: Buffer } {
  const crlf = output.indexOf("\r\n\r\n");
  const lf = output.indexOf("\n\n");
  const end = crlf !== -1 && (lf === -1 || crlf < lf) ? { at: crlf, skip: 4 } : lf !== -1 ? { at: lf, skip: 2 } : undefined;
  if (!end) throw new Error(`mapserv answered without CGI headers: ${output.subarray(0, 200).toString("latin1")}`);
  const headers: [string, string][] = [];
  let status = 200;
  for (const line of output.subarray(0, end.at).toString("latin1").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (name.toLowerCase() === "status") status = Number.parseInt(value, 10) || 500;
    else headers.push([name, value]);
  }
  return { status, headers, body: output.subarray(end.at + end.skip) };
}

/**
 * Starts the server for one mapfile at `path` (default /wms/grids), or for a directory of mapfiles, one per
 * file (`--out-dir`), at `path/{name}` for `{name}.map`, as docs/deployment.md's nginx serves them.
 * `stop` closes it and waits for running `mapserv` processes.
 */
export async function startMapServer(options: ({ mapfile: string } | { dir: string }) & { path?: string }): Promise<MapServerHarness> {
  const binary = findMapserv();
  if (!binary) throw new Error("mapserv is not installed: apt-get install cgi-mapserver mapserver-bin");
  const endpoint = options.path ?? "/wms/grids";
  const dir = mkdtempSync(path.join(tmpdir(), "sacap-mapserver-"));
  const config = path.join(dir, "mapserver.conf");
  writeFileSync(config, mapserverConfig("mapfile" in options ? { mapfile: path.resolve(options.mapfile) } : { dir: path.resolve(options.dir) }));
  /** The mapfile of a request's path, or undefined (404). */
  const mapfileOf = (pathname: string): string | undefined => {
    if ("mapfile" in options) return pathname === endpoint ? path.resolve(options.mapfile) : undefined;
    const name = pathname.startsWith(`${endpoint}/`) ? pathname.slice(endpoint.length + 1) : "";
    const file = path.resolve(options.dir, `${name}.map`);
    return /^[a-z0-9]+_[a-z0-9]+_[A-Za-z]+$/.test(name) && existsSync(file) ? file : undefined;
  };
  const requests: string[] = [];
  const running = new Set<Promise<void>>();

  const handle = (req: IncomingMessage, res: ServerResponse, port: number) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push(`${url.pathname}${url.search}`);
    const mapfile = mapfileOf(url.pathname);
    if (!mapfile) {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("not found\n");
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const cgi: Record<string, string> = {
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        MAPSERVER_CONFIG_FILE: config,
        MS_MAPFILE: mapfile,
        GATEWAY_INTERFACE: "CGI/1.1",
        SERVER_PROTOCOL: "HTTP/1.1",
        SERVER_SOFTWARE: "sacap-test-mapserver",
        SERVER_NAME: "127.0.0.1",
        SERVER_PORT: String(port),
        HTTP_HOST: req.headers.host ?? `127.0.0.1:${port}`,
        SCRIPT_NAME: url.pathname,
        REQUEST_METHOD: req.method ?? "GET",
        QUERY_STRING: url.search.slice(1),
        REMOTE_ADDR: req.socket.remoteAddress ?? "127.0.0.1",
        ...(req.method === "POST" ? { CONTENT_TYPE: req.headers["content-type"] ?? "application/x-www-form-urlencoded", CONTENT_LENGTH: String(body.length) } : {}),
      };
      const child = spawn(binary, [], { env: cgi as NodeJS.ProcessEnv, stdio: ["pipe", "pipe", "pipe"] });
      const out: Buffer[] = [];
      let errors = "";
      child.stdout.on("data", (c: Buffer) => out.push(c));
      child.stderr.on("data", (c: Buffer) => (errors += c));
      // mapserv does not read its input for a GET and may have exited before the pipe is written: the
      // closed pipe (EPIPE) is not the request's error, and unhandled it would end the test process
      child.stdin.on("error", () => {});
      child.stdin.end(body);
      const done = new Promise<void>((resolve) => {
        child.on("error", (error) => {
          if (!res.headersSent) res.writeHead(502, { "Content-Type": "text/plain" }).end(`mapserv did not run: ${error.message}\n`);
          resolve();
        });
        child.on("close", () => {
          try {
            const answer = parseCgiOutput(Buffer.concat(out));
            res.statusCode = answer.status;
            for (const [name, value] of answer.headers) res.setHeader(name, value);
            res.setHeader("Access-Control-Allow-Origin", "*");
            res.end(answer.body);
          } catch (error) {
            res.writeHead(502, { "Content-Type": "text/plain" }).end(`${(error as Error).message}\n${errors}`);
          }
          resolve();
        });
      });
      running.add(done);
      void done.then(() => running.delete(done));
    });
  };

  const server = createServer((req, res) => handle(req, res, (server.address() as AddressInfo).port));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}${endpoint}`,
    origin,
    path: endpoint,
    requests,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all(running);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
