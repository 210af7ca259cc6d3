import { expect, test } from "@playwright/test";
import { Agent, get as httpGet } from "node:http";
import { startNginx } from "../support/nginx.mjs";
import { startPortal } from "../support/portal";

/**
 * Fair shares: one address with 16 connections asking pages nobody asked before (each with series to
 * compute) cannot make another address's uncached pages much slower than on an idle server; past its line
 * it gets 429 with Retry-After, and the other address never does. The same straight to the portal and behind
 * the deployment's nginx, which names each client's own address.
 */
// one after another: each measures latency, and the others would be its load
test.describe.configure({ mode: "default", timeout: 180_000 });

const GEOS = ["NPL", "BGD", "IND", "PAK", "LKA", "AFG", "BTN", "MDV", "indus", "ganges", "brahmaputra"];
let counter = 0;
/** An explorer page no one asked for before: an indicator, a place and a first year of its own. */
function uncachedPage(indicator: string): string {
  const i = counter++;
  return `/cmip6-data?indicator=${indicator}&geo=${GEOS[i % GEOS.length]}&start=${1950 + (Math.floor(i / GEOS.length) % 60)}`;
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A test client: its address (sent in X-Forwarded-For from loopback, or its own loopback address through nginx). */
type Client = { address: string };
type Get = (path: string, client: Client) => Promise<{ status: number; ms: number; retryAfter: string | null }>;

/**
 * Straight to the portal: the address a trusted proxy (loopback) would name, in X-Forwarded-For. A request
 * sent on a kept-alive connection just as the server closed it for idleness (Node's 5 s keep-alive timeout,
 * which a client waiting for the load to stop can reach) is sent again once, as browsers do.
 */
const direct =
  (base: string): Get =>
  async (path, client) => {
    const started = performance.now();
    const ask = () => fetch(`${base}${path}`, { headers: { "X-Forwarded-For": client.address } });
    const response = await ask().catch((error: { cause?: { code?: string } }) => {
      if (error.cause?.code !== "ECONNRESET") throw error;
      return ask();
    });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started, retryAfter: response.headers.get("retry-after") };
  };

/** Through nginx, each client from its own loopback address (127.0.0.x), which nginx passes on in X-Forwarded-For. */
const fromAddress = (base: string): Get => {
  const agents = new Map<string, Agent>();
  return (path, client) =>
    new Promise((resolve, reject) => {
      const agent = agents.get(client.address) ?? new Agent({ keepAlive: true, localAddress: client.address });
      agents.set(client.address, agent);
      const started = performance.now();
      const request = httpGet(`${base}${path}`, { agent }, (response) => {
        response.resume();
        response.on("end", () =>
          resolve({ status: response.statusCode!, ms: performance.now() - started, retryAfter: (response.headers["retry-after"] as string | undefined) ?? null }),
        );
      });
      request.on("error", reject);
    });
};

/**
 * The other client's uncached pages alone, then beside 16 connections of one client asking uncached pages:
 * the loaded p50 within 2x of the idle one. Other work on a shared machine (another suite) can come and go
 * between the two: up to three tries, the bound must hold in one of them.
 */
