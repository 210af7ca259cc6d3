import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { API_LIST_NAMES, API_LISTS, REFERENCE_CACHE_CONTROL, SAMPLE_DATA_HEADER, type ApiListName } from "../../app/store/contract";
import type { PreparedJson, ReferenceService } from "../services/reference.server";
import { etagMatchesHeader, JSON_CONTENT_TYPE } from "./responses.server";
import { preferredEncoding } from "./series.server";

type Encoding = "br" | "gzip";

/**
 * The ten reference lists of the /api contract answered by Express before the Remix handler: the same
 * bodies, headers, ETags and 304s as their resource routes (`listLoader`), compressed once (brotli or gzip)
 * instead of on every request. The lists never change while the server runs, so under load these
 * endpoints cost little more than sending bytes (bench/throughput.mjs). Other methods, other paths and
 * anything unusual fall through to the resource routes, which stay the reference implementation.
 */
export function referenceLists(reference: ReferenceService) {
  const byPath = new Map<string, ApiListName>(API_LIST_NAMES.map((name) => [`/api/${API_LISTS[name].path}`, name]));
  const encoded = new WeakMap<PreparedJson, Partial<Record<Encoding, Buffer>>>();
  const compress = (prepared: PreparedJson, encoding: Encoding): Buffer => {
    let bodies = encoded.get(prepared);
    if (!bodies) encoded.set(prepared, (bodies = {}));
    return (bodies[encoding] ??=
      encoding === "br"
        ? brotliCompressSync(prepared.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } })
        : gzipSync(prepared.body, { level: 9 }));
  };

  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = byPath.get(req.path);
    if (!name) return next();
    const prepared = reference.json(name);
    res.setHeader("Cache-Control", REFERENCE_CACHE_CONTROL);
    if (API_LISTS[name].sample) res.setHeader(SAMPLE_DATA_HEADER, "true");
    res.setHeader("ETag", prepared.etag);
    res.setHeader("Vary", "Accept-Encoding");
    if (etagMatchesHeader(req.headers["if-none-match"], prepared.etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    const encoding = preferredEncoding(req.headers["accept-encoding"] ?? null);
    const body = encoding ? compress(prepared, encoding) : Buffer.from(prepared.body);
    res.statusCode = 200;
    res.setHeader("Content-Type", JSON_CONTENT_TYPE);
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", String(body.length));
    res.end(req.method === "HEAD" ? undefined : body);
  };
}
