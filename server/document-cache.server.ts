import { createHash } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { isbot } from "isbot";
import { canonicalAddress } from "../app/features/navigation/page-parameters";
import { REUSABLE_HEADER } from "../app/lib/document-reuse";
import { readPreferences } from "../app/features/preferences/read";
import { LruCache } from "./series/lru";

/**
 * Rendered documents kept for reuse: a page is the same for the same origin (the address its absolute URLs
 * name, `res.locals.origin`: PUBLIC_URL or the request's, `server/request-origin.server.ts`), the same
 * address without the parameters no page reads (`canonicalAddress`: a document request is rendered as that
 * address, so a junk parameter shares its page's entry), the same preferences (read from the cookies as the
 * page reads them, so a tampered cookie shares the defaults' entry) and the same data, except for its
 * Content-Security-Policy nonce. The nonce is cut out when a document is kept and
 * a fresh one (this response's, from `securityHeaders`) is put back on every reuse, so no two responses
 * share a nonce.
 *
 * Only what the renderer marks reusable is kept (`REUSABLE_HEADER`, set by `app/entry.server.tsx` for a
 * 200 document of routes without per-request content such as the forms' fill tokens), never a response
 * that sets a cookie, never an error page, and at most `ttlMs` old. Headers that depend on the request
 * rather than the page (HSTS, which only answers over TLS carry) are never kept: each response has its own.
 *
 * A document is kept only when its address is asked for a second time within `ADMISSION_WINDOW_MS`
 * (a small bounded set remembers the addresses asked for once), so a stream of addresses each asked
 * for once (a crawler's, or junk) cannot push out the pages people come back to.
 *
 * Only pages asked for one of the portal's own hosts are kept (`res.locals.ownHost`: ALLOWED_HOSTS,
 * `ownHosts` in `server/request-origin.server.ts`). Without PUBLIC_URL each host is an origin of its own,
 * and a client can name as many as it likes (`Host: a1.example`, `a2.example`, ... or any port), each
 * asked for twice: those are rendered every time, never kept nor remembered for admission, so they can
 * neither push out the portal's own pages nor the addresses waiting for their second request. With
 * PUBLIC_URL every host shares the public address's pages, which a request for any host may reuse.
 */

/** Says on each document whether it was rendered now (`miss`) or reused (`hit`). */
export const CACHE_STATUS_HEADER = "X-Document-Cache";

/** Headers a kept document does not carry over: per-response ones, and what compression sets again. */
const NOT_KEPT = new Set([
  REUSABLE_HEADER,
  "content-security-policy",
  "strict-transport-security",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "date",
  "etag",
  "set-cookie",
  "connection",
  "keep-alive",
]);

/** Larger documents are not kept (none of the portal's is near it). */
const MAX_DOCUMENT_BYTES = 4 * 1024 * 1024;

/** A document is kept when its address is asked for again within this time... */
export const ADMISSION_WINDOW_MS = 10 * 60_000;
/** ...and so many addresses asked for once are remembered (a hash each: about 100 bytes apiece). */
export const ADMISSION_CANDIDATES = 4096;

/**
 * Addresses asked for once, oldest first, by their key's hash: bounded in number and in memory however long
 * the addresses a client makes up.
 */
export class AdmissionFilter {
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly windowMs = ADMISSION_WINDOW_MS,
    private readonly capacity = ADMISSION_CANDIDATES,
  ) {}

  /** True when `key` was asked for before within the window (it is then forgotten); else remembers it. */
  admit(key: string, at: number): boolean {
    const id = createHash("sha256").update(key).digest("base64");
    const before = this.seen.get(id);
    this.seen.delete(id);
    if (before !== undefined && at - before <= this.windowMs) return true;
    this.seen.set(id, at);
    if (this.seen.size > this.capacity) this.seen.delete(this.seen.keys().next().value!);
    return false;
  }
}

interface KeptDocument {
  /** The document cut at every occurrence of its nonce. */
  parts: string[];
  headers: [string, string | number | readonly string[]][];
  bytes: number;
  expires: number;
}

export interface DocumentCacheOptions {
  /** Memory for kept documents, bytes; 0 keeps none. */
  maxBytes: number;
  /** How long a document is reused, milliseconds (upstream pages change without the data version). */
  ttlMs: number;
  /** Changes whenever the data behind the pages changes (the series store's version). */
  version: () => string;
  now?: () => number;
  /** How many addresses asked for once are remembered for admission (`ADMISSION_CANDIDATES`). */
  candidates?: number;
}

