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
 * therefore defers while another client is busy: while a job of a client with a short line is under way,
 * or for `anticipateMs` after one ended (that client's next request, its page's data or its next page, is
 * then usually on its way). Deferring, its next job starts later (`end`), and a page of its whose data are
 * ready is rendered later (`turnToRender`: rendering is main-thread work, and two renders at once each take
 * twice as long). Each waits `holdMs` at most, so the long line is never starved.
 */
export class FairLines {
  private readonly lines = new Map<string, Line>();
  /** The latest end of a short line's job: whose, and when (ms). */
  private lastShortEnd?: { client: string; at: number };
  /** The next look at the deferring lines, when the only reason they wait is a short line's recent end. */
  private recheck?: ReturnType<typeof setTimeout>;
  /** Jobs under way or waiting, over all clients. */
  underWay = 0;
  /** Jobs under way, over all clients. */
  running = 0;
  /** Jobs that waited `admission.maxWaitMs` without a turn and were turned away, since start. */
  shed = 0;

  constructor(
    readonly perClient: number,
    readonly queuePerClient: number,
    readonly deferAt = DEFER_AT,
    readonly holdMs = HOLD_MS,
    readonly anticipateMs = ANTICIPATE_MS,
    /**
     * The machine's share: at most `capacity` jobs under way over all clients (the rest wait, each client's
     * in its own line, and the lines take turns), and none waits longer than `maxWaitMs` for its turn (it is
     * turned away instead: `take`'s turn resolves false). Unbounded by default.
     */
    readonly admission: Admission = {},
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

  private get capacity(): number {
    return this.admission.capacity ?? Infinity;
  }

  /**
   * A turn for one of `client`'s jobs: at once, after its earlier ones and the other lines' turns, or none
   * when its line is full (undefined). The turn resolves true when the job may start, false when it waited
   * `maxWaitMs` (the admission's, unless given) without one: it is turned away and holds no turn.
   */
  take(client: string, maxWaitMs = this.admission.maxWaitMs): Promise<boolean> | undefined {
    const line = this.lines.get(client) ?? { running: 0, waiting: [], rendering: new Set() };
    this.lines.set(client, line);
    if (line.running < this.perClient && !line.held && line.waiting.length === 0 && this.running < this.capacity) {
      this.underWay++;
      this.start(line);
      return Promise.resolve(true);
    }
    if (line.waiting.length >= this.queuePerClient) {
      this.forget(client, line);
      return undefined;
    }
    this.underWay++;
    return new Promise<boolean>((resolve) => {
      const waiter: Waiter = { go: () => (clearTimeout(waiter.timer), resolve(true)) };
      if (maxWaitMs !== undefined && Number.isFinite(maxWaitMs)) {
        waiter.arm = () => {
          waiter.arm = undefined;
          waiter.timer = setTimeout(() => {
            const at = line.waiting.indexOf(waiter);
            if (at < 0) return;
            line.waiting.splice(at, 1);
            this.underWay--;
            this.shed++;
            this.armHead(line);
            this.forget(client, line);
            resolve(false);
          }, maxWaitMs);
          waiter.timer.unref?.();
        };
      }
      line.waiting.push(waiter);
      this.armHead(line);
    });
  }

  /**
   * The wait that counts toward `maxWaitMs` is the wait for the machine's room: it starts when a job is the
   * next of its line with room in its client's own share (not while it waits behind its client's own jobs,
   * a line that is the client's business and bounded by `queuePerClient`, nor while its line defers).
   */
  private armHead(line: Line): void {
    if (line.running < this.perClient && !line.held) line.waiting[0]?.arm?.();
  }

  /**
   * When a job of `client` that has its turn may start its main-thread work (a page's render): at once,
   * unless the client's line is long while another client is busy; then once none is, or after `holdMs`.
   */
  turnToRender(client: string): Promise<void> {
    const line = this.lines.get(client);
    if (!line || !this.long(line) || !this.othersBusy(client)) return Promise.resolve();
    return new Promise((resolve) => {
      const go = () => {
        clearTimeout(timer);
        line.rendering.delete(go);
        resolve();
      };
      const timer = setTimeout(go, this.holdMs);
      timer.unref?.();
      line.rendering.add(go);
      this.wake();
    });
  }

  /** The end of a job that had its turn: the next waiting job goes on (a long line's defers to short lines). */
  end(client: string): void {
    const line = this.lines.get(client);
    if (!line) return;
    this.underWay--;
    this.running--;
    line.running--;
    // a line whose job has just had the room waits behind the others for its next turn of it
    this.lines.delete(client);
    this.lines.set(client, line);
    if (!this.long(line)) this.lastShortEnd = { client, at: Date.now() };
    if (!line.held && this.long(line) && this.othersBusy(client)) this.hold(line);
    this.dispatch();
    this.wake();
  }

  /** Deferring lines go on (their next jobs, their renders) once no other client is busy. */
  private wake(): void {
    clearTimeout(this.recheck);
    this.recheck = undefined;
    let soonest = Infinity;
    for (const [client, line] of this.lines) {
      if (!line.held && line.rendering.size === 0) continue;
      // a short line's job under way wakes them when it ends; a recent end, when its time is up
      if (this.shortLineUnderWay(client)) continue;
      const anticipated = this.anticipated(client);
      if (anticipated > 0) {
        soonest = Math.min(soonest, anticipated);
        continue;
      }
      if (line.held) this.release(line);
      for (const render of line.rendering) render();
    }
    if (soonest < Infinity) {
      this.recheck = setTimeout(() => this.wake(), soonest);
      this.recheck.unref?.();
    }
  }

  private start(line: Line): void {
    line.running++;
    this.running++;
  }

  /**
   * Waiting jobs start while the machine has room: each time the line served longest ago (or never) of
   * those with a job waiting, room in their share and not deferring (round robin, a line going last when a
   * job of its ends: a client with many jobs waiting gets one of them a round, like a client with one).
   */
  private dispatch(): void {
    while (this.running < this.capacity) {
      let next: [string, Line] | undefined;
      for (const entry of this.lines) {
        const line = entry[1];
        if (line.waiting.length > 0 && line.running < this.perClient && !line.held) {
          next = entry;
          break;
        }
      }
      if (!next) break;
      const [client, line] = next;
      this.start(line);
      line.waiting.shift()!.go();
    }
    for (const [client, line] of this.lines) {
      this.armHead(line);
      this.forget(client, line);
    }
  }

  /** A line with nothing under way, waiting or deferring is gone. */
  private forget(client: string, line: Line): void {
    if (line.running === 0 && line.waiting.length === 0 && !line.held && line.rendering.size === 0) this.lines.delete(client);
  }

  /** Whether a client other than `client` is busy: a short line's job under way, or one ended just now. */
  private othersBusy(client: string): boolean {
    return this.shortLineUnderWay(client) || this.anticipated(client) > 0;
  }

  /** Whether a client other than `client` with fewer than `deferAt` jobs waiting has one under way. */
  private shortLineUnderWay(client: string): boolean {
    for (const [other, line] of this.lines) if (other !== client && line.running > 0 && !this.long(line)) return true;
    return false;
  }

  /** How long (ms) another client's next request is still expected after its short line's job ended. */
  private anticipated(client: string): number {
    const last = this.lastShortEnd;
    return last && last.client !== client ? Math.max(0, last.at + this.anticipateMs - Date.now()) : 0;
  }

  private hold(line: Line): void {
    line.held = setTimeout(() => this.release(line), this.holdMs);
    line.held.unref?.();
  }

  private release(line: Line): void {
    if (!line.held) return;
    clearTimeout(line.held);
    line.held = undefined;
    this.dispatch();
  }
}

/** The machine's share of a kind of work (`FairLines`'s last argument). */
export interface Admission {
  /** Jobs under way at once over all clients. */
  capacity?: number;
  /** The longest a job waits for the room before it is turned away (503 with Retry-After); a wait behind its client's own jobs does not count. */
  maxWaitMs?: number;
}

interface Waiter {
  go: () => void;
  /** Starts the wait that counts toward `maxWaitMs` (once; absent when there is no bound or it has started). */
  arm?: () => void;
  timer?: ReturnType<typeof setTimeout>;
}

interface Line {
  running: number;
  waiting: Waiter[];
  /** set while the line defers to short lines: the timer that ends the wait at the latest */
  held?: ReturnType<typeof setTimeout>;
  /** renders of its jobs waiting for the other clients (`turnToRender`) */
  rendering: Set<() => void>;
}

/** Jobs waiting from which a client's line counts as long (it defers to short ones): a browser's few parallel requests stay below it. */
export const DEFER_AT = 4;
/** The longest a long line defers to short ones before its next job starts anyway. */
export const HOLD_MS = 2000;
/** How long after a short line's job ends its client's next request is expected (long lines wait for it). */
export const ANTICIPATE_MS = 50;

/** Pages a client may have rendered at once (one: its page and series then never hold more than one turn of the series workers); more wait in its line. */
export const PAGES_PER_CLIENT = 1;
/** Pages a client may have waiting to be rendered; more are refused (429). */
export const PAGE_CLIENT_QUEUE = 16;
/**
 * The machine's share of page renders: four at once over all clients, and none waits more than a second
 * for its turn. Past that the portal is over its
 * capacity, and a 503 with `Retry-After` at once serves the client better than an answer half a minute
 * later (bench/README.md, "Overload").
 */
export const MAIN_THREAD_ADMISSION: Admission = { capacity: 4, maxWaitMs: 1000 };
/**
 * The share of gridded fields computed or painted (a field nothing was kept of costs 0.1-3 s of the main
 * thread): two at once, in lines of their own, so that slow fields never hold the room pages need.
 */
export const GRID_ADMISSION: Admission = { capacity: 2, maxWaitMs: 1000 };

/** Seconds a client turned away is asked to wait before it asks again. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

/** Whether a request wants a JSON answer (API paths, Remix data requests, an Accept naming JSON). */
export const wantsJson = (req: Request) => req.path.startsWith("/api/") || (req.get("accept") ?? "").includes("application/json") || req.query._data !== undefined;

/** Lines of `perClient` jobs under way and `queuePerClient` waiting per client, within `admission`, deferring as `FairLines` does by default. */
export const admittedLines = (perClient: number, queuePerClient: number, admission: Admission) =>
  new FairLines(perClient, queuePerClient, DEFER_AT, HOLD_MS, ANTICIPATE_MS, admission);

/** The lines of an app's pages (`MAIN_THREAD_ADMISSION`), or of its gridded fields (`GRID_ADMISSION`). */
export const mainThreadLines = (admission = MAIN_THREAD_ADMISSION) => admittedLines(PAGES_PER_CLIENT, PAGE_CLIENT_QUEUE, admission);

/**
 * Requests that reach the page renderer (pages not in the document cache, their loaders' data, resource
 * routes such as the choropleth) take turns per client (`FairLines`): one address with many connections
 * cannot slow the pages of the others; past its line it gets a 429 with `Retry-After`, and past the
 * machine's share (`MAIN_THREAD_ADMISSION`) a 503 with `Retry-After`.
 */
export function fairPageTurns(lines = mainThreadLines()) {
  return function fairPageTurnsMiddleware(req: Request, res: Response, next: NextFunction) {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const client = req.ip ?? req.socket.remoteAddress ?? "";
    const turn = lines.take(client);
    if (!turn) {
      res.setHeader("Retry-After", "1");
      return sendPlainError(res, 429, "Too many requests", `You have ${lines.limit} pages being prepared or waiting; ask again when some have arrived.`, wantsJson(req));
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
    void turn.then((go) => {
      if (!go) {
        if (res.writableEnded || res.destroyed) return;
        res.setHeader("Retry-After", String(BUSY_RETRY_AFTER_SECONDS));
        return sendPlainError(res, 503, "The portal is busy", "Many people are asking for pages at this moment. Ask again in a few seconds.", wantsJson(req));
      }
      granted = true;
      // a client that went away while waiting passes its turn on at once
      if (res.writableEnded || res.destroyed || req.destroyed) return end();
      // the page's series are computed in this client's line of the series workers; its render waits
      // its turn on the main thread (the load context's `renderTurn`, awaited by the document renderer)
      res.locals.renderTurn = () => lines.turnToRender(client);
      forClient(client, next, lines.isLong(client));
    });
  };
}
