import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort, runPortal, startPortal } from "../support/portal";

// These tests start their own portal instances, which takes a few seconds on a busy machine.
test.slow();

let upstream: Server;
let upstreamUrl: string;

test.beforeAll(async () => {
  const port = await freePort();
  upstream = createServer((req, res) => {
    if (req.url?.startsWith("/hang")) return; // never answers
    if (req.url?.startsWith("/stall")) {
      // answers, sends part of the body, then nothing more
      res.writeHead(200, { "Content-Type": "application/json" });
      res.write('{"rows":[1,2,3');
      return;
    }
    if (req.url?.startsWith("/garbage")) {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end("{not json");
      return;
    }
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      res.writeHead(req.url?.startsWith("/missing") ? 404 : 200, { "Content-Type": "application/json", "X-Upstream": "yes" });
      res.end(JSON.stringify({ method: req.method, url: req.url, body, cookie: req.headers.cookie ?? null }));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(port, "127.0.0.1", resolve));
  upstreamUrl = `http://127.0.0.1:${port}`;
});

test.afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

test("unknown /api paths are forwarded to API_UPSTREAM, streamed back with status and headers", async () => {
  const portal = await startPortal({ API_UPSTREAM: upstreamUrl, UPSTREAM_TIMEOUT: "1" });
  try {
    const response = await fetch(`${portal.url}/api/other/thing?x=1`, { headers: { Cookie: "SACAP-theme=dark" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-upstream")).toBe("yes");
    expect(await response.json()).toEqual({ method: "GET", url: "/other/thing?x=1", body: "", cookie: null });

    const posted = await fetch(`${portal.url}/api/other/post`, { method: "POST", body: "payload" });
    expect((await posted.json()).body).toBe("payload");

    expect((await fetch(`${portal.url}/api/missing`)).status).toBe(404);
    // the portal's own endpoints are never forwarded
    const own = await fetch(`${portal.url}/api/cmip6/list/scenarios`);
    expect(own.headers.get("x-upstream")).toBeNull();

    const garbage = await fetch(`${portal.url}/api/garbage`);
    expect(garbage.status).toBe(200);
    expect(await garbage.text()).toBe("{not json");

    const started = Date.now();
    const hang = await fetch(`${portal.url}/api/hang`);
    expect(hang.status).toBe(504);
    expect(Date.now() - started).toBeLessThan(3000);
    expect((await hang.json()).error.status).toBe(504);

    // an answer that stops mid-body is cut off after the timeout rather than held open
    const stallStarted = Date.now();
    const stall = await fetch(`${portal.url}/api/stall`);
    expect(stall.status).toBe(200);
    await expect(stall.text()).rejects.toThrow();
    expect(Date.now() - stallStarted).toBeLessThan(3000);
    // and the portal goes on answering
    expect((await fetch(`${portal.url}/api/cmip6/list/scenarios`)).status).toBe(200);
  } finally {
    portal.process.kill();
  }
});

test("a refused upstream is a 502 JSON error", async () => {
  const closed = await freePort();
  const portal = await startPortal({ API_UPSTREAM: `http://127.0.0.1:${closed}` });
  try {
    const response = await fetch(`${portal.url}/api/anything`);
    expect(response.status).toBe(502);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const body = await response.json();
    expect(body.error.status).toBe(502);
    expect(JSON.stringify(body)).not.toContain("127.0.0.1");
  } finally {
    portal.process.kill();
  }
});

test("an invalid seed stops the server with the file, JSON path and rule", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "sacap-seeds-"));
  cpSync("seeds", dir, { recursive: true });
  const file = path.join(dir, "cmip6-models.json");
  const models = JSON.parse(readFileSync(file, "utf8"));
  models[3].field_grid = "gx";
  writeFileSync(file, JSON.stringify(models));
  const { code, output } = await runPortal({ SEEDS_DIR: dir });
  expect(code).toBe(1);
  expect(output).toContain("cmip6-models.json");
  expect(output).toContain("$[3].field_grid");
  expect(output).toMatch(/gn/);
});

test("an invalid setting stops the server naming the setting", async () => {
  const { code, output } = await runPortal({ API_UPSTREAM: "not a url" });
  expect(code).toBe(1);
  expect(output).toContain("API_UPSTREAM");
});
