import { cpSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer, type Server } from "node:http";
import { connect, createServer as createTcpServer, type Server as TcpServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { CONTACT, exited, formToken, startFormsPortal, storedReferences } from "../support/forms";
import { freePort, runPortal, startPortal } from "../support/portal";

/**
 * Faults the portal meets in production (upstreams that refuse, hang or answer garbage; a stop under
 * load; broken seeds) and the headers that protect its pages.
 */
test.describe.configure({ timeout: 120_000 });

const listen = (server: Server | TcpServer) =>
  new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port)));
const close = (server: Server | TcpServer) => new Promise<void>((resolve) => server.close(() => resolve()));

test.describe("Content-Security-Policy and transport headers", () => {
  test("every inline script of a document carries the response's nonce; scripts allow no inline code or eval", async ({ request }) => {
    const nonces = new Set<string>();
    for (const page of ["/", "/cmip6-data", "/contact/form", "/no-such-page"]) {
      const response = await request.get(page);
      const policy = response.headers()["content-security-policy"];
      const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1];
      expect(nonce, page).toBeTruthy();
      expect(Buffer.from(nonce!, "base64")).toHaveLength(16);
      nonces.add(nonce!);
      expect(policy).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval|\*)/);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("object-src 'none'");
      const html = await response.text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]);
      expect(scripts.length, page).toBeGreaterThan(1);
      for (const attributes of scripts) expect(attributes, page).toContain(`nonce="${nonce}"`);
      // nothing but the policy's own nonce
      expect([...html.matchAll(/nonce="([^"]+)"/g)].every((m) => m[1] === nonce)).toBe(true);
    }
    expect(nonces.size).toBe(4);
  });

  test("third-party hosts are allowed only when configured; HSTS and upgrades only over TLS", async ({ request }) => {
    const plain = (await request.get("/")).headers();
    expect(plain["content-security-policy"]).not.toMatch(/googletagmanager|recaptcha|gstatic|mapbox/);
    expect(plain["strict-transport-security"]).toBeUndefined();

    const portal = await startPortal({
      ANALYTICS_ENABLED: "true",
      ANALYTICS_ID: "G-TEST123",
      CAPTCHA_SITE_KEY: "site-key",
      CAPTCHA_SECRET: "secret",
      MAPBOX_ACCESS_TOKEN: "pk.test",
      HSTS_MAX_AGE: "600",
    });
    try {
      const configured = await request.get(`${portal.url}/contact/form`);
      const policy = configured.headers()["content-security-policy"];
      expect(policy).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/www\.googletagmanager\.com https:\/\/www\.recaptcha\.net https:\/\/www\.gstatic\.com;/);
      expect(policy).toMatch(/connect-src [^;]*https:\/\/api\.mapbox\.com/);
      expect(policy).toContain("frame-src https://www.recaptcha.net");
      // the analytics boot script runs with the nonce
      const html = await configured.text();
      const nonce = /'nonce-([^']+)'/.exec(policy)![1];
      expect(html).toMatch(new RegExp(`<script nonce="${nonce.replace(/[+/=]/g, "\\$&")}">window\\.dataLayer=`));
      expect(configured.headers()["strict-transport-security"]).toBeUndefined();

      // behind a TLS proxy on loopback (trusted by default) that says so
      const tls = (await request.get(`${portal.url}/`, { headers: { "X-Forwarded-Proto": "https" } })).headers();
      expect(tls["strict-transport-security"]).toBe("max-age=600; includeSubDomains");
      expect(tls["content-security-policy"]).toContain("upgrade-insecure-requests");
    } finally {
      portal.process.kill();
    }
  });

  test("TLS=on sends HSTS on every answer, TLS=off never, whatever a proxy says", async () => {
    const on = await startPortal({ TLS: "on" });
    const off = await startPortal({ TLS: "off" });
    try {
      expect((await fetch(`${on.url}/healthz`)).headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
      expect((await fetch(`${off.url}/`, { headers: { "X-Forwarded-Proto": "https" } })).headers.get("strict-transport-security")).toBeNull();
    } finally {
      on.process.kill();
      off.process.kill();
    }
  });

  test("a path with dot segments cannot slip a cross-site post past the origin check", async ({ request }) => {
    const token = await formToken(request, "/contact/form");
    for (const target of ["/api/../contact/form", "/api/%2e%2e/contact/form", "/api\\..\\contact/form"]) {
      const port = Number(new URL(test.info().project.use.baseURL!).port);
      const status = await new Promise<number>((resolve, reject) => {
        const socket = connect(port, "127.0.0.1", () => {
          const body = new URLSearchParams({ ...CONTACT, formToken: token }).toString();
          socket.end(
            `POST ${target} HTTP/1.1\r\nHost: localhost:${port}\r\nOrigin: https://evil.example\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
              `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
          );
        });
        let data = "";
        socket.on("data", (chunk) => (data += chunk));
        socket.on("end", () => resolve(Number(data.split(" ")[1])));
        socket.on("error", reject);
      });
      expect(status, target).toBe(400);
    }
  });

  test("an unknown method is a 405 naming the allowed ones", async ({ request }) => {
    const response = await request.fetch("/api/cmip6/list/geos", { method: "TRACE" });
    expect(response.status()).toBe(405);
    expect(response.headers()["allow"]).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
  });
});

