import { expect, test } from "@playwright/test";
import type { ChildProcess } from "node:child_process";
import { exampleRequest, readOnlyPaths, type OpenApiDocument } from "../../app/features/api-docs/openapi";
import { startNginx, type Nginx } from "../support/nginx.mjs";
import { runPortal, startPortal } from "../support/portal";
import { rawRequest, type RawResponse } from "../support/raw-http";

/**
 * The host a request names (Host, or a trusted proxy's X-Forwarded-Host) is the client's to choose. Pages
 * are kept only for the portal's own hosts (ALLOWED_HOSTS: the hosts listed, PUBLIC_URL's, else the first
 * host asked for; loopback at the portal's port), so made-up hosts cannot push its pages out; the shipped
 * nginx refuses hosts other than its server name; and a cacheable answer that carries an address taken from
 * the request names what it was taken from in `Vary`.
 */

// Each group starts its own portal (a few seconds on a busy machine) and keeps it for its tests, in order.
test.slow();
test.describe.configure({ mode: "default", timeout: 300_000 });

type Portal = { url: string; port: number; process: ChildProcess; output: () => string };

async function start(env: Record<string, string>): Promise<Portal> {
  const portal = await startPortal(env);
  return { ...portal, port: Number(new URL(portal.url).port) };
}

function get(port: number, target: string, headers: [string, string][] = []): Promise<RawResponse> {
  return rawRequest(port, { method: "GET", target, headers }, 30_000);
}

/** The page asked for twice (a document is kept on its second request). */
async function getTwice(port: number, target: string, headers: [string, string][] = []): Promise<RawResponse> {
  await get(port, target, headers);
  return get(port, target, headers);
}

/** A light page that is kept (about 100 KB of the page cache each): 600 of them are more than its 32 MB. */
const PAGE = "/tools";

test.describe("without PUBLIC_URL", () => {
  let portal: Portal;
  test.beforeAll(async () => {
    portal = await start({});
  });
  test.afterAll(() => {
    portal?.process.kill();
  });

  test("600 made-up hosts, each asked for twice, leave the pages of the portal's own addresses kept", async () => {
    // the first host asked for (a health check on loopback aside) is the portal's own, and so is loopback
    const own: [string, string][] = [["Host", "sacap.test"]];
    expect((await getTwice(portal.port, PAGE, own)).status).toBe(200);
    expect((await getTwice(portal.port, PAGE)).status).toBe(200);
    expect((await get(portal.port, PAGE, own)).headers["x-document-cache"]).toBe("hit");

    const hosts = Array.from({ length: 600 }, (_, i) => `h${i}.sacap.test`);
    // four at a time: a busy machine renders a page in tens of milliseconds
    const lanes = Array.from({ length: 4 }, async (_, lane) => {
      for (let i = lane; i < hosts.length; i += 4) {
        for (let n = 0; n < 2; n++) {
          expect((await get(portal.port, PAGE, [["Host", hosts[i]]])).status, hosts[i]).toBe(200);
        }
      }
    });
    await Promise.all(lanes);

    // a made-up host's page is rendered every time...
    expect((await get(portal.port, PAGE, [["Host", hosts[0]]])).headers["x-document-cache"]).toBe("miss");
    // ...and the portal's own are still kept
    expect((await get(portal.port, PAGE, own)).headers["x-document-cache"]).toBe("hit");
    expect((await get(portal.port, PAGE)).headers["x-document-cache"]).toBe("hit");
    // the operator is told which host was taken for the portal's own
    expect(portal.output()).toContain("pages are kept for sacap.test");
  });

  test("a public answer that differs by the host or scheme a request names says so in Vary", async () => {
    const document = (await (await fetch(`${portal.url}/api/openapi.json`)).json()) as OpenApiDocument;
    const targets = [
      ...readOnlyPaths(document).map(([path, item]) => exampleRequest(path, item.get.parameters)),
      "/api/processes",
      "/api/processes/days-above",
      "/profiles/nepal/data-pack.zip",
      "/profiles/nepal/map.svg",
    ];
    const named: { header: string; headers: [string, string][] }[] = [
      { header: "host", headers: [["Host", "other.sacap.test:8080"]] },
      { header: "x-forwarded-host", headers: [["X-Forwarded-Host", "other.sacap.test"]] },
      { header: "x-forwarded-proto", headers: [["X-Forwarded-Proto", "https"]] },
    ];
    let varying = 0;
    for (const target of targets) {
      const plain = await get(portal.port, target);
      expect(plain.status, target).toBe(200);
      if (!/\bpublic\b/.test(plain.headers["cache-control"] ?? "")) continue;
      // an answer whose bytes differ from one request to the next (a NetCDF file's creation times) is
      // judged by its ETag, which names its content
      const stable = (await get(portal.port, target)).body === plain.body;
      const same = (a: RawResponse, b: RawResponse) => (stable ? a.body === b.body : a.headers["etag"] === b.headers["etag"]);
      if (!stable) expect(plain.headers["etag"], `${target}: an ETag`).toBeDefined();
      for (const { header, headers } of named) {
        const other = await get(portal.port, target, headers);
        expect(other.status, target).toBe(200);
        if (same(plain, other)) continue;
        varying++;
        for (const answer of [plain, other]) {
          const vary = (answer.headers["vary"] ?? "").toLowerCase().split(/\s*,\s*/);
          expect(vary, `${target} differs by ${header}`).toContain(header);
        }
      }
    }
    // the profile view ("Cite as"), the data pack and the processes' two documents (their links), by each of the three
    expect(varying).toBe(12);
  });

  test("the profile view's Cite-as address is the one the request names, one ETag each, and a shared cache is told so", async () => {
    const a = await get(portal.port, "/api/views/profile/nepal", [["Host", "a.sacap.test"]]);
    const b = await get(portal.port, "/api/views/profile/nepal", [["Host", "b.sacap.test"]]);
    expect(JSON.parse(a.body).url).toBe("http://a.sacap.test/profiles/nepal");
    expect(JSON.parse(b.body).url).toBe("http://b.sacap.test/profiles/nepal");
    for (const answer of [a, b]) {
      expect(answer.headers["cache-control"]).toMatch(/public/);
      expect(answer.headers["vary"]).toMatch(/^Host, X-Forwarded-Host, X-Forwarded-Proto\b/);
    }
    expect(a.headers["etag"]).not.toBe(b.headers["etag"]);
    // one host's ETag is not the other's: the other host's answer is sent in full
    const revalidated = await get(portal.port, "/api/views/profile/nepal", [["Host", "b.sacap.test"], ["If-None-Match", a.headers["etag"]]]);
    expect(revalidated.status).toBe(200);
    expect(JSON.parse(revalidated.body).url).toBe("http://b.sacap.test/profiles/nepal");
  });
});

