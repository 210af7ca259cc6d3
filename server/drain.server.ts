import type { IncomingMessage, RequestListener, Server, ServerResponse } from "node:http";
import { Server as NetServer, type Socket } from "node:net";

/**
 * Called when a request arrives; the function it returns (if any) is called once when the request is over:
 * its answer handed to the operating system whole, or its connection gone.
 */
export type RequestStarted = (req: IncomingMessage) => (() => void) | undefined;

export interface RequestTracker {
  /** Requests whose answer is not yet handed whole to the operating system. */
  inFlight(): number;
  /**
   * Stops the server: no new connection is accepted; every request in flight is answered; the last answer
   * of each connection not yet begun says `Connection: close`, as does every answer to a request read
   * after this call, and each connection closes once nothing is in flight on it (idle ones at once).
   * Resolves with 0 once nothing is in flight and the connections have closed (or `LINGER_MS` after
   * nothing is in flight), or, after `timeoutMs`, with the number of requests still in flight, whose
   * connections are then cut.
   */
  drain(timeoutMs: number): Promise<number>;
}

/**
 * How long connections get to close on their side once no request is in flight (the client reads the end
 * of the last answer and closes; one that does not is no reason to keep the process).
 */
export const LINGER_MS = 1000;

/**
 * Serves `handler` on `server` and keeps count of every connection and of the requests in flight on each,
 * so that a stop never cuts an answer under way.
 *
 * Node's own notion of an idle connection (`closeIdleConnections`, which `server.close()` also calls) counts
 * a connection as idle once its request is read and the answer's `end()` has been called, although the
 * answer may still be waiting in the process to be sent to a slow client; closing it there cut answers
 * whose headers had gone out. Here a request is in flight from its 'request' event until its response's
 * 'close' (emitted once the last bytes are handed to the operating system, or the connection is gone) or
 * its connection's 'close' (answers queued behind a pipelined one never emit theirs), and a connection
 * is closed only when nothing is in flight on it, with `socket.end()`, which sends what is still queued
 * before the end.
 *
 * Each request is passed to `handler` on the next turn of the event loop (`setImmediate`). When the main
 * thread has been busy, the requests that arrived meanwhile are read in the same turn as a stop signal
 * sent meanwhile, and Node runs signal handlers after the reads of that turn: dispatched at once, an
 * answer written straight away (a cached page, `/healthz`) would go out with keep-alive although the
 * signal came first. Dispatched on the next turn, it sees the stop and says `Connection: close`.
 */
export function trackRequests(server: Server, handler: RequestListener, started?: RequestStarted): RequestTracker {
  /** Every open connection, with its requests in flight in the order they arrived (and what ends each). */
  const connections = new Map<Socket, Map<ServerResponse, () => void>>();
  /** Responses this tracker marked `Connection: close` (the app may mark others itself). */
  const marked = new WeakSet<ServerResponse>();
  let draining = false;
  let settle: ((cut: number) => void) | undefined;
  let linger: NodeJS.Timeout | undefined;

  const inFlight = () => {
    let count = 0;
    for (const responses of connections.values()) count += responses.size;
    return count;
  };

  /**
   * Marks the last answer of a connection `Connection: close` when it has not begun, and unmarks an earlier
   * one marked before a later request arrived: Node closes the connection after an answer so marked, which
   * would leave the pipelined requests behind it unanswered.
   */
  const closeAfterLast = (responses: Map<ServerResponse, () => void>) => {
    [...responses.keys()].forEach((res, i) => {
      if (res.headersSent) return;
      if (i === responses.size - 1) {
        if (!res.hasHeader("Connection")) {
          res.setHeader("Connection", "close");
          marked.add(res);
        }
      } else if (marked.has(res)) {
        res.removeHeader("Connection");
        marked.delete(res);
      }
    });
  };

  /** While draining: ends a connection with nothing in flight, and settles once no request is left. */
  const check = (socket?: Socket) => {
    if (!draining) return;
    if (socket && connections.get(socket)?.size === 0 && !socket.writableEnded && !socket.destroyed) socket.end();
    if (inFlight() > 0) return;
    if (connections.size === 0) settle?.(0);
    else linger ??= setTimeout(() => settle?.(0), LINGER_MS);
  };

  server.on("connection", (socket: Socket) => {
    const responses = new Map<ServerResponse, () => void>();
    connections.set(socket, responses);
    socket.once("close", () => {
      connections.delete(socket);
      // answers queued behind a pipelined one emit no 'close' of their own when the connection goes
      for (const over of [...responses.values()]) over();
      check();
    });
  });

  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    const responses = connections.get(socket);
    // a request read from a connection already ended while draining (the client sent it as the end
    // crossed): it cannot be answered
    if (!responses || socket.writableEnded) {
      socket.destroy();
      return;
    }
    const done = started?.(req);
    const over = () => {
      if (!responses.delete(res)) return;
      done?.();
      check(socket);
    };
    responses.set(res, over);
    res.once("close", over);
    setImmediate(() => {
      if (draining) closeAfterLast(responses);
      handler(req, res);
    });
  });

  return {
    inFlight,
    drain(timeoutMs) {
      if (draining) throw new Error("already draining");
      draining = true;
      return new Promise<number>((resolve) => {
        const timeout = setTimeout(() => {
          const cut = inFlight();
          for (const socket of connections.keys()) socket.destroy();
          settle?.(cut);
        }, timeoutMs);
        settle = (cut) => {
          settle = undefined;
          clearTimeout(timeout);
          clearTimeout(linger);
          resolve(cut);
        };
        // No new connections. Not `server.close()`: Node's http server then also destroys the connections
        // it counts as idle, among them answers still being sent (see above).
        NetServer.prototype.close.call(server);
        for (const [socket, responses] of connections) {
          closeAfterLast(responses);
          check(socket);
        }
        check();
      });
    },
  };
}