test.describe("a CKAN portal that refuses, hangs or answers garbage", () => {
  let garbage: Server;
  let hang: Server;
  let notHttp: TcpServer;
  const ports: Record<string, number> = {};
  test.beforeAll(async () => {
    garbage = createHttpServer((_req, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end('{"success": tru');
    });
    // answers the headers, then never finishes the body
    hang = createHttpServer((_req, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.write('{"success": true, "result": {"count": 1, ');
    });
    notHttp = createTcpServer((socket) => socket.end("\x00\xffthis is not HTTP\r\n\r\n", () => socket.destroy()));
    ports.garbage = await listen(garbage);
    ports.hang = await listen(hang);
    ports.notHttp = await listen(notHttp);
    ports.refused = await freePort();
  });
  test.afterAll(async () => {
    hang.closeAllConnections();
    notHttp.close();
    await Promise.all([close(garbage), close(hang)]);
  });

  for (const [name, status, message] of [
    ["refused", 502, "could not answer the search"],
    ["garbage", 502, "could not answer the search"],
    ["notHttp", 502, "could not answer the search"],
    ["hang", 504, "did not answer the search within 1 s"],
  ] as const) {
    test(`${name}: ${status} within the timeout, with the message on a usable page`, async () => {
      const portal = await startPortal({ CKAN_URL: `http://127.0.0.1:${ports[name]}`, CKAN_TIMEOUT: "1" });
      try {
        const started = Date.now();
        const response = await fetch(`${portal.url}/ckan-viewer?q=rain`, { signal: AbortSignal.timeout(10_000) });
        const html = await response.text();
        expect(response.status).toBe(status);
        expect(Date.now() - started).toBeLessThan(3000);
        expect(html).toContain(message);
        expect(html).toContain('role="alert"');
        // the page works: search box, navigation, and no trace of the upstream's address or an error stack
        expect(html).toMatch(/<input[^>]*type="search"/);
        expect(html).toContain('href="/cmip6-data"');
        expect(html).not.toMatch(/\n\s+at /);
        // the rest of the portal is unaffected
        expect((await fetch(`${portal.url}/healthz`)).status).toBe(200);
      } finally {
        portal.process.kill();
      }
    });
  }
});

test("an API upstream that answers something other than HTTP is a 502 JSON error", async () => {
  const notHttp = createTcpServer((socket) => socket.end("garbage\x00\r\n\r\n", () => socket.destroy()));
  const port = await listen(notHttp);
  const portal = await startPortal({ API_UPSTREAM: `http://127.0.0.1:${port}`, UPSTREAM_TIMEOUT: "2" });
  try {
    const response = await fetch(`${portal.url}/api/some/thing`, { signal: AbortSignal.timeout(10_000) });
    expect(response.status).toBe(502);
    expect((await response.json()).error.message).toBe("The upstream API could not be reached");
  } finally {
    portal.process.kill();
    notHttp.close();
  }
});

test.describe("broken seeds on disk stop the server with a clear message", () => {
  let dir: string;
  test.beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "sacap-seeds-"));
    cpSync("seeds", dir, { recursive: true });
  });
  test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test("a truncated file", async () => {
    writeFileSync(path.join(dir, "geos.json"), '[{"field_value": "NPL", ');
    const { code, output } = await runPortal({ SEEDS_DIR: dir });
    expect(code).toBe(1);
    expect(output).toContain("geos.json");
    expect(output).toContain("invalid JSON");
    expect(output).not.toContain("listening");
  });

  test("a missing file", async () => {
    unlinkSync(path.join(dir, "scenarios.json"));
    const { code, output } = await runPortal({ SEEDS_DIR: dir });
    expect(code).toBe(1);
    expect(output).toContain("scenarios.json");
    expect(output).not.toMatch(/\n\s+at /);
  });
});

/**
 * A form post whose body arrives in two parts. It asks for `100 Continue`, so `started` resolves once the
 * server has read the request's head and is working on it (the request is in flight).
 */
function halfSentPost(port: number, body: string, connection: "close" | "keep-alive" = "close") {
  const socket = connect(port, "127.0.0.1");
  let data = "";
  let onContinue: () => void;
  const started = new Promise<void>((resolve) => (onContinue = resolve));
  socket.on("data", (chunk) => {
    data += chunk;
    if (data.includes(" 100 Continue")) onContinue();
  });
  const answered = new Promise<string>((resolve, reject) => {
    socket.on("end", () => resolve(data));
    socket.on("error", reject);
  });
  const cut = Math.floor(body.length / 2);
  socket.on("connect", () => {
    socket.write(
      `POST /contact/form HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\nExpect: 100-continue\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: ${connection}\r\n\r\n`,
    );
  });
  return {
    socket,
    received: () => data,
    started: started.then(() => new Promise<void>((resolve) => socket.write(body.slice(0, cut), () => resolve()))),
    finish: () => socket.write(body.slice(cut)),
    answered,
  };
}

