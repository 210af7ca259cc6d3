import { existsSync, readFileSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { connect, type Socket } from "node:net";
import { expect, test } from "@playwright/test";
import { exited } from "../support/forms";
import { freePort, startPortal } from "../support/portal";

/**
 * A restart cuts nothing under way: after SIGTERM every answer begun completes, no connection is kept
 * alive, and a server killed without a clean shutdown says at its next start which requests were in flight
 * (docs/deployment.md, "Stopping and restarting").
 */
test.describe.configure({ timeout: 240_000 });

/** A raw HTTP/1.1 client connection: the bytes received, when they came, and when the server closed it. */
function connection(port: number) {
  const socket: Socket = connect(port, "127.0.0.1");
  const chunks: Buffer[] = [];
  const state = {
    socket,
    received: 0,
    firstByteAt: 0,
    bytes: () => Buffer.concat(chunks),
    closed: new Promise<void>((resolve) => socket.once("close", () => resolve())),
    get: (path: string, times = 1) => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept-Encoding: identity\r\n\r\n`.repeat(times)),
  };
  socket.on("data", (chunk: Buffer) => {
    chunks.push(chunk);
    state.firstByteAt ||= Date.now();
    state.received += chunk.length;
  });
  socket.on("error", () => undefined);
  return state;
}

/** The answers whole in `data`, in order: head and body (chunked framing removed); an answer cut short ends the list. */
function answers(data: Buffer): { head: string; body: Buffer }[] {
  const found: { head: string; body: Buffer }[] = [];
  let at = 0;
  for (;;) {
    const headEnd = data.indexOf("\r\n\r\n", at);
    if (headEnd < 0) return found;
    const head = data.subarray(at, headEnd).toString("latin1");
    let next = headEnd + 4;
    const length = /\r\ncontent-length: (\d+)/i.exec(head);
    if (length) {
      if (next + Number(length[1]) > data.length) return found;
      found.push({ head, body: data.subarray(next, next + Number(length[1])) });
      at = next + Number(length[1]);
      continue;
    }
    const parts: Buffer[] = [];
    for (;;) {
      const lineEnd = data.indexOf("\r\n", next);
      if (lineEnd < 0) return found;
      const size = parseInt(data.subarray(next, lineEnd).toString("latin1"), 16);
      if (size === 0) {
        if (lineEnd + 4 > data.length) return found;
        next = lineEnd + 4;
        break;
      }
      if (lineEnd + 2 + size + 2 > data.length) return found;
      parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
      next = lineEnd + 2 + size + 2;
    }
    found.push({ head, body: Buffer.concat(parts) });
    at = next;
  }
}

const connectionHeader = (head: string) => /\r\nConnection: ([^\r]+)/i.exec(head)?.[1].toLowerCase();
const until = async (condition: () => boolean, ms = 30_000) => {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 5));
  }
};

test("SIGTERM while large answers are on their way to a client that reads slowly: every answer begun arrives whole", async () => {
  // The largest answers the portal serves (a monthly series of every model and scenario, about 650 KB),
  // twelve of them pipelined on one kept-alive connection: far more than the operating system's buffers
  // hold for a client that does not read, so some of them are still in the server when the signal comes.
  const large = "/api/cmip6/v1/monthly?indicator=tas&geo=NPL";
  const small = "/api/cmip6/annual?indicator=tas&geo=NPL";
  for (let run = 0; run < 4; run++) {
    const portal = await startPortal({ SHUTDOWN_TIMEOUT: "30" });
    const port = Number(new URL(portal.url).port);
    try {
      const whole = Buffer.from(await (await fetch(`${portal.url}${large}`, { headers: { "Accept-Encoding": "identity" } })).arrayBuffer());
      const wholeSmall = Buffer.from(await (await fetch(`${portal.url}${small}`, { headers: { "Accept-Encoding": "identity" } })).arrayBuffer());
      const pipelined = connection(port);
      const single = connection(port);
      pipelined.get(large, 12);
      single.get(small);
      // the first head and part of the body are read, then the client stops reading
      await until(() => pipelined.received > 0 && single.received > 0);
      pipelined.socket.pause();
      single.socket.pause();
      portal.process.kill("SIGTERM");
      await new Promise((r) => setTimeout(r, 1500));
      pipelined.socket.resume();
      single.socket.resume();
      await Promise.all([pipelined.closed, single.closed]);
      await exited(portal.process);
      expect(portal.process.exitCode).toBe(0);

      const got = answers(pipelined.bytes());
      expect(got.length, `run ${run}: whole answers received`).toBe(12);
      for (const answer of got) {
        expect(answer.head).toMatch(/^HTTP\/1\.1 200 /);
        expect(answer.body.equals(whole)).toBe(true);
      }
      const [one] = answers(single.bytes());
      expect(one?.body.equals(wholeSmall)).toBe(true);
    } finally {
      portal.process.kill("SIGKILL");
    }
  }
});

test("after SIGTERM, requests read while the main thread was busy are answered with Connection: close and their connections close; idle connections close at once", async () => {
  // Series computed on the main thread: an SPI/SPEI answer nobody asked for before keeps it busy for a
  // second or more, during which nothing else is read.
  const portal = await startPortal({ SERIES_WORKERS: "0", SHUTDOWN_TIMEOUT: "30" });
  const port = Number(new URL(portal.url).port);
  try {
    const idle = connection(port);
    const probe = connection(port);
    const late = connection(port);
    for (const c of [idle, probe, late]) c.get("/healthz");
    await until(() => [idle, probe, late].every((c) => answers(c.bytes()).length === 1));
    for (const c of [idle, probe, late]) expect(connectionHeader(answers(c.bytes())[0].head)).toBe("keep-alive");

    // Busy: a health check on a kept-alive connection goes unanswered for 50 ms (it is answered in a
    // millisecond or two otherwise; one place's SPEI answer takes 150 ms or more of the main thread on a fast
    // day). When a place's answer comes before any health check has waited that long, the next place, not
    // asked for before, is asked for.
    let heavy: ReturnType<typeof connection> | undefined;
    let busy = false;
    for (const geo of ["IND", "PAK", "BGD", "AFG", "NPL", "LKA", "BTN"]) {
      heavy = connection(port);
      heavy.get(`/api/cmip6/v1/monthly?indicator=spei&geo=${geo}`);
      await new Promise((r) => setTimeout(r, 50));
      while (!busy && heavy.firstByteAt === 0) {
        const before = answers(probe.bytes()).length;
        probe.get("/healthz");
        const sent = Date.now();
        while (answers(probe.bytes()).length === before && Date.now() - sent < 50) await new Promise((r) => setTimeout(r, 5));
        await new Promise((r) => setImmediate(r));
        busy = answers(probe.bytes()).length === before;
      }
      if (busy) break;
    }
    expect(busy, "a health check went unanswered for 50 ms while an SPEI answer was computed").toBe(true);
    // the health checks sent on the probe: the first, before the heavy request, and each one since
    const probeCount = answers(probe.bytes()).length + 1;
    if (!heavy) throw new Error("no heavy request was sent");
    portal.process.kill("SIGTERM");
    // a request after the signal, on a kept-alive connection, while the main thread is still busy
    late.get("/healthz");
    const lateSentAt = Date.now();

    await Promise.all([idle.closed, probe.closed, late.closed, heavy.closed]);
    await exited(portal.process);
    expect(portal.process.exitCode).toBe(0);
    // the main thread was indeed busy when the late request was sent: the heavy answer came after it
    expect(heavy.firstByteAt).toBeGreaterThan(lateSentAt);

    // each health check is answered; the last one on each connection (the probe's that waited, the one
    // sent after the signal) closes it
    for (const [name, c, count] of [
      ["the probe sent while the main thread was busy", probe, probeCount],
      ["the request sent after the signal", late, 2],
    ] as const) {
      const got = answers(c.bytes());
      expect(got, name).toHaveLength(count);
      const last = got[count - 1];
      expect(last.head, name).toMatch(/^HTTP\/1\.1 200 /);
      expect(connectionHeader(last.head), name).toBe("close");
      expect(JSON.parse(last.body.toString()).status, name).toBe("ok");
    }
    // the idle connection was closed with nothing more sent on it
    expect(answers(idle.bytes())).toHaveLength(1);
    // the answer under way when the signal came is whole
    const [answer] = answers(heavy.bytes());
    expect(answer.head).toMatch(/^HTTP\/1\.1 200 /);
    expect(JSON.parse(answer.body.toString()).indicator.code).toBe("spei");
    // and the server is gone
    await expect(fetch(`${portal.url}/healthz`)).rejects.toThrow();
  } finally {
    portal.process.kill("SIGKILL");
  }
});

test("a server killed with a request in flight names it at its next start, and counts the restarts with the same request in flight", async () => {
  // An upstream API that never answers: a request passed through to it stays in flight in the portal.
  const held: ServerResponse[] = [];
  const upstream: Server = createServer((_req: IncomingMessage, res: ServerResponse) => void held.push(res));
  const upstreamPort = await freePort();
  await new Promise<void>((resolve) => upstream.listen(upstreamPort, "127.0.0.1", resolve));

  const port = await freePort();
  const journal = `data/in-flight-${port}.log`;
  const restarts = `data/in-flight-${port}.restarts.json`;
  const settings = { PORT: String(port), API_UPSTREAM: `http://127.0.0.1:${upstreamPort}`, UPSTREAM_TIMEOUT: "60" };
  const deadly = "/api/stations/daily?station=KTM&from=1950";
  const logLines = (output: string) =>
    output
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level: string; msg: string; requests?: string[]; request?: string; restarts?: number });
  /** Starts a server, asks for the deadly request and kills the server while it is in flight; resolves with the start-up log. */
  const killedWhileServing = async () => {
    const portal = await startPortal(settings);
    const asked = held.length;
    fetch(`${portal.url}${deadly}`).catch(() => undefined);
    await until(() => held.length > asked);
    portal.process.kill("SIGKILL");
    await exited(portal.process);
    return logLines(portal.output());
  };
  rmSync(journal, { force: true });
  rmSync(restarts, { force: true });
  try {
    const first = await killedWhileServing();
    expect(first.filter((l) => l.level === "error")).toEqual([]);
    // what the killed server left: its journal names the request
    expect(readFileSync(journal, "utf8")).toContain(`GET ${deadly}`);

    const second = await killedWhileServing();
    const unclean = second.filter((l) => l.level === "error");
    expect(unclean).toHaveLength(1);
    expect(unclean[0].msg).toBe(`the previous server on port ${port} stopped without a clean shutdown, with 1 request in flight`);
    // the health checks polled while it started are not journaled
    expect(unclean[0].requests).toEqual([`GET ${deadly}`]);

    const third = await killedWhileServing();
    expect(third.filter((l) => l.level === "error").map((l) => l.msg)).toEqual([
      `the previous server on port ${port} stopped without a clean shutdown, with 1 request in flight`,
      `restarted 2 times with this request in flight: GET ${deadly}`,
    ]);

    const fourth = await startPortal(settings);
    expect(logLines(fourth.output()).find((l) => l.msg.startsWith("restarted"))).toEqual(
      expect.objectContaining({ level: "error", msg: `restarted 3 times with this request in flight: GET ${deadly}`, request: `GET ${deadly}`, restarts: 3 }),
    );
    // a clean shutdown clears the count: the next start has nothing to report
    fourth.process.kill("SIGTERM");
    await exited(fourth.process);
    expect(fourth.process.exitCode).toBe(0);
    expect(existsSync(journal)).toBe(false);
    const fifth = await startPortal(settings);
    fifth.process.kill("SIGTERM");
    await exited(fifth.process);
    expect(logLines(fifth.output()).filter((l) => l.level === "error")).toEqual([]);
  } finally {
    for (const res of held) res.destroy();
    upstream.closeAllConnections();
    upstream.close();
    rmSync(journal, { force: true });
    rmSync(restarts, { force: true });
  }
});
