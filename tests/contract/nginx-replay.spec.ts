import { createServer, type Server } from "node:http";
import type { Socket } from "node:net";
import { expect, test } from "@playwright/test";
import { startNginx, type Nginx } from "../support/nginx.mjs";

/**
 * The shipped nginx configuration (deploy/nginx/sacap.conf) in front of two stand-in app servers that
 * behave as a portal process does when a request kills it: the request is read, the process works on it
 * for a while, and then the connection drops and nothing listens any more. nginx must not send that request
 * on to the other server (it would die in turn), and must still send requests to the other server when one
 * refuses connections (down or restarting).
 */
test.describe.configure({ mode: "serial" });

interface StandIn {
  host: string;
  seen: string[];
  alive: () => boolean;
  close: () => Promise<void>;
}

/** An app server that answers 200 with its name, and dies `dieAfterMs` into a request for `/fatal`. */
async function standIn(name: string, dieAfterMs: number): Promise<StandIn> {
  const sockets = new Set<Socket>();
  let alive = true;
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(req.url ?? "");
    if (req.url?.startsWith("/fatal")) {
      setTimeout(() => {
        // as a process that died: its listening socket and every connection gone at once
        alive = false;
        server.close();
        for (const socket of sockets) socket.destroy();
      }, dieAfterMs);
      return;
    }
    res.setHeader("Content-Type", "text/plain");
    res.end(name);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    host: `127.0.0.1:${port}`,
    seen,
    alive: () => alive,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (!alive) return resolve();
        alive = false;
        server.close(() => resolve());
      }),
  };
}

let nginx: Nginx | undefined;
let servers: StandIn[] = [];
let skip: string | undefined;

test.afterEach(async () => {
  await nginx?.stop();
  await Promise.all(servers.map((s) => s.close()));
  nginx = undefined;
  servers = [];
});

async function start(dieAfterMs: number) {
  servers = [await standIn("one", dieAfterMs), await standIn("two", dieAfterMs)];
  const proxy = await startNginx(servers.map((s) => s.host));
  if ("skip" in proxy) skip = proxy.skip;
  else nginx = proxy;
}

for (const dieAfterMs of [400, 3000]) {
  test(`a request that kills a server ${dieAfterMs} ms into it is not replayed onto the other`, async ({ request }) => {
    await start(dieAfterMs);
    test.skip(Boolean(skip), skip);
    const answer = await request.get(`${nginx!.url}/fatal?n=1`, { timeout: 30_000 });
    expect(answer.status()).toBe(502);
    // one server took it and died; the other never saw it and still answers
    const tookIt = servers.filter((s) => s.seen.some((url) => url.startsWith("/fatal")));
    expect(tookIt, nginx!.log()).toHaveLength(1);
    const survivor = servers.find((s) => s !== tookIt[0])!;
    expect(survivor.alive()).toBe(true);
    for (let i = 0; i < 4; i++) {
      const page = await request.get(`${nginx!.url}/page?i=${i}`);
      expect(page.status()).toBe(200);
    }
  });
}

test("a server that refuses connections: GET goes to the other one", async ({ request }) => {
  await start(400);
  test.skip(Boolean(skip), skip);
  await servers[1].close();
  for (let i = 0; i < 6; i++) {
    const page = await request.get(`${nginx!.url}/page?i=${i}`);
    expect(page.status(), nginx!.log()).toBe(200);
    expect(await page.text()).toBe("one");
  }
});
