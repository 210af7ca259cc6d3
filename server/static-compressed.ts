import { readdirSync } from "node:fs";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";
import { acceptedEncodings, type ContentEncoding } from "./encoding.server";

/** File name suffix of each encoding's copy (`scripts/precompress.mjs`). */
const SUFFIX: Record<ContentEncoding, string> = { br: ".br", gzip: ".gz" };

/** Content types of the precompressed assets (the type of the original file, not of `.br`/`.gz`). */
const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".wasm": "application/wasm",
};

/** The compressed copies under a folder, as absolute paths; none when the folder is missing. */
function compressedCopies(root: string): Set<string> {
  const suffixes = Object.values(SUFFIX);
  try {
    const files = readdirSync(root, { recursive: true, encoding: "utf8" });
    return new Set(files.filter((f) => suffixes.some((suffix) => f.endsWith(suffix))).map((f) => path.join(root, f)));
  } catch {
    return new Set();
  }
}

/**
 * Serves the brotli or gzip copy of a hashed asset that `scripts/precompress.mjs` wrote at build time,
 * when the request accepts it: the original's Content-Type, `Content-Encoding`, `Vary: Accept-Encoding`
 * and the given Cache-Control. Anything else (no copy, not accepted, a range request) falls through to
 * the plain static handler. The copies are listed once, when the server starts (the build output does not
 * change under a running server), so a request costs no file system lookup and no path a client makes up
 * is remembered.
 */
export function precompressedAssets(dir: string, cacheControl: string) {
  const root = path.resolve(dir);
  const copies = compressedCopies(root);

  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.headers.range) return next();
    const type = TYPES[path.extname(req.path)];
    if (!type) return next();
    let relative: string;
    try {
      relative = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = path.join(root, relative);
    if (!file.startsWith(root + path.sep)) return next();
    const encoding = acceptedEncodings(req.headers["accept-encoding"]).find((e) => copies.has(file + SUFFIX[e]));
    res.vary("Accept-Encoding");
    if (!encoding) return next();
    const copy = file + SUFFIX[encoding];
    res.setHeader("Content-Type", type);
    res.setHeader("Content-Encoding", encoding);
    res.setHeader("Cache-Control", cacheControl);
    res.sendFile(copy, { headers: { "Cache-Control": cacheControl }, cacheControl: false, lastModified: true, etag: true }, (error) => {
      if (error && !res.headersSent) {
        copies.delete(copy);
        res.removeHeader("Content-Encoding");
        res.removeHeader("Content-Type");
        next();
      }
    });
  };
}
