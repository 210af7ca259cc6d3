import { expect, test } from "@playwright/test";
import { createServer, type Server } from "node:http";
import { freePort, startPortal } from "../support/portal";

// These tests start their own portal instances, which takes a few seconds on a busy machine.
test.slow();

test("/healthz answers ok, uncached", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
  expect((await response.json()).status).toBe("ok");
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

test.describe("process behaviour", () => {
  let upstream: Server;
  let upstreamUrl: string;
  test.beforeAll(async () => {
    const port = await freePort();
    // answers after 1.5 s: an in-flight request for the shutdown test
    upstream = createServer((_req, res) => setTimeout(() => res.end('{"slow":true}'), 1500));
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
});
