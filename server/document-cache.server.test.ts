import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import compression from "compression";
import express from "express";
import { serve } from "./testing/serve";
import { describe, expect, it } from "vitest";
import { REUSABLE_HEADER } from "../app/lib/document-reuse";
import { CACHE_STATUS_HEADER, documentCache } from "./document-cache.server";


/**
 * A stand-in for the renderer: each render counts, writes the nonce into two scripts and the preferences
 * it read, in several chunks as a streamed render does; `/form` is personal, `/cookie` sets a cookie,
 * `/missing` is a 404.
 */
function portal(options: { version?: () => string; now?: () => number } = {}) {
  let renders = 0;
  let nonces = 0;
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = `n0nce+${++nonces}/x`;
    next();
  });
  app.use(compression());
  app.use(documentCache({ maxBytes: 1024 * 1024, ttlMs: 60_000, version: options.version ?? (() => "v1"), now: options.now }));
  app.get("*", (req, res) => {
    renders++;
    const nonce = res.locals.cspNonce as string;
    res.status(req.path === "/missing" ? 404 : 200);
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Link", "</build/a.css>; rel=preload; as=style");
    if (req.path !== "/form") res.setHeader(REUSABLE_HEADER, "1");
    if (req.path === "/cookie") res.setHeader("Set-Cookie", "a=b");
    res.write(`<!DOCTYPE html><html><head><script nonce="${nonce}">1</script></head>`);
    res.write(`<body>render ${renders} of ${req.originalUrl}; cookie ${req.get("cookie") ?? ""}`);
    res.end(`${"<p>padding</p>".repeat(200)}<script nonce="${nonce}">2</script></body></html>`);
  });
  return { app, renders: () => renders };
}

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  return { status: response.status, cache: response.headers.get(CACHE_STATUS_HEADER), headers: response.headers, html: await response.text() };
}

const noncesOf = (html: string) => [...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);

describe("documentCache", () => {
  it("reuses a document for the same address with this response's nonce in every script, and says so", async () => {
    const { app, renders } = portal();
    const url = await serve(app);
    const first = await get(`${url}/cmip6-data?geo=NPL`);
    const second = await get(`${url}/cmip6-data?geo=NPL`, { "accept-encoding": "gzip" });
    expect(first.cache).toBe("miss");
    expect(second.cache).toBe("hit");
    expect(renders()).toBe(1);
    expect(second.status).toBe(200);
    expect(second.headers.get("content-encoding")).toBe("gzip");
    expect(second.headers.get("link")).toBe("</build/a.css>; rel=preload; as=style");
    expect(second.headers.get(REUSABLE_HEADER)).toBeNull();
    expect(first.headers.get(REUSABLE_HEADER)).toBeNull();
    const [a, b] = [noncesOf(first.html), noncesOf(second.html)];
    expect(a).toEqual(["n0nce+1/x", "n0nce+1/x"]);
    expect(b).toEqual(["n0nce+2/x", "n0nce+2/x"]);
    expect(second.html.replaceAll("n0nce+2/x", "N")).toBe(first.html.replaceAll("n0nce+1/x", "N"));
  });

  it("keeps separate documents per address, per preferences and per data version; tampered cookies share the defaults'", async () => {
    let version = "v1";
    const { app, renders } = portal({ version: () => version });
    const url = await serve(app);
    await get(`${url}/`);
    await get(`${url}/?x=1`);
    expect(renders()).toBe(2);
    await get(`${url}/`, { cookie: "SACAP-theme=dark" });
    expect(renders()).toBe(3);
    expect((await get(`${url}/`, { cookie: "SACAP-theme=dark" })).cache).toBe("hit");
    // an unreadable preference falls back to the default, as the page itself reads it
    expect((await get(`${url}/`, { cookie: "SACAP-theme=%E0%A4%A; other=1" })).cache).toBe("hit");
    expect(renders()).toBe(3);
    version = "v2";
    expect((await get(`${url}/`)).cache).toBe("miss");
    expect(renders()).toBe(4);
  });

  it("keeps no document rendered while the data version changed (it may show some of each)", async () => {
    let version = "v1";
    let reads = 0;
    // the version moves on after it is read at the start of the first request, while that page renders
    const { app, renders } = portal({ version: () => (++reads === 2 ? (version = "v2") : version) });
    const url = await serve(app);
    expect((await get(`${url}/`)).cache).toBe("miss");
    expect((await get(`${url}/`)).cache).toBe("miss");
    expect((await get(`${url}/`)).cache).toBe("hit");
    expect(renders()).toBe(2);
  });

  it("never keeps personal pages, pages setting cookies, errors or data requests", async () => {
    const { app, renders } = portal();
    const url = await serve(app);
    for (const p of ["/form", "/cookie", "/missing", "/page?_data=root", "/api/cmip6/list/geos"]) {
      await get(`${url}${p}`);
      const again = await get(`${url}${p}`);
      expect(again.cache, p).not.toBe("hit");
    }
    expect(renders()).toBe(10);
  });

  it("renders again once a document is older than its time to live", async () => {
    let clock = 0;
    const { app, renders } = portal({ now: () => clock });
    const url = await serve(app);
    await get(`${url}/`);
    clock = 59_000;
    expect((await get(`${url}/`)).cache).toBe("hit");
    clock = 61_000;
    expect((await get(`${url}/`)).cache).toBe("miss");
    expect(renders()).toBe(2);
  });

  it("is declared on every route with a form's fill token or an upstream service's answer", () => {
    const routes = path.resolve(__dirname, "../app/routes");
    const fresh = readdirSync(routes).filter((f) => /formLoader\(|\bckan\.(search|show|preview)\(/.test(readFileSync(path.join(routes, f), "utf8")));
    expect(fresh.length).toBeGreaterThanOrEqual(3);
    for (const file of fresh) expect(readFileSync(path.join(routes, file), "utf8"), file).toMatch(/fresh: true/);
  });
});