async function fairness(get: Get, heavy: Client, other: Client, warm: Client) {
  const probe = async () => {
    const times: number[] = [];
    for (let i = 0; i < 8; i++) {
      const answer = await get(uncachedPage("tasmax"), other);
      expect(answer.status).toBe(200);
      times.push(answer.ms);
    }
    return times;
  };
  // warm up the renderer and the workers: every place's model runs of both indicators read once, so that
  // the idle and the loaded pages (each new: a first year of its own) cost the same work (without it, the
  // idle pages read model runs from the store and the loaded ones found them kept: a lenient baseline)
  for (const indicator of ["tasmax", "pr"]) for (let i = 0; i < GEOS.length; i++) await get(uncachedPage(indicator), warm);
  const tries: { idle: number[]; loaded: number[]; statuses: Map<number, number> }[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    const idle = await probe();
    let running = true;
    const statuses = new Map<number, number>();
    const connection = async () => {
      while (running) {
        const answer = await get(uncachedPage("pr"), heavy);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.status === 429) expect(answer.retryAfter).toBe("1");
        if (answer.status === 503) expect(answer.retryAfter).toBe("2");
      }
    };
    const load = Array.from({ length: 16 }, connection);
    await new Promise((r) => setTimeout(r, 1000));
    const loaded = await probe();
    running = false;
    await Promise.all(load);
    tries.push({ idle, loaded, statuses });
    console.log(
      `fair share: other client's uncached page p50 ${Math.round(median(idle))} ms idle, ${Math.round(median(loaded))} ms beside 16 connections of one client (${idle.map(Math.round).join(", ")} / ${loaded.map(Math.round).join(", ")} ms); that client's answers ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(statuses.get(200) ?? 0).toBeGreaterThan(4);
    // past its line a 429; a page that waited its longest for a turn, a 503 (the machine's share)
    expect([...statuses.keys()].every((status) => status === 200 || status === 429 || status === 503)).toBe(true);
    if (median(loaded) <= 2 * median(idle)) break;
  }
  const best = Math.min(...tries.map((t) => median(t.loaded) / median(t.idle)));
  expect(best, `loaded p50 / idle p50 in ${tries.length} tries`).toBeLessThanOrEqual(2);
}

test("one client's 16 connections of uncached pages: another client's uncached pages stay within 2x of idle", async () => {
  const portal = await startPortal({ SERIES_WORKERS: "1" });
  try {
    await fairness(direct(portal.url), { address: "198.51.100.10" }, { address: "198.51.100.20" }, { address: "198.51.100.30" });
  } finally {
    portal.process.kill();
  }
});

test("behind the deployment's nginx, clients told apart by their own addresses: the same 2x bound", async () => {
  const portal = await startPortal({ SERIES_WORKERS: "1" });
  const host = new URL(portal.url).host;
  const proxy = await startNginx([host, host]);
  try {
    test.skip("skip" in proxy, "skip" in proxy ? proxy.skip : "");
    if ("skip" in proxy) return;
    // were the clients taken for one (nginx's own address), the other's pages would wait behind 16 of the heavy one's
    await fairness(fromAddress(proxy.url), { address: "127.0.0.10" }, { address: "127.0.0.20" }, { address: "127.0.0.30" });
  } finally {
    if (!("skip" in proxy)) await proxy.stop();
    portal.process.kill();
  }
});

test("past its line (one page rendering, 16 waiting) a client gets 429, past its longest wait 503, each with Retry-After; another client is served", async () => {
  const portal = await startPortal({ SERIES_WORKERS: "1" });
  try {
    const answers = await Promise.all(
      Array.from({ length: 24 }, async () => {
        const response = await fetch(`${portal.url}${uncachedPage("pr")}`, { headers: { "X-Forwarded-For": "198.51.100.40", Accept: "text/html" } });
        const body = await response.text();
        return { status: response.status, retryAfter: response.headers.get("retry-after"), body };
      }),
    );
    const other = await fetch(`${portal.url}${uncachedPage("tas")}`, { headers: { "X-Forwarded-For": "198.51.100.41" } });
    expect(other.status).toBe(200);
    const refused = answers.filter((a) => a.status === 429);
    const busy = answers.filter((a) => a.status === 503);
    // one under way and 16 waiting: the other 7 refused at once; of the 16, those that waited a second
    // without their turn were turned away, the rest answered
    expect(refused.length).toBe(7);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(answers.filter((a) => a.status === 200).length + busy.length).toBe(17);
    for (const answer of refused) {
      expect(answer.retryAfter).toBe("1");
      expect(answer.body).toContain("Too many requests");
    }
    for (const answer of busy) {
      expect(answer.retryAfter).toBe("2");
      expect(answer.body).toContain("The portal is busy");
    }
  } finally {
    portal.process.kill();
  }
});