test("a draining server closes keep-alive connections: the answer after SIGTERM says Connection: close, and no new request is served", async ({ request }) => {
  const portal = await startFormsPortal({ SHUTDOWN_TIMEOUT: "20" });
  const port = Number(new URL(portal.url).port);
  try {
    const token = await formToken(request, `${portal.url}/contact/form`);
    const post = halfSentPost(port, new URLSearchParams({ ...CONTACT, formToken: token }).toString(), "keep-alive");
    await post.started;
    const stoppedAt = Date.now();
    portal.process.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 400));
    post.finish();
    // the in-flight submission is answered, and told the connection ends
    await expect.poll(() => /HTTP\/1\.1 303 [^]*?\r\n\r\n/.test(post.received()), { timeout: 10_000 }).toBe(true);
    const head = /HTTP\/1\.1 303 [^]*?\r\n\r\n/.exec(post.received())![0];
    expect(head).toMatch(/\r\nConnection: close\r\n/i);
    // a request sent on the same connection afterwards is not served: the server has closed it
    post.socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`, () => undefined);
    await post.answered.catch(() => "");
    expect(post.received()).not.toContain('"status":"ok"');
    await exited(portal.process);
    expect(portal.process.exitCode).toBe(0);
    // drained well before SHUTDOWN_TIMEOUT (20 s)
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);
  } finally {
    portal.stop();
  }
});

test("SIGTERM under load: in-flight submissions and pages complete, every acknowledged submission is stored", async ({ request }) => {
  const portal = await startFormsPortal({ FORM_RATE_LIMIT: "100000", SHUTDOWN_TIMEOUT: "20" });
  const port = Number(new URL(portal.url).port);
  try {
    // each submission from a page of its own: a token is used up by the first submission sent with it
    const body = async (i: number) => {
      const token = await formToken(request, `${portal.url}/contact/form`);
      return new URLSearchParams({ ...CONTACT, name: `Asha Rana ${i}`, formToken: token }).toString();
    };

    // background load: pages, /api and submissions from 12 clients until the server goes away
    const acknowledged: string[] = [];
    const answers = new Map<number, number>();
    let connectionErrorsBeforeStop = 0;
    let stopping = false;
    const client = async (n: number) => {
      for (let i = 0; ; i++) {
        try {
          const kind = (n + i) % 3;
          const response =
            kind === 0
              ? await fetch(`${portal.url}/contact/form`, {
                  method: "POST",
                  body: await body(n * 1000 + i),
                  headers: { Origin: portal.url, "Content-Type": "application/x-www-form-urlencoded" },
                  redirect: "manual",
                })
              : await fetch(`${portal.url}${kind === 1 ? "/cmip6-data" : "/api/cmip6/annual?indicator=tas&geo=NPL"}`);
          answers.set(response.status, (answers.get(response.status) ?? 0) + 1);
          if (response.status === 303) acknowledged.push(new URL(response.headers.get("location")!, portal.url).searchParams.get("ref")!);
          await response.arrayBuffer();
        } catch {
          if (!stopping) connectionErrorsBeforeStop++;
          return; // the server no longer accepts connections
        }
      }
    };
    const clients = Array.from({ length: 12 }, (_, n) => client(n));
    await new Promise((r) => setTimeout(r, 2000));

    // submissions in flight: their bodies are half sent when the signal arrives
    const bodies = await Promise.all(Array.from({ length: 5 }, (_, i) => body(900_000 + i)));
    const inFlight = bodies.map((text) => halfSentPost(port, text));
    await Promise.all(inFlight.map((post) => post.started));
    stopping = true;
    portal.process.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 500));
    for (const post of inFlight) post.finish();
    const finished = await Promise.all(inFlight.map((post) => post.answered));
    await Promise.all(clients);
    await exited(portal.process);
    expect(portal.process.exitCode).toBe(0);

    for (const answer of finished) expect(answer).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 303 /);
    const inFlightRefs = finished.map((answer) => /ref=([A-Z0-9-]+)/.exec(answer)![1]);
    expect(connectionErrorsBeforeStop).toBe(0);
    expect([...answers.keys()].every((status) => status < 500), JSON.stringify([...answers])).toBe(true);
    expect(acknowledged.length).toBeGreaterThan(5);
    const stored = new Set(storedReferences(portal.db.url));
    for (const reference of [...acknowledged, ...inFlightRefs]) expect(stored.has(reference), reference).toBe(true);
    console.log(`SIGTERM under load: ${JSON.stringify(Object.fromEntries(answers))} answered, ${acknowledged.length + inFlightRefs.length} submissions acknowledged and stored`);
  } finally {
    portal.stop();
  }
});