/** Whether the cache answers a request: a GET of a page (not the API, a build file or a data request). */
export function isDocumentRequest(req: Pick<Request, "method" | "originalUrl">): boolean {
  const url = req.originalUrl;
  return req.method === "GET" && !url.startsWith("/api/") && !url.startsWith("/build/") && !/[?&]_data=/.test(url);
}

/**
 * The key of a document request (`isDocumentRequest`): the data version, the origin the page is rendered
 * for, whether the client is a crawler (it gets the whole document at once), the preferences the page
 * reads and the canonical address.
 */
export function documentKey(req: Pick<Request, "originalUrl" | "get">, version: string, origin: string): string {
  const bot = isbot(req.get("user-agent") ?? "") ? "bot" : "browser";
  return `${version}\n${origin}\n${bot}\n${JSON.stringify(readPreferences(req.get("cookie")))}\n${canonicalAddress(req.originalUrl)}`;
}

export function documentCache({ maxBytes, ttlMs, version, now = Date.now, candidates = ADMISSION_CANDIDATES }: DocumentCacheOptions) {
  const kept = new LruCache<string, KeptDocument>(maxBytes, (d) => d.bytes + 256, "rendered pages (bytes)");
  const admission = new AdmissionFilter(ADMISSION_WINDOW_MS, candidates);
  return function documentCacheMiddleware(req: Request, res: Response, next: NextFunction) {
    if (!isDocumentRequest(req)) return next();
    // the page of the address without unknown parameters, cached or not: no page reads them, and the
    // page must not echo them (a link keeping the current query) into what other visitors are sent
    req.url = req.originalUrl = canonicalAddress(req.originalUrl);
    const nonce: string | undefined = res.locals.cspNonce;
    const origin: string | undefined = res.locals.origin;
    if (maxBytes <= 0 || !nonce || !origin) return next();
    const at = version();
    const key = documentKey(req, at, origin);

    const hit = kept.get(key);
    const expired = hit !== undefined && hit.expires <= now();
    if (hit && !expired) {
      for (const [name, value] of hit.headers) res.setHeader(name, value);
      res.setHeader(CACHE_STATUS_HEADER, "hit");
      res.status(200).send(hit.parts.join(nonce));
      return;
    }

    // a miss: let the renderer answer, and keep what it sent if it says the document may be reused and it
    // was asked for one of the portal's own hosts (any other is neither kept nor counted toward admission);
    // undecided until the head is written (the first write writes it, after this layer saw the chunk)
    const ownHost = res.locals.ownHost === true;
    let reusable: boolean | undefined;
    let headers: KeptDocument["headers"] = [];
    const chunks: Buffer[] = [];
    let bytes = 0;
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: unknown[]) {
      reusable = ownHost && res.getHeader(REUSABLE_HEADER) === "1" && res.statusCode === 200 && !res.hasHeader("set-cookie");
      res.removeHeader(REUSABLE_HEADER);
      if (!reusable) chunks.length = 0;
      if (reusable) headers = Object.entries(res.getHeaders()).filter(([name, v]) => !NOT_KEPT.has(name) && v !== undefined) as KeptDocument["headers"];
      res.setHeader(CACHE_STATUS_HEADER, "miss");
      return (writeHead as (...a: unknown[]) => Response).apply(this, args);
    } as Response["writeHead"];
    const capture = (chunk: unknown, encoding?: unknown) => {
      if (reusable === false || chunk === undefined || chunk === null || typeof chunk === "function") return;
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === "string"
          ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
          : Buffer.from(chunk as Uint8Array);
      bytes += buffer.length;
      if (bytes > MAX_DOCUMENT_BYTES) {
        reusable = false;
        chunks.length = 0;
        return;
      }
      chunks.push(buffer);
    };
    const write = res.write;
    const end = res.end;
    res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
      capture(chunk, rest[0]);
      return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
    } as Response["write"];
    res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
      capture(chunk, rest[0]);
      return (end as (...a: unknown[]) => Response).call(this, chunk, ...rest);
    } as Response["end"];
    res.on("finish", () => {
      if (!reusable || res.statusCode !== 200) return;
      // the data moved to a new version while the page was rendered: it may show some of each, keep none
      if (version() !== at) return;
      const html = Buffer.concat(chunks).toString("utf8");
      if (!html.trimEnd().endsWith("</html>")) return;
      // a page whose kept document just expired is asked for again: keep its new one at once
      if (!expired && !admission.admit(key, now())) return;
      kept.set(key, { parts: html.split(nonce), headers, bytes: html.length * 2, expires: now() + ttlMs });
    });
    next();
  };
}
