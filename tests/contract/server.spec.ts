import { expect, test } from "@playwright/test";
import { spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import { freePort, startPortal } from "../support/portal";

// These tests start their own portal instances, which takes a few seconds on a busy machine.
test.slow();

test("/healthz answers ok, uncached, with the process's memory and every cache within its bound", async ({ request }) => {
  // a page and a series nobody asked for before: the page cache and a worker's caches hold something
  await request.get("/");
  await request.get("/");
  expect((await request.get(`/api/cmip6/annual?indicator=tas&geo=NPL&start=${1950 + Math.floor(Math.random() * 100)}`)).status()).toBe(200);
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
  type Cache = { name: string; entries: number; weight: number; capacity: number };
  const health = (await response.json()) as { status: string; memory: { rssMb: number; heapUsedMb: number }; caches: { main: Cache[]; workers: Cache[][] } };
  expect(health.status).toBe("ok");
  expect(health.memory.rssMb).toBeGreaterThan(health.memory.heapUsedMb);
  const names = health.caches.main.map((c) => c.name);
  expect(names).toEqual(expect.arrayContaining(["rendered pages (bytes)", "series answers (bytes)", "sample series (bytes)", "SPI and SPEI fits (bytes)"]));
  expect(health.caches.main.find((c) => c.name === "rendered pages (bytes)")!.entries).toBeGreaterThan(0);
  // the series are computed by worker threads: each reports its own caches after a job
  expect(health.caches.workers.length).toBeGreaterThan(0);
  expect(health.caches.workers.flat().some((c) => c.name === "sample series (bytes)" && c.entries > 0)).toBe(true);
  for (const cache of [...health.caches.main, ...health.caches.workers.flat()]) expect(cache.weight, cache.name).toBeLessThanOrEqual(cache.capacity);
  // the sizing docs/deployment.md gives, from the same parts: each thread's byte caches' bounds and the process
  const sizing = (health as unknown as { sizing: { cacheBoundsMb: { main: number; workers: number[] }; processMb: number; boundMb: number; withinBound: boolean } }).sizing;
  const bytesBound = (caches: (Cache & { unit: string })[]) => caches.filter((c) => c.unit === "bytes").reduce((sum, c) => sum + c.capacity, 0) / 2 ** 20;
  expect(sizing.cacheBoundsMb.main).toBeCloseTo(bytesBound(health.caches.main as (Cache & { unit: string })[]), 0);
  expect(sizing.cacheBoundsMb.workers).toHaveLength(health.caches.workers.length);
  expect(sizing.boundMb).toBeCloseTo(sizing.cacheBoundsMb.main + sizing.cacheBoundsMb.workers.reduce((a, b) => a + b, 0) + sizing.processMb, -1);
  expect(sizing.withinBound).toBe(health.memory.rssMb <= sizing.boundMb);
  expect(sizing.withinBound).toBe(true);
});

test("HTML is never cached, compressed, and carries the security headers", async ({ request }) => {
  const response = await request.get("/", { headers: { "Accept-Encoding": "br" } });
  const headers = response.headers();
  expect(headers["content-type"]).toBe("text/html; charset=utf-8");
  expect(headers["cache-control"]).toBe("no-store");
  expect(headers["content-encoding"]).toBe("br");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-powered-by"]).toBeUndefined();
});

test("hashed build assets are immutable for a year; a missing asset is a 404", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const assets = [...html.matchAll(/(?:href|src)="(\/build\/[^"]+)"/g)].map((m) => m[1]);
  expect(assets.length).toBeGreaterThan(3);
  for (const asset of assets.slice(0, 6)) {
    const response = await request.get(asset, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.status(), asset).toBe(200);
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  }
  const missing = await request.get("/build/_assets/nothing-ABCDEF.js");
  expect(missing.status()).toBe(404);
});

/**
 * A client with a small receive buffer: it reads the first bytes of an answer, prints "started", reads
 * nothing more for a while (so that most of a large answer waits in the portal's socket), then reads to
 * the end and prints the head and the body's length. Python, because Node's sockets cannot set SO_RCVBUF.
 */
