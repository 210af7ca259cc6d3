import { expect, test } from "@playwright/test";
import type { ChildProcess } from "node:child_process";
import { startPortal } from "../support/portal";
import { rawRequest, type RawResponse } from "../support/raw-http";

/**
 * The rendered-page cache answers every visitor the same page only when nothing a client chooses changes
 * it: the origin a request names (Host, X-Forwarded-Host, X-Forwarded-Proto) stays in that client's own
 * pages, HSTS is never replayed over plain http, a junk parameter shares its page's entry, and addresses
 * asked for once do not push out the pages people come back to.
 */

// Each group starts its own portal (a few seconds on a busy machine) and keeps it for its tests, in order.
test.slow();
// a page's first render computes what it shows (a profile's series, the API page's live examples): seconds
// on a busy machine, so the timeouts are hang guards well above that
test.describe.configure({ mode: "default", timeout: 120_000 });

type Portal = { url: string; port: number; process: ChildProcess };

async function start(env: Record<string, string>): Promise<Portal> {
  const portal = await startPortal(env);
  return { ...portal, port: Number(new URL(portal.url).port) };
}

function get(portal: Portal, target: string, headers: [string, string][] = []): Promise<RawResponse> {
  return rawRequest(portal.port, { method: "GET", target, headers }, 30_000);
}

/** The page asked for twice (a document is kept on its second request). */
async function getTwice(portal: Portal, target: string, headers: [string, string][] = []): Promise<RawResponse> {
  await get(portal, target, headers);
  return get(portal, target, headers);
}

test.describe("without PUBLIC_URL", () => {
  let portal: Portal;
  // room for a handful of pages: the flood below would empty it many times over if each address were kept
  test.beforeAll(async () => {
    portal = await start({ DOCUMENT_CACHE_MB: "2" });
  });
  test.afterAll(() => {
    portal?.process.kill();
  });

  const injections: { name: string; headers: [string, string][]; shows: (p: Portal) => string }[] = [
    { name: "Host", headers: [["Host", "evil.example"]], shows: () => "evil.example" },
    { name: "X-Forwarded-Host", headers: [["X-Forwarded-Host", "evil.example"]], shows: () => "evil.example" },
    { name: "X-Forwarded-Proto", headers: [["X-Forwarded-Proto", "https"]], shows: (p) => `https://127.0.0.1:${p.port}` },
  ];

  for (const { name, headers, shows } of injections) {
    test(`an origin named by ${name} never reaches the next visitor's page`, async () => {
      for (const page of ["/profiles/bhutan", "/api-docs"]) {
        const poisoned = await getTwice(portal, page, headers);
        expect(poisoned.status, page).toBe(200);
        // the client that named it sees it in its own page (it may ask for what it likes)...
        expect(poisoned.body, page).toContain(shows(portal));
        // ...and nobody else does, whether their page is rendered now or kept
        const plain = await get(portal, page);
        expect(plain.status, page).toBe(200);
        expect(plain.body, page).not.toContain(shows(portal));
        expect(plain.body, page).toContain(`http://127.0.0.1:${portal.port}/`);
      }
    });
  }

  test("an oversized Host is refused and never makes a page larger", async () => {
    const huge = `${"a".repeat(63)}.`.repeat(185) + "example";
    expect(huge.length).toBeGreaterThan(11_000);
    const refused = await get(portal, "/api-docs", [["Host", huge]]);
    expect(refused.status).toBe(400);
    expect(refused.body).not.toContain(huge);
    const plain = await get(portal, "/api-docs");
    expect(plain.status).toBe(200);
    expect(plain.body).not.toContain("aaaaaaaaaaaaaaaa");
  });

  test("an address with a junk parameter is answered from its page's entry", async () => {
    const kept = await getTwice(portal, "/profiles/nepal");
    expect(kept.status).toBe(200);
    const junk = await get(portal, "/profiles/nepal?utm_source=newsletter&x=%3Cmarker%3E");
    expect(junk.status).toBe(200);
    expect(junk.headers["x-document-cache"]).toBe("hit");
    expect(junk.body).not.toContain("marker");
  });

  test("a burst of addresses asked for once does not push out a page asked for twice", async () => {
    const kept = await getTwice(portal, "/disclaimer");
    expect(kept.status).toBe(200);
    expect((await get(portal, "/disclaimer")).headers["x-document-cache"]).toBe("hit");
    // other pages, each once, then junk addresses of the largest page (each would fill a sixth of the cache)
    const others = ["/about-sacap", "/about-care", "/wiki", "/user-guide", "/tools"].map((p) => `${p}?from=burst`);
    const burst = [...others, ...Array.from({ length: 100 - others.length }, (_, i) => `/api-docs?utm_id=${i}`)];
    for (const target of burst) expect((await get(portal, target)).status, target).toBe(200);
    expect((await get(portal, "/disclaimer")).headers["x-document-cache"]).toBe("hit");
  });
});

test.describe("with PUBLIC_URL", () => {
  let portal: Portal;
  test.beforeAll(async () => {
    portal = await start({ PUBLIC_URL: "https://sacap.example.org", TLS: "auto" });
  });
  test.afterAll(() => {
    portal?.process.kill();
  });

  test("pages name the public address whatever the request names", async () => {
    for (const headers of [[], [["Host", "evil.example"]], [["X-Forwarded-Host", "evil.example"], ["X-Forwarded-Proto", "http"]]] as [string, string][][]) {
      const profile = await get(portal, "/profiles/bhutan", headers);
      expect(profile.body).toContain("https://sacap.example.org/profiles/bhutan");
      expect(profile.body).not.toContain("evil.example");
      const docs = await get(portal, "/api-docs", headers);
      expect(docs.body).toContain("https://sacap.example.org/api/");
      expect(docs.body).not.toContain("evil.example");
    }
  });

  test("a page kept from an answer over TLS carries no HSTS over plain http", async () => {
    const secure = await getTwice(portal, "/about-sacap", [["X-Forwarded-Proto", "https"]]);
    expect(secure.headers["strict-transport-security"]).toContain("max-age=");
    const plain = await get(portal, "/about-sacap");
    expect(plain.headers["x-document-cache"]).toBe("hit");
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    const again = await get(portal, "/about-sacap", [["X-Forwarded-Proto", "https"]]);
    expect(again.headers["x-document-cache"]).toBe("hit");
    expect(again.headers["strict-transport-security"]).toContain("max-age=");
  });
});
