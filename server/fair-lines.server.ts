import type { NextFunction, Request, Response } from "express";
import { forClient } from "./client-scope.server";
import { sendPlainError } from "./plain-error.server";

/**
 * Per-client lines for expensive work (a series computed, a page rendered): each client (its address, the
 * trusted proxy's client address behind nginx) has at most `perClient` of its jobs under way; its further
 * ones wait in its own line, up to `queuePerClient`, and are refused beyond. So a client with many
 * connections gets no more turns than one with a single connection, and the others' work never waits
 * behind its line.
 *
 * Turns alone would still split the machine evenly between a client with a long line and one asking a
 * single page, so that page would take twice its time. A client with `deferAt` or more jobs waiting
 * therefore defers: when one of its jobs ends while a job of a client with a short line is under way, its
 * next job starts once no such job is under way, or after `holdMs` at the latest (it is never starved).
 */
export class FairLines {
  private readonly lines = new Map<string, Line>();
  /** Jobs under way or waiting, over all clients. */
  underWay = 0;

  constructor(
    readonly perClient: number,
    readonly queuePerClient: number,
    readonly deferAt = DEFER_AT,
    readonly holdMs = HOLD_MS,
  ) {}

  /** Whether `client` has `deferAt` or more jobs waiting (its work counts as bulk). */
  isLong(client: string): boolean {
    const line = this.lines.get(client);
    return line !== undefined && this.long(line);
  }

  private long(line: Line): boolean {
    return line.waiting.length >= this.deferAt;
  }

  /** The most one client can have under way and waiting. */
  get limit(): number {
    return this.perClient + this.queuePerClient;
  }

  /** A turn for one of `client`'s jobs: at once, after its earlier ones, or none when its line is full. */
  take(client: string): Promise<void> | undefined {
    const line = this.lines.get(client) ?? { running: 0, waiting: [] };
    this.lines.set(client, line);
    let turn: Promise<void> | undefined;
    if (line.running < this.perClient && !line.held) {
      line.running++;
      turn = Promise.resolve();
    } else if (line.waiting.length < this.queuePerClient) {
      turn = new Promise((resolve) => line.waiting.push(resolve));
    }
    if (turn) this.underWay++;
    return turn;
  }

  /** The end of a job that had its turn: the client's next waiting job goes on, or defers to short lines. */
  end(client: string): void {
    const line = this.lines.get(client);
    if (!line) return;
    this.underWay--;
    line.running--;
    if (!line.held) {
      if (this.long(line) && this.shortLineUnderWay(client)) this.hold(client, line);
      else this.pass(client, line);
    }
    // held lines go on once no short line has a job under way
    for (const [other, held] of this.lines) if (held.held && !this.shortLineUnderWay(other)) this.release(other, held);
  }

  /** The client's next waiting job starts (or, with none waiting and none under way, its line is gone). */
  private pass(client: string, line: Line): void {
    const next = line.waiting.shift();
    if (next) {
      line.running++;
      next();
    } else if (line.running === 0) this.lines.delete(client);
  }

  /** Whether a client other than `client` with fewer than `deferAt` jobs waiting has one under way. */
  private shortLineUnderWay(client: string): boolean {
    for (const [other, line] of this.lines) if (other !== client && line.running > 0 && !this.long(line)) return true;
    return false;
  }

  private hold(client: string, line: Line): void {
    line.held = setTimeout(() => this.release(client, line), this.holdMs);
    line.held.unref?.();
  }

  private release(client: string, line: Line): void {
    if (!line.held) return;
    clearTimeout(line.held);
    line.held = undefined;
    while (line.running < this.perClient && line.waiting.length > 0) this.pass(client, line);
    if (line.running === 0 && line.waiting.length === 0) this.lines.delete(client);
  }
}

interface Line {
  running: number;
  waiting: (() => void)[];
  /** set while the line defers to short lines: the timer that ends the wait at the latest */
  held?: ReturnType<typeof setTimeout>;
}

/** Jobs waiting from which a client's line counts as long (it defers to short ones): a browser's few parallel requests stay below it. */
export const DEFER_AT = 4;
/** The longest a long line defers to short ones before its next job starts anyway. */
export const HOLD_MS = 2000;

/** Pages a client may have rendered at once (one: its page and series then never hold more than one turn of the series workers); more wait in its line. */
export const PAGES_PER_CLIENT = 1;
/** Pages a client may have waiting to be rendered; more are refused (429). */
export const PAGE_CLIENT_QUEUE = 16;

/**
 * Requests that reach the page renderer (pages not in the document cache, their loaders' data, resource
 * routes such as the choropleth) take turns per client (`FairLines`): one address with many connections
 * cannot slow the pages of the others; past its line it gets a 429 with `Retry-After`.
 */
export function fairPageTurns(lines = new FairLines(PAGES_PER_CLIENT, PAGE_CLIENT_QUEUE)) {
  return function fairPageTurnsMiddleware(req: Request, res: Response, next: NextFunction) {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const client = req.ip ?? req.socket.remoteAddress ?? "";
    const turn = lines.take(client);
    if (!turn) {
      res.setHeader("Retry-After", "1");
      const wantsJson = req.path.startsWith("/api/") || (req.get("accept") ?? "").includes("application/json") || req.query._data !== undefined;
      return sendPlainError(res, 429, "Too many requests", `You have ${lines.limit} pages being prepared or waiting; ask again when some have arrived.`, wantsJson);
    }
    let granted = false;
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      lines.end(client);
    };
    // a turn had ends when the answer is sent or the client goes away, whichever comes first
    res.once("finish", () => granted && end());
    res.once("close", () => granted && end());
    void turn.then(() => {
      granted = true;
      // a client that went away while waiting passes its turn on at once
      if (res.writableEnded || res.destroyed || req.destroyed) return end();
      // the page's series are computed in this client's line of the series workers
      forClient(client, next, lines.isLong(client));
    });
  };
}
