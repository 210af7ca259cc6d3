import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { createGzip, gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { freePort, runPortal, startPortal } from "../support/portal";

// These tests start their own portal instances, which takes a few seconds on a busy machine.
test.slow();

let upstream: Server;
let upstreamUrl: string;
/** The gzip bomb /bomb sends (made by the test that asks for it), and what the upstream saw of that request. */
let bomb: Buffer | undefined;
let bombAsked: () => void = () => undefined;
let bombClosed: () => void = () => undefined;

/** `megabytes` MB of zeros, gzipped as a stream (about 1 KB per MB), so that the test never holds them. */
function gzippedZeros(megabytes: number): Promise<Buffer> {
  const zeros = Buffer.alloc(1024 * 1024);
  return buffer(Readable.from(Array.from({ length: megabytes }, () => zeros)).pipe(createGzip({ level: 9 })));
}

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
    if (req.url?.startsWith("/page")) {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      res.end("<script>alert(document.cookie)</script>");
      return;
    }
    if (req.url?.startsWith("/map.svg")) {
      res.writeHead(200, { "Content-Type": "image/svg+xml" });
      res.end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      return;
    }
    if (req.url?.startsWith("/elsewhere")) {
      res.writeHead(302, { Location: "https://evil.example/login", "Content-Type": "text/html" });
      res.end('<a href="https://evil.example/login">Found</a>');
      return;
    }
    // Content-Type values a browser reads as text/html, the last type in the list
    const htmlInDisguise: Record<string, string | string[]> = {
      "/type/list": "application/json; x=1, text/html",
      "/type/two-headers": ["application/json", "text/html"],
      "/type/no-space": "application/x+json;a=b,text/html",
    };
    if (req.url && req.url in htmlInDisguise) {
      res.setHeader("Content-Type", htmlInDisguise[req.url]);
      res.end("<script>alert(document.cookie)</script>");
      return;
    }
    if (req.url?.startsWith("/type/odd-case")) {
      res.writeHead(200, { "Content-Type": 'Application/JSON ;Charset="UTF-8"' });
      res.end("{}");
      return;
    }
    if (req.url?.startsWith("/gzipped")) {
      res.writeHead(200, { "Content-Type": "application/json", "Content-Encoding": "gzip" });
      res.end(gzipSync(JSON.stringify({ zeros: "0".repeat(1024 * 1024) })));
      return;
    }
    if (req.url?.startsWith("/bomb")) {
      // the bomb, then nothing more: only the portal closing the connection ends this answer
      bombAsked();
      res.on("close", () => bombClosed());
      res.writeHead(200, { "Content-Type": "application/json", "Content-Encoding": "gzip" });
      res.write(bomb);
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
      res.writeHead(req.url?.startsWith("/missing") ? 404 : 200, { "Content-Type": "application/json", "X-Upstream": "yes", ETag: "\"e1\"" });
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
    expect(response.headers.get("etag")).toBe("\"e1\"");
    expect(await response.json()).toEqual({ method: "GET", url: "/other/thing?x=1", body: "", cookie: null });

    const posted = await fetch(`${portal.url}/api/other/post`, { method: "POST", body: "payload" });
    expect((await posted.json()).body).toBe("payload");

    expect((await fetch(`${portal.url}/api/missing`)).status).toBe(404);
    // the portal's own endpoints are never forwarded
    const own = await fetch(`${portal.url}/api/cmip6/list/scenarios`);
    expect(own.headers.get("etag")).not.toBe("\"e1\"");

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

test("the pass-through relays only the API's media types, sandboxed, and never follows a redirect away", async () => {
  const portal = await startPortal({ API_UPSTREAM: upstreamUrl });
  try {
    const json = await fetch(`${portal.url}/api/other/thing`);
    expect(json.status).toBe(200);
    const policies = (json.headers.get("content-security-policy") ?? "").split(",").map((p) => p.trim());
    expect(policies).toContain("sandbox");
    expect(json.headers.get("x-content-type-options")).toBe("nosniff");

    // HTML would run as the portal's own page or script ('self'): refused, naming the type
    const page = await fetch(`${portal.url}/api/page`);
    expect(page.status).toBe(502);
    expect(page.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const refused = await page.json();
    expect(refused.error.message).toContain("text/html");
    expect(refused.error.details).toEqual({ status: 200, mediaType: "text/html" });

    // an SVG is downloaded, never shown on the portal's origin
    const svg = await fetch(`${portal.url}/api/map.svg`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get("content-disposition")).toBe("attachment");
    expect(svg.headers.get("content-security-policy")).toContain("sandbox");

    // a redirect to another site is not followed nor passed on: a 502 naming it
    const away = await fetch(`${portal.url}/api/elsewhere`, { redirect: "manual" });
    expect(away.status).toBe(502);
    expect(away.headers.get("location")).toBeNull();
    const named = await away.json();
    expect(named.error.message).toContain("302 to https://evil.example/login");
    expect(named.error.details).toEqual({ status: 302, location: "https://evil.example/login" });
  } finally {
    portal.process.kill();
  }
});

test("the pass-through refuses a Content-Type that is not exactly one media type, and passes on the parsed type", async () => {
  const portal = await startPortal({ API_UPSTREAM: upstreamUrl });
  try {
    for (const path of ["/type/list", "/type/two-headers", "/type/no-space"]) {
      const response = await fetch(`${portal.url}/api${path}`);
      expect(response.status, path).toBe(502);
      expect(response.headers.get("content-type"), path).toBe("application/json; charset=utf-8");
      const body = await response.text();
      expect(body, path).not.toContain("<script>");
      expect(JSON.parse(body).error.message, path).toContain("not exactly one media type");
    }
    // a well-formed type goes on as the portal writes it, not as the upstream did
    const odd = await fetch(`${portal.url}/api/type/odd-case`);
    expect(odd.status).toBe(200);
    expect(odd.headers.get("content-type")).toBe("application/json; charset=UTF-8");
  } finally {
    portal.process.kill();
  }
});

test("a compressed answer that inflates past UPSTREAM_MAX_BYTES is a 502, and other requests go on meanwhile", async () => {
  // 300 MB of zeros in about 300 KB of gzip, against the default bound of 50 MiB
  bomb = await gzippedZeros(300);
  const asked = new Promise<void>((resolve) => (bombAsked = resolve));
  const closed = new Promise<void>((resolve) => (bombClosed = resolve));
  const portal = await startPortal({ API_UPSTREAM: upstreamUrl });
  try {
    // within the bound, a compressed answer goes on whole
    const small = await fetch(`${portal.url}/api/gzipped`);
    expect(small.status).toBe(200);
    expect((await small.json()).zeros).toHaveLength(1024 * 1024);

    const refusing = fetch(`${portal.url}/api/bomb`);
    await asked;
    const started = Date.now();
    expect((await fetch(`${portal.url}/healthz`)).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);

    const refused = await refusing;
    expect(refused.status).toBe(502);
    expect(refused.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const error = (await refused.json()).error;
    expect(error.message).toContain("decompressed");
    expect(error.details).toEqual({ status: 200, contentEncoding: "gzip", maxBytes: 50 * 1024 * 1024 });
    // the upstream request is aborted, not left to run on
    await closed;
  } finally {
    portal.process.kill();
    bomb = undefined;
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

test("the pass-through relays an allow-list of headers each way and names the real client", async () => {
  const port = await freePort();
  let seen: Record<string, string | string[] | undefined> = {};
  const hostile = createServer((req, res) => {
    seen = req.headers;
    const redirect = req.url?.startsWith("/moved");
    res.writeHead(redirect ? 302 : 200, {
      "Content-Type": "application/json",
      ETag: '"v1"',
      "Last-Modified": "Tue, 01 Sep 2026 00:00:00 GMT",
      Refresh: "0; url=https://evil.example/",
      Location: redirect ? (req.url === "/moved/far" ? "https://evil.example/" : "/other/place") : "https://evil.example/",
      "X-Frame-Options": "ALLOWALL",
      "Access-Control-Allow-Origin": "*",
      "Access-Control-Allow-Credentials": "true",
      "Strict-Transport-Security": "max-age=0",
      "Cache-Control": "public, max-age=31536000, immutable",
      Server: "upstream/1.0",
      "Set-Cookie": "session=stolen",
      "Content-Security-Policy": "default-src *",
    });
    res.end("{}");
  });
  await new Promise<void>((resolve) => hostile.listen(port, "127.0.0.1", resolve));
  const portal = await startPortal({ API_UPSTREAM: `http://127.0.0.1:${port}`, TRUST_PROXY: "false" });
  try {
    const response = await fetch(`${portal.url}/api/other/thing`, {
      headers: {
        "X-Forwarded-For": "203.0.113.66",
        Authorization: "Bearer client-secret",
        "X-Api-Key": "client-key",
        Cookie: "SACAP-theme=dark",
        Accept: "application/json",
        "If-None-Match": '"v0"',
      },
    });
    expect(response.status).toBe(200);
    const headers = response.headers;
    expect(headers.get("etag")).toBe('"v1"');
    expect(headers.get("last-modified")).toBe("Tue, 01 Sep 2026 00:00:00 GMT");
    expect(headers.get("content-type")).toContain("application/json");
    for (const name of ["refresh", "location", "access-control-allow-origin", "access-control-allow-credentials", "server", "set-cookie"]) {
      expect(headers.get(name), name).toBeNull();
    }
    expect(headers.get("x-frame-options")).toBe("DENY");
    expect(headers.get("content-security-policy")).not.toContain("default-src *");
    expect(headers.get("strict-transport-security") ?? "").not.toContain("max-age=0");
    expect(headers.get("cache-control")).toBe("private, max-age=300");

    // upstream saw what describes the request, not the client's credentials or made-up forwarding
    expect(seen.authorization).toBeUndefined();
    expect(seen["x-api-key"]).toBeUndefined();
    expect(seen.cookie).toBeUndefined();
    expect(seen.accept).toBe("application/json");
    expect(seen["if-none-match"]).toBe('"v0"');
    expect(seen["x-forwarded-for"]).toBe("127.0.0.1");

    // a redirect keeps a path on the upstream (under /api), never an address elsewhere
    const moved = await fetch(`${portal.url}/api/moved/near`, { redirect: "manual" });
    expect(moved.status).toBe(302);
    expect(moved.headers.get("location")).toBe("/api/other/place");
    const far = await fetch(`${portal.url}/api/moved/far`, { redirect: "manual" });
    expect(far.status).toBe(502);
    expect(far.headers.get("location")).toBeNull();
  } finally {
    portal.process.kill();
    hostile.close();
  }

  // Behind a trusted proxy the client is the address that proxy names.
  const proxied = await startPortal({ API_UPSTREAM: `http://127.0.0.1:${port}`, TRUST_PROXY: "loopback" });
  await new Promise<void>((resolve) => hostile.listen(port, "127.0.0.1", resolve));
  try {
    await fetch(`${proxied.url}/api/other/thing`, { headers: { "X-Forwarded-For": "198.51.100.7" } });
    expect(seen["x-forwarded-for"]).toBe("198.51.100.7");
  } finally {
    proxied.process.kill();
    hostile.close();
  }
});
