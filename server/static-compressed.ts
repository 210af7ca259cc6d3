import { existsSync } from "node:fs";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";

const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

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

/** Which encodings a request accepts (q=0 refuses one). */
function accepted(header: string | undefined): Set<string> {
  const out = new Set<string>();
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (name && !(q && Number(q.slice(2)) === 0)) out.add(name);
  }
  return out;
}

/**
 * Serves the brotli or gzip copy of a hashed asset that `scripts/precompress.mjs` wrote at build time,
 * when the request accepts it: the original's Content-Type, `Content-Encoding`, `Vary: Accept-Encoding`
 * and the given Cache-Control. Anything else (no copy, not accepted, a range request) falls through to
 * the plain static handler. Whether a copy exists is looked up once per file.
 */
export function precompressedAssets(dir: string, cacheControl: string) {
  const root = path.resolve(dir);
  const known = new Map<string, boolean>();
  const has = (file: string) => {
    let found = known.get(file);
    if (found === undefined) {
      found = existsSync(file);
      known.set(file, found);
    }
    return found;
  };

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
    const accepts = accepted(req.headers["accept-encoding"]);
    const encoding = ENCODINGS.find((e) => accepts.has(e.name) && has(file + e.suffix));
    res.vary("Accept-Encoding");
    if (!encoding) return next();
    res.setHeader("Content-Type", type);
    res.setHeader("Content-Encoding", encoding.name);
    res.setHeader("Cache-Control", cacheControl);
    res.sendFile(file + encoding.suffix, { headers: { "Cache-Control": cacheControl }, cacheControl: false, lastModified: true, etag: true }, (error) => {
      if (error && !res.headersSent) {
        known.delete(file + encoding.suffix);
        res.removeHeader("Content-Encoding");
        res.removeHeader("Content-Type");
        next();
      }
    });
  };
}
