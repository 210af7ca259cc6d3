import type { NextFunction, Request, Response } from "express";
import { isbot } from "isbot";
import { REUSABLE_HEADER } from "../app/lib/document-reuse";
import { readPreferences } from "../app/features/preferences/read";
import { LruCache } from "./series/lru";

/**
 * Rendered documents kept for reuse: a page is the same for the same address, the same preferences
 * (read from the cookies as the page reads them, so a tampered cookie shares the defaults' entry) and the
 * same data, except for its Content-Security-Policy nonce. The nonce is cut out when a document is kept and
 * a fresh one (this response's, from `securityHeaders`) is put back on every reuse, so no two responses
 * share a nonce.
 *
 * Only what the renderer marks reusable is kept (`REUSABLE_HEADER`, set by `app/entry.server.tsx` for a
 * 200 document of routes without per-request content such as the forms' fill tokens), never a response
 * that sets a cookie, never an error page, and at most `ttlMs` old.
 */

/** Says on each document whether it was rendered now (`miss`) or reused (`hit`). */
export const CACHE_STATUS_HEADER = "X-Document-Cache";

/** Headers a kept document does not carry over: per-response ones, and what compression sets again. */
const NOT_KEPT = new Set([
  REUSABLE_HEADER,
  "content-security-policy",
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
}

/** The key of a document request, or undefined when the request is not one the cache answers. */
export function documentKey(req: Pick<Request, "method" | "originalUrl" | "get">, version: string): string | undefined {
  if (req.method !== "GET") return undefined;
  const url = req.originalUrl;
  if (url.startsWith("/api/") || url.startsWith("/build/") || /[?&]_data=/.test(url)) return undefined;
  const bot = isbot(req.get("user-agent") ?? "") ? "bot" : "browser";
  return `${version}\n${bot}\n${JSON.stringify(readPreferences(req.get("cookie")))}\n${url}`;
}

export function documentCache({ maxBytes, ttlMs, version, now = Date.now }: DocumentCacheOptions) {
  const kept = new LruCache<string, KeptDocument>(maxBytes, (d) => d.bytes + 256, "rendered pages (bytes)");
  return function documentCacheMiddleware(req: Request, res: Response, next: NextFunction) {
    if (maxBytes <= 0) return next();
    const at = version();
    const key = documentKey(req, at);
    const nonce: string | undefined = res.locals.cspNonce;
    if (!key || !nonce) return next();

    const hit = kept.get(key);
    if (hit && hit.expires > now()) {
      for (const [name, value] of hit.headers) res.setHeader(name, value);
      res.setHeader(CACHE_STATUS_HEADER, "hit");
      res.status(200).send(hit.parts.join(nonce));
      return;
    }

    // a miss: let the renderer answer, and keep what it sent if it says the document may be reused
    // undecided until the head is written (the first write writes it, after this layer saw the chunk)
    let reusable: boolean | undefined;
    let headers: KeptDocument["headers"] = [];
    const chunks: Buffer[] = [];
    let bytes = 0;
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: unknown[]) {
      reusable = res.getHeader(REUSABLE_HEADER) === "1" && res.statusCode === 200 && !res.hasHeader("set-cookie");
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
      kept.set(key, { parts: html.split(nonce), headers, bytes: html.length * 2, expires: now() + ttlMs });
    });
    next();
  };
}