const SLOW_READER = String.raw`
import json, socket, sys, time
port, path, pause = int(sys.argv[1]), sys.argv[2], float(sys.argv[3])
s = socket.socket()
s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
s.connect(("127.0.0.1", port))
s.sendall(("GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: identity\r\n\r\n" % path).encode())
data = s.recv(1024)
print("started", flush=True)
time.sleep(pause)
s.settimeout(15)
try:
    while True:
        chunk = s.recv(65536)
        if not chunk:
            break
        data += chunk
except Exception as error:
    print(json.dumps({"error": str(error)}), flush=True)
head, _, body = data.partition(b"\r\n\r\n")
print(json.dumps({"head": head.decode("latin1"), "bodyLength": len(body), "chunkedEnd": body.endswith(b"0\r\n\r\n")}), flush=True)
`;

test.describe("process behaviour", () => {
  let upstream: Server;
  let upstreamUrl: string;
  test.beforeAll(async () => {
    const port = await freePort();
    // answers after 1.5 s: an in-flight request for the shutdown test
    upstream = createServer((_req, res) => setTimeout(() => res.writeHead(200, { "Content-Type": "application/json" }).end('{"slow":true}'), 1500));
    await new Promise<void>((resolve) => upstream.listen(port, "127.0.0.1", resolve));
    upstreamUrl = `http://127.0.0.1:${port}`;
  });
  test.afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

  test("SIGTERM lets in-flight requests finish, then the process exits cleanly", async () => {
    const portal = await startPortal({ API_UPSTREAM: upstreamUrl, LOG_REQUESTS: "true" });
    const inFlight = fetch(`${portal.url}/api/slow`);
    await new Promise((r) => setTimeout(r, 300));
    const exited = new Promise<number | null>((resolve) => portal.process.on("exit", resolve));
    portal.process.kill("SIGTERM");
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ slow: true });
    expect(await exited).toBe(0);
    await expect(fetch(`${portal.url}/healthz`)).rejects.toThrow();

    // one structured log line per request
    const lines = portal
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line));
    const requests = lines.filter((line) => line.method);
    expect(requests.some((l) => l.path === "/api/slow" && l.status === 200 && typeof l.ms === "number")).toBe(true);
    expect(requests.every((l) => typeof l.time === "string" && l.level)).toBe(true);
  });

  test("SIGTERM while a large answer is still on its way to a slow client: the body arrives whole", async () => {
    const portal = await startPortal({});
    const port = new URL(portal.url).port;
    // pages are at most 200 KB (decision 026): a monthly series of every model and scenario is the large answer
    const path = "/api/cmip6/v1/monthly?indicator=tas&geo=NPL";
    const whole = Buffer.from(await (await fetch(`${portal.url}${path}`, { headers: { "Accept-Encoding": "identity" } })).arrayBuffer());
    // far more than the kernel's buffers on both sides hold for a client that does not read
    expect(whole.length).toBeGreaterThan(500_000);
    const client = spawn("python3", ["-c", SLOW_READER, port, path, "1.5"], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    const started = new Promise<void>((resolve) =>
      client.stdout.on("data", (d: Buffer) => {
        out += d.toString();
        if (out.includes("started")) resolve();
      }),
    );
    const done = new Promise<void>((resolve) => client.on("exit", () => resolve()));
    await started;
    const exited = new Promise<number | null>((resolve) => portal.process.on("exit", resolve));
    portal.process.kill("SIGTERM");
    await done;
    const answer = JSON.parse(out.trim().split("\n").pop()!) as { head: string; bodyLength: number; chunkedEnd: boolean };
    expect(answer.head).toMatch(/^HTTP\/1\.1 200/);
    const length = /content-length: (\d+)/i.exec(answer.head)?.[1];
    if (length) expect(answer.bodyLength).toBe(Number(length));
    else {
      // chunked: every byte of the page plus the framing, and the last chunk
      expect(answer.bodyLength).toBeGreaterThanOrEqual(whole.length);
      expect(answer.chunkedEnd).toBe(true);
    }
    expect(await exited).toBe(0);
  });
});
