import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import path from "node:path";

/**
 * The journal of requests in flight: a process killed by a request (a V8 fatal error, running out of
 * memory: no JavaScript handler runs) is restarted by its supervisor, and the same request, retried by a
 * client or a proxy, can kill it again and again. Each server appends a line to a file when a request
 * begins (`+id method url`) and when it is over (`-id`), synchronously, so that whatever kills the process,
 * the file names the requests it was serving. A clean shutdown (SIGTERM or SIGINT, drained) removes the
 * file; a server that finds one at start-up knows its predecessor stopped without one, logs the requests
 * that were in flight, and counts, in a small JSON file beside it, the consecutive unclean stops each
 * request was in flight at.
 *
 * One journal per server, named by its port, under `data/` of the working directory like the portal's
 * other files (`data/sacap.db`, `data/series.db`, `data/grids`): `data/in-flight-3000.log` and
 * `data/in-flight-3000.restarts.json`. When the file grows past `COMPACT_BYTES` it is rewritten with the
 * requests in flight only. Health checks and the hashed build assets are not written: they cannot kill a
 * server, and they are most of the requests.
 */

/** Longest URL written (and logged); longer ones are cut. */
export const MAX_URL = 512;
/** Size past which the journal is rewritten with the requests in flight only. */
export const COMPACT_BYTES = 1024 * 1024;
/** Requests named in the start-up line about an unclean stop; the rest are counted. */
export const MAX_LOGGED = 20;

/** The journal and the restart counts of the server on `port`. */
export function journalFiles(port: number, dir = "data") {
  return { journal: path.join(dir, `in-flight-${port}.log`), restarts: path.join(dir, `in-flight-${port}.restarts.json`) };
}

/** Whether a request is left out of the journal: health checks and hashed build assets. */
export function unjournaled(url: string): boolean {
  const pathname = url.split("?")[0];
  return pathname === "/healthz" || pathname.startsWith("/build/");
}

/** How a request is named in the journal and the log: `GET /api/...`, the URL cut to `MAX_URL`. */
export const requestName = (method: string, url: string) => `${method} ${url.slice(0, MAX_URL)}`;

/** The requests a journal leaves open (`+id ...` lines without a later `-id`), in the order they began. */
export function openRequests(text: string): string[] {
  const open = new Map<string, string>();
  for (const line of text.split("\n")) {
    if (line.startsWith("+")) {
      const space = line.indexOf(" ");
      if (space > 1) open.set(line.slice(1, space), line.slice(space + 1));
    } else if (line.startsWith("-")) open.delete(line.slice(1));
  }
  return [...open.values()];
}

/**
 * The counts of consecutive unclean stops per request after one more, at which `inFlight` were in flight:
 * a request in flight again counts one more, one that was not drops out.
 */
export function nextRestartCounts(previous: Record<string, number>, inFlight: readonly string[]): Record<string, number> {
  const next: Record<string, number> = {};
  for (const request of new Set(inFlight)) next[request] = (Number.isInteger(previous[request]) ? previous[request] : 0) + 1;
  return next;
}

/** What a server finds at start-up of the one before it on its port. */
export interface PreviousStop {
  /** The previous server stopped without a clean shutdown (its journal was left). */
  unclean: boolean;
  /** The requests in flight when it stopped. */
  inFlight: string[];
  /** Consecutive unclean stops each of those requests was in flight at, this one included. */
  restarts: Record<string, number>;
}