test.describe("with PUBLIC_URL", () => {
  let portal: Portal;
  test.beforeAll(async () => {
    portal = await start({ PUBLIC_URL: "https://sacap.example.org" });
  });
  test.afterAll(() => {
    portal?.process.kill();
  });

  test("the profile view's Cite-as address is the public address whatever the request names, and varies by none of it", async () => {
    const answers = [];
    for (const headers of [[], [["Host", "evil.example"]], [["X-Forwarded-Host", "evil.example"], ["X-Forwarded-Proto", "http"]]] as [string, string][][]) {
      const answer = await get(portal.port, "/api/views/profile/nepal", headers);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body).url).toBe("https://sacap.example.org/profiles/nepal");
      expect(answer.headers["cache-control"]).toMatch(/public/);
      expect(answer.headers["vary"] ?? "").not.toMatch(/host|forwarded/i);
      answers.push(answer.headers["etag"]);
    }
    expect(new Set(answers).size).toBe(1);
  });
});

test("an ALLOWED_HOSTS entry that is not host or host:port stops start-up, naming the setting", async () => {
  const result = await runPortal({ ALLOWED_HOSTS: "sacap.example.org,*.example.org" });
  expect(result.code).toBe(1);
  expect(result.output).toMatch(/ALLOWED_HOSTS/);
});

test.describe("behind the deployment's nginx", () => {
  let portal: Portal | undefined;
  let nginx: Nginx | undefined;
  let skip: string | undefined;
  test.beforeAll(async () => {
    portal = await start({});
    const proxy = await startNginx([new URL(portal.url).host, new URL(portal.url).host]);
    if ("skip" in proxy) skip = proxy.skip;
    else nginx = proxy;
  });
  test.afterAll(async () => {
    await nginx?.stop();
    portal?.process.kill();
  });

  test("a Host other than the server name gets no answer; the server name does, and a made-up port on it is never kept", async () => {
    test.skip(Boolean(skip), skip);
    const port = Number(new URL(nginx!.url).port);
    for (const host of ["evil.example", "localhost", `evil.example:${port}`]) {
      await expect(get(port, PAGE, [["Host", host]]), host).rejects.toThrow(/no HTTP answer/);
    }
    // the server name (127.0.0.1 here) reaches the portal, and its pages are kept: the first host it was asked for
    expect((await getTwice(port, PAGE)).status).toBe(200);
    expect((await get(port, PAGE)).headers["x-document-cache"]).toBe("hit");
    // nginx matches the name only: any port on it is passed on, and rendered each time
    expect((await getTwice(port, PAGE, [["Host", "127.0.0.1:1"]])).status).toBe(200);
    expect((await get(port, PAGE, [["Host", "127.0.0.1:1"]])).headers["x-document-cache"]).toBe("miss");
  });
});
