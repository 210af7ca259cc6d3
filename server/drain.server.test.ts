import { createServer, type RequestListener, type Server } from "node:http";
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { trackRequests } from "./drain.server";

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
  server = undefined;
});

async function serve(handler: RequestListener) {
  server = createServer();
  const tracker = trackRequests(server, handler);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { tracker, port: (server.address() as { port: number }).port };
}

/** A raw client connection: what it received, and when the server closed it. */
function client(port: number) {
  const socket: Socket = connect(port, "127.0.0.1");
  const chunks: Buffer[] = [];
  const state = {
    socket,
    get data() {
      return Buffer.concat(chunks);
    },
    received: 0,
    ended: false,
    closed: new Promise<void>((resolve) => socket.once("close", () => resolve())),
  };
  socket.on("data", (chunk: Buffer) => {
    chunks.push(chunk);
    state.received += chunk.length;
  });
  socket.on("end", () => (state.ended = true));
  socket.on("error", () => undefined);
  return state;
}
const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`;
const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((r) => setTimeout(r, 5));
};
/** The heads of the answers received, in order. */
const heads = (data: Buffer) => [...data.toString("latin1").matchAll(/HTTP\/1\.1 [^]*?\r\n\r\n/g)].map((m) => m[0]);

describe("trackRequests", () => {
  it("an answer still on its way to a client that does not read arrives whole", async () => {
    // far more than the operating system's buffers hold for a client that does not read
    const body = Buffer.alloc(24 * 1024 * 1024, "a");
    const { tracker, port } = await serve((_req, res) => res.end(body));
    const c = client(port);
    c.socket.write(get("/big"));
    await until(() => c.received > 64 * 1024);
    c.socket.pause();
    const drained = tracker.drain(30_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(tracker.inFlight()).toBe(1);
    c.socket.resume();
    await c.closed;
    expect(await drained).toBe(0);
    const head = heads(c.data)[0];
    expect(c.data.length - head.length).toBe(body.length);
    expect(head).toMatch(/\r\nConnection: keep-alive\r\n/i);
  });

  it("pipelined requests are all answered; only the last says Connection: close, then the connection closes", async () => {
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { tracker, port } = await serve(async (req, res) => {
      await held;
      res.end(`answer ${req.url}`);
    });
    const c = client(port);
    c.socket.write(get("/1") + get("/2") + get("/3"));
    await until(() => tracker.inFlight() === 3);
    // none of the answers has begun: each could still say Connection: close
    const drained = tracker.drain(30_000);
    release();
    await c.closed;
    expect(await drained).toBe(0);
    const answers = heads(c.data);
    expect(answers).toHaveLength(3);
    expect(answers.map((h) => /\r\nConnection: (\S+)\r\n/i.exec(h)![1])).toEqual(["keep-alive", "keep-alive", "close"]);
    expect(c.data.toString()).toMatch(/answer \/1[^]*answer \/2[^]*answer \/3$/);
  });

  it("idle connections are closed at once, and no new connection is accepted", async () => {
    const { tracker, port } = await serve((_req, res) => res.end("ok"));
    const idle = client(port);
    idle.socket.write(get("/"));
    await until(() => heads(idle.data).length === 1);
    expect(heads(idle.data)[0]).toMatch(/\r\nConnection: keep-alive\r\n/i);
    expect(await tracker.drain(30_000)).toBe(0);
    await idle.closed;
    expect(idle.ended).toBe(true);
    const late = client(port);
    await late.closed;
    expect(late.data.length).toBe(0);
  });

  it("a request read in the same turn as the stop is answered with Connection: close", async () => {
    const { tracker, port } = await serve((_req, res) => res.end("ok"));
    // a stop handled right after the request was read, before it is dispatched (as a signal that arrived
    // while the main thread was busy is handled after the reads of that turn)
    let drained: Promise<number> | undefined;
    server!.on("request", () => (drained ??= tracker.drain(30_000)));
    const c = client(port);
    c.socket.write(get("/"));
    await c.closed;
    expect(heads(c.data)[0]).toMatch(/\r\nConnection: close\r\n/i);
    expect(await drained).toBe(0);
  });

  it("after the timeout, the requests still in flight are counted and their connections cut", async () => {
    const { tracker, port } = await serve(() => undefined);
    const c = client(port);
    c.socket.write(get("/never"));
    await until(() => tracker.inFlight() === 1);
    expect(await tracker.drain(200)).toBe(1);
    await c.closed;
    expect(c.data.length).toBe(0);
  });
});