/** The start-up log lines about the previous stop: none after a clean one. */
export function previousStopMessages(previous: PreviousStop, port: number): Record<string, unknown>[] {
  if (!previous.unclean) return [];
  const { inFlight } = previous;
  const more = inFlight.length > MAX_LOGGED ? ` (the first ${MAX_LOGGED} named)` : "";
  const lines: Record<string, unknown>[] = [
    {
      level: "error",
      msg:
        inFlight.length === 0
          ? `the previous server on port ${port} stopped without a clean shutdown, with no request in flight`
          : `the previous server on port ${port} stopped without a clean shutdown, with ${inFlight.length} request${inFlight.length === 1 ? "" : "s"} in flight${more}`,
      requests: inFlight.slice(0, MAX_LOGGED),
    },
  ];
  for (const [request, restarts] of Object.entries(previous.restarts)) {
    if (restarts >= 2) lines.push({ level: "error", msg: `restarted ${restarts} times with this request in flight: ${request}`, request, restarts });
  }
  return lines;
}

/** Reads what the previous server on these files left, and records the restart counts that follow from it. */
export function readPreviousStop(files: { journal: string; restarts: string }): PreviousStop {
  if (!existsSync(files.journal)) return { unclean: false, inFlight: [], restarts: {} };
  const inFlight = openRequests(readFileSync(files.journal, "utf8"));
  let counts: Record<string, number> = {};
  try {
    const parsed: unknown = JSON.parse(readFileSync(files.restarts, "utf8"));
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) counts = parsed as Record<string, number>;
  } catch {
    // none yet, or unreadable: counting starts again
  }
  const restarts = nextRestartCounts(counts, inFlight);
  if (Object.keys(restarts).length > 0) writeFileSync(files.restarts, JSON.stringify(restarts, null, 1) + "\n");
  else rmSync(files.restarts, { force: true });
  return { unclean: true, inFlight, restarts };
}

/** The journal a server writes while it runs (see the top of this file). */
export class RequestJournal {
  private fd: number | undefined;
  private bytes = 0;
  private nextId = 1;
  private readonly open = new Map<number, string>();

  /**
   * Starts an empty journal on `files.journal` (after `readPreviousStop` has read the last one). Throws when
   * the file cannot be written.
   */
  constructor(
    private readonly files: { journal: string; restarts: string },
    private readonly onError: (error: unknown) => void,
    private readonly compactBytes = COMPACT_BYTES,
  ) {
    mkdirSync(path.dirname(files.journal), { recursive: true });
    this.fd = openSync(files.journal, "w");
  }

  /** Records a request's start; the function returned records its end. Undefined for requests not journaled. */
  begin(req: Pick<IncomingMessage, "method" | "url">): (() => void) | undefined {
    const url = req.url ?? "";
    if (this.fd === undefined || unjournaled(url)) return undefined;
    const id = this.nextId++;
    const request = requestName(req.method ?? "GET", url);
    this.open.set(id, request);
    this.write(`+${id} ${request}\n`);
    return () => {
      if (this.open.delete(id)) this.write(`-${id}\n`);
    };
  }

  /** A clean shutdown: the journal and the restart counts are removed, so the next start finds nothing to report. */
  close(): void {
    if (this.fd === undefined) return;
    try {
      closeSync(this.fd);
      this.fd = undefined;
      rmSync(this.files.journal, { force: true });
      rmSync(this.files.restarts, { force: true });
    } catch (error) {
      this.onError(error);
    }
  }

  private write(line: string) {
    if (this.fd === undefined) return;
    try {
      this.bytes += writeSync(this.fd, line);
      if (this.bytes > this.compactBytes) this.compact();
    } catch (error) {
      // a full or read-only disk stops the journal, never the server
      try {
        closeSync(this.fd);
      } catch {
        // already unusable
      }
      this.fd = undefined;
      this.onError(error);
    }
  }

  /** Rewrites the journal with the requests in flight only (a new file renamed over the old one). */
  private compact() {
    const text = [...this.open].map(([id, request]) => `+${id} ${request}\n`).join("");
    const next = `${this.files.journal}.next`;
    writeFileSync(next, text);
    renameSync(next, this.files.journal);
    closeSync(this.fd!);
    this.fd = openSync(this.files.journal, "a");
    this.bytes = Buffer.byteLength(text);
  }
}
