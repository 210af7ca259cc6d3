import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import compression from "compression";
import express from "express";
import { serve } from "./testing/serve";
import { describe, expect, it } from "vitest";
import { REUSABLE_HEADER } from "../app/lib/document-reuse";
import { ADMISSION_WINDOW_MS, AdmissionFilter, CACHE_STATUS_HEADER, documentCache, documentKey } from "./document-cache.server";
import { renderOrigin } from "./request-origin.server";


/**
 * A stand-in for the renderer: each render counts, writes the nonce into two scripts, the preferences
 * it read and the origin it was rendered for, in several chunks as a streamed render does; `/form` is
 * personal, `/cookie` sets a cookie, `/missing` is a 404. Behind it, as in the portal: the origin of each
 * request and whether it names one of the portal's own hosts (loopback is a trusted proxy, and its own
 * host), and HSTS on answers over TLS.
 */
function portal(options: { version?: () => string; now?: () => number; maxBytes?: number; publicUrl?: string; allowedHosts?: string[]; candidates?: number } = {}) {
  let renders = 0;
  let nonces = 0;
  const app = express();
  app.set("trust proxy", "loopback");
  app.use((req, res, next) => {
    res.locals.cspNonce = `n0nce+${++nonces}/x`;
    if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=600");
    next();
  });
  app.use(renderOrigin({ publicUrl: options.publicUrl, allowedHosts: options.allowedHosts, log: () => undefined }));
  app.use(compression());
  app.use(documentCache({ maxBytes: options.maxBytes ?? 1024 * 1024, ttlMs: 60_000, version: options.version ?? (() => "v1"), now: options.now, candidates: options.candidates }));
  app.get("*", (req, res) => {
    renders++;
    const nonce = res.locals.cspNonce as string;
    res.status(req.path === "/missing" ? 404 : 200);
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Link", "</build/a.css>; rel=preload; as=style");
    if (req.path !== "/form") res.setHeader(REUSABLE_HEADER, "1");
    if (req.path === "/cookie") res.setHeader("Set-Cookie", "a=b");
    res.write(`<!DOCTYPE html><html><head><script nonce="${nonce}">1</script></head>`);
    res.write(`<body>render ${renders} of ${res.locals.origin}${req.originalUrl}; cookie ${req.get("cookie") ?? ""}`);
    res.end(`${"<p>padding</p>".repeat(200)}<script nonce="${nonce}">2</script></body></html>`);
  });
  return { app, renders: () => renders };
}

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  return { status: response.status, cache: response.headers.get(CACHE_STATUS_HEADER), headers: response.headers, html: await response.text() };
}

/** Asks for an address twice: the second time, its document is kept. */
async function prime(url: string, headers: Record<string, string> = {}) {
  await get(url, headers);
  return get(url, headers);
}

const noncesOf = (html: string) => [...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);

describe("documentCache", () => {
  it("reuses a document for the same address with this response's nonce in every script, and says so", async () => {
    const { app, renders } = portal();
    const url = await serve(app);
    const first = await prime(`${url}/cmip6-data?geo=NPL`);
    const second = await get(`${url}/cmip6-data?geo=NPL`, { "accept-encoding": "gzip" });
    expect(first.cache).toBe("miss");
    expect(second.cache).toBe("hit");
    expect(renders()).toBe(2);
    expect(second.status).toBe(200);
    expect(second.headers.get("content-encoding")).toBe("gzip");
    expect(second.headers.get("link")).toBe("</build/a.css>; rel=preload; as=style");
    expect(second.headers.get(REUSABLE_HEADER)).toBeNull();
    expect(first.headers.get(REUSABLE_HEADER)).toBeNull();
    const [a, b] = [noncesOf(first.html), noncesOf(second.html)];
    expect(a).toEqual(["n0nce+2/x", "n0nce+2/x"]);
    expect(b).toEqual(["n0nce+3/x", "n0nce+3/x"]);
    expect(second.html.replaceAll("n0nce+3/x", "N")).toBe(first.html.replaceAll("n0nce+2/x", "N"));
  });

  it("keeps separate documents per address, per preferences and per data version; tampered cookies share the defaults'", async () => {
    let version = "v1";
    const { app, renders } = portal({ version: () => version });
    const url = await serve(app);
    await prime(`${url}/`);
    expect((await get(`${url}/?geo=NPL`)).cache).toBe("miss");
    expect(renders()).toBe(3);
    await prime(`${url}/`, { cookie: "SACAP-theme=dark" });
    expect(renders()).toBe(5);
    expect((await get(`${url}/`, { cookie: "SACAP-theme=dark" })).cache).toBe("hit");
    // an unreadable preference falls back to the default, as the page itself reads it
    expect((await get(`${url}/`, { cookie: "SACAP-theme=%E0%A4%A; other=1" })).cache).toBe("hit");
    expect(renders()).toBe(5);
    version = "v2";
    expect((await get(`${url}/`)).cache).toBe("miss");
    expect(renders()).toBe(6);
  });

  it("keeps no document rendered while the data version changed (it may show some of each)", async () => {
    let version = "v1";
    let reads = 0;
    // the version moves on after it is read at the start of the first request, while that page renders
    const { app, renders } = portal({ version: () => (++reads === 4 ? (version = "v2") : version) });
    const url = await serve(app);
    expect((await get(`${url}/`)).cache).toBe("miss");
    // asked for a second time, but the version moved on while it was rendered
    expect((await get(`${url}/`)).cache).toBe("miss");
    // the new version's page, asked for twice
    expect((await prime(`${url}/`)).cache).toBe("miss");
    expect((await get(`${url}/`)).cache).toBe("hit");
    expect(renders()).toBe(4);
  });

  it("never keeps personal pages, pages setting cookies, errors or data requests", async () => {
    const { app, renders } = portal();
    const url = await serve(app);
    for (const p of ["/form", "/cookie", "/missing", "/page?_data=root", "/api/cmip6/list/geos"]) {
      await prime(`${url}${p}`);
      const again = await get(`${url}${p}`);
      expect(again.cache, p).not.toBe("hit");
    }
    expect(renders()).toBe(15);
  });

  it("renders again once a document is older than its time to live", async () => {
    let clock = 0;
    const { app, renders } = portal({ now: () => clock });
    const url = await serve(app);
    await prime(`${url}/`);
    clock = 59_000;
    expect((await get(`${url}/`)).cache).toBe("hit");
    clock = 61_000;
    expect((await get(`${url}/`)).cache).toBe("miss");
    // asked for again when its document expired: the new one is kept at once
    expect((await get(`${url}/`)).cache).toBe("hit");
    expect(renders()).toBe(3);
  });

  it("keeps a page per origin: what one request names (Host, a proxy's host or scheme) is never sent to another", async () => {
    const { app, renders } = portal();
    const url = await serve(app);
    for (const injected of [{ "x-forwarded-host": "evil.example" }, { "x-forwarded-proto": "https" }] as Record<string, string>[]) {
      const poisoned = await prime(`${url}/profiles/bhutan`, injected);
      expect(poisoned.html).toMatch(/evil\.example|https:/);
      const plain = await get(`${url}/profiles/bhutan`);
      expect(plain.html).toContain(`of ${url}/profiles/bhutan;`);
      expect(plain.html).not.toMatch(/evil\.example|https:/);
    }
    expect(renders()).toBe(6);
  });

  it("keeps one page for every origin when the portal has a public address", async () => {
    const { app, renders } = portal({ publicUrl: "https://sacap.example.org" });
    const url = await serve(app);
    await prime(`${url}/profiles/bhutan`);
    const other = await get(`${url}/profiles/bhutan`, { "x-forwarded-host": "evil.example" });
    expect(other.cache).toBe("hit");
    expect(other.html).toContain("of https://sacap.example.org/profiles/bhutan;");
    expect(renders()).toBe(2);
  });

  it("never replays HSTS: a page kept from an answer over TLS has none over plain http", async () => {
    const { app } = portal({ publicUrl: "https://sacap.example.org" });
    const url = await serve(app);
    const secure = await prime(`${url}/`, { "x-forwarded-proto": "https" });
    expect(secure.headers.get("strict-transport-security")).toBe("max-age=600");
    const plain = await get(`${url}/`);
    expect(plain.cache).toBe("hit");
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    const again = await get(`${url}/`, { "x-forwarded-proto": "https" });
    expect(again.cache).toBe("hit");
    expect(again.headers.get("strict-transport-security")).toBe("max-age=600");
  });

  it("answers an address with unknown parameters with its page without them, from the same entry", async () => {
    const { app, renders } = portal();
    const url = await serve(app);
    const junk = await get(`${url}/cmip6-data?geo=NPL&utm_source=%3Cb%3E&x=1`);
    expect(junk.html).toContain(`of ${url}/cmip6-data?geo=NPL;`);
    expect((await get(`${url}/cmip6-data?geo=NPL`)).cache).toBe("miss");
    const again = await get(`${url}/cmip6-data?x=2&geo=NPL`);
    expect(again.cache).toBe("hit");
    expect(again.html).toContain(`of ${url}/cmip6-data?geo=NPL;`);
    expect(renders()).toBe(2);
  });

  it("keeps a page only on its second request, so addresses asked for once never push out pages asked for again", async () => {
    // room for about five documents
    const { app, renders } = portal({ maxBytes: 30_000 });
    const url = await serve(app);
    await prime(`${url}/profiles/nepal`);
    for (let i = 0; i < 100; i++) await get(`${url}/junk-${i}`);
    expect((await get(`${url}/profiles/nepal`)).cache).toBe("hit");
    expect(renders()).toBe(102);
  });

  it("keeps pages only for the portal's own hosts: made-up hosts asked for twice never push its pages out", async () => {
    // room for about five documents
    const { app, renders } = portal({ maxBytes: 30_000, allowedHosts: ["sacap.example.org"] });
    const url = await serve(app);
    const own = { "x-forwarded-host": "sacap.example.org" };
    await prime(`${url}/profiles/nepal`, own);
    await prime(`${url}/profiles/nepal`);
    for (let i = 0; i < 30; i++) {
      const made = { "x-forwarded-host": `h${i}.example` };
      await prime(`${url}/profiles/nepal`, made);
      const third = await get(`${url}/profiles/nepal`, made);
      expect(third.cache).toBe("miss");
      expect(third.html).toContain(`of http://h${i}.example/profiles/nepal;`);
      expect(third.headers.get(REUSABLE_HEADER)).toBeNull();
    }
    expect(renders()).toBe(4 + 90);
    expect((await get(`${url}/profiles/nepal`, own)).cache).toBe("hit");
    expect((await get(`${url}/profiles/nepal`)).cache).toBe("hit");
    expect(renders()).toBe(94);
  });

  it("never counts made-up hosts toward admission: an address asked for once still waits for its second request", async () => {
    const { app } = portal({ allowedHosts: ["sacap.example.org"], candidates: 50 });
    const url = await serve(app);
    await get(`${url}/about`);
    // more than the admission set remembers, each asked for once
    for (let i = 0; i < 100; i++) await get(`${url}/about`, { "x-forwarded-host": `h${i}.example` });
    expect((await get(`${url}/about`)).cache).toBe("miss");
    expect((await get(`${url}/about`)).cache).toBe("hit");
  });

  it("is declared on every route with a form's fill token or an upstream service's answer", () => {
    const routes = path.resolve(__dirname, "../app/routes");
    const fresh = readdirSync(routes).filter((f) => /formLoader\(|\bckan\.(search|show|preview)\(/.test(readFileSync(path.join(routes, f), "utf8")));
    expect(fresh.length).toBeGreaterThanOrEqual(3);
    for (const file of fresh) expect(readFileSync(path.join(routes, file), "utf8"), file).toMatch(/fresh: true/);
  });
});

describe("documentKey", () => {
  const request = (originalUrl: string, headers: Record<string, string> = {}) =>
    ({ originalUrl, get: (name: string) => headers[name.toLowerCase()] }) as unknown as Parameters<typeof documentKey>[0];

  it("names the data version, the origin, the kind of client, the preferences and the address without unknown parameters", () => {
    const key = documentKey(request("/api-docs?utm=1"), "v1", "http://localhost:3000");
    expect(key).toBe(documentKey(request("/api-docs"), "v1", "http://localhost:3000"));
    expect(key).not.toBe(documentKey(request("/api-docs"), "v1", "http://evil.example"));
    expect(key).not.toBe(documentKey(request("/api-docs"), "v1", "https://localhost:3000"));
    expect(key).not.toBe(documentKey(request("/api-docs"), "v2", "http://localhost:3000"));
    expect(key).not.toBe(documentKey(request("/api-docs", { cookie: "SACAP-theme=dark" }), "v1", "http://localhost:3000"));
    expect(key).not.toBe(documentKey(request("/api-docs", { "user-agent": "Googlebot/2.1" }), "v1", "http://localhost:3000"));
    expect(documentKey(request("/cmip6-data?geo=NPL"), "v1", "o")).not.toBe(documentKey(request("/cmip6-data?geo=BTN"), "v1", "o"));
  });
});

describe("AdmissionFilter", () => {
  it("admits a key on its second request within the window", () => {
    const filter = new AdmissionFilter();
    expect(filter.admit("a", 0)).toBe(false);
    expect(filter.admit("a", ADMISSION_WINDOW_MS)).toBe(true);
    // admitted once: the next time starts again
    expect(filter.admit("a", ADMISSION_WINDOW_MS)).toBe(false);
    expect(filter.admit("b", 0)).toBe(false);
    expect(filter.admit("b", ADMISSION_WINDOW_MS + 1)).toBe(false);
    expect(filter.admit("b", ADMISSION_WINDOW_MS + 2)).toBe(true);
  });

  it("remembers a bounded number of keys, the most recent", () => {
    const filter = new AdmissionFilter(60_000, 3);
    for (const key of ["a", "b", "c", "d"]) filter.admit(key, 0);
    expect(filter.admit("a", 1)).toBe(false);
    expect(filter.admit("d", 1)).toBe(true);
  });
});
