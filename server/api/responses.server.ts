import * as z from "zod";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { preferredEncoding, type ContentEncoding } from "../encoding.server";
import type { PreparedJson } from "../services/reference.server";
import { BUSY_RETRY_AFTER_SECONDS, type FairLines } from "../fair-lines.server";
import { SAMPLE_DATA_HEADER } from "../../app/store/contract";

export const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

/** An HTTP answer as plain values, for code that serves both Remix routes and Express handlers. */
export interface PlainAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | Uint8Array<ArrayBuffer> | null;
}

export const toResponse = ({ status, headers, body }: PlainAnswer): Response => new Response(body, { status, headers });

/** The request headers a cached answer depends on. */
export interface RequestHeaders {
  ifNoneMatch: string | null;
  acceptEncoding: string | null;
  /** The client's address (behind a trusted proxy, the one it reports), where the caller knows it. */
  client?: string;
}

export const requestHeaders = (request: Request, client?: string): RequestHeaders => ({
  ifNoneMatch: request.headers.get("If-None-Match"),
  acceptEncoding: request.headers.get("Accept-Encoding"),
  client,
});

/**
 * Express middleware that sends the plain answers of some paths (GET and HEAD only) ahead of the page
 * handler; other requests go on. `answer` returns undefined for a path it does not serve.
 */
export function plainAnswers(answer: (path: string, url: string, headers: RequestHeaders) => PlainAnswer | Promise<PlainAnswer> | undefined) {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const headers = { ifNoneMatch: req.headers["if-none-match"] ?? null, acceptEncoding: req.headers["accept-encoding"] ?? null, client: req.ip ?? req.socket.remoteAddress };
    const pending = answer(req.path, req.originalUrl, headers);
    if (!pending) return next();
    Promise.resolve(pending)
      .then(({ status, headers: sent, body }) => {
        res.status(status).set(sent);
        res.end(req.method === "HEAD" || body === null ? undefined : body);
      })
      .catch(next);
  };
}

/** The one error shape of the portal, as a schema (the API description and the tests use it). */
export const apiErrorSchema = z.strictObject({
  error: z.strictObject({
    status: z.number().int().min(400).max(599).describe("The HTTP status again."),
    message: z.string().min(1).describe("What went wrong, in a sentence."),
    details: z.unknown().optional().describe("Machine-readable details; for a 400, the parameter at fault (`field`) and what it accepts (`allowed`)."),
  }),
});

/** `details` of a 400 for a bad parameter: the parameter, what it accepts (values or a range) and the value sent. */
export const fieldProblemSchema = z.looseObject({
  field: z.string().describe("The parameter at fault."),
  allowed: z
    .union([z.array(z.string()), z.strictObject({ min: z.number(), max: z.number() })])
    .optional()
    .describe("The values the parameter accepts, or the range of numbers."),
  value: z.string().optional().describe("The value that was sent."),
});

/** The one error shape of the portal, `{ "error": { "status", "message", "details"? } }`, as plain values. */
export function errorAnswer(
  status: number,
  message: string,
  options: { details?: unknown; headers?: Record<string, string> } = {},
): PlainAnswer {
  const error: { status: number; message: string; details?: unknown } = { status, message };
  if (options.details !== undefined) error.details = options.details;
  return {
    status,
    headers: { "Content-Type": JSON_CONTENT_TYPE, "Cache-Control": "no-store", ...options.headers },
    body: JSON.stringify({ error }),
  };
}

/** The one error shape of the portal as a Response. */
export function jsonError(status: number, message: string, options: { details?: unknown; headers?: Record<string, string> } = {}): Response {
  return toResponse(errorAnswer(status, message, options));
}

export const ALLOWED_METHODS = "GET, HEAD";

/** Answer for any method other than GET and HEAD on a read-only endpoint. */
export function methodNotAllowed({ request }: { request: Request }): Response {
  return jsonError(405, `Method ${request.method} is not allowed here`, { headers: { Allow: ALLOWED_METHODS } });
}

/** True when an If-None-Match header value names this ETag (or is `*`). */
export function etagMatchesHeader(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === "*" || tag === etag);
}

/**
 * A prepared JSON body with its ETag: 304 when the client already has it, else the body; compressed with
 * `encode` (the caller keeps each compressed copy) when given and the client accepts brotli or gzip.
 * `headers` come with either answer and may replace the JSON Content-Type.
 */
export function preparedAnswer(
  prepared: PreparedJson,
  request: RequestHeaders,
  headers: Record<string, string>,
  encode?: (encoding: ContentEncoding) => Uint8Array<ArrayBuffer>,
): PlainAnswer {
  const common = { ETag: prepared.etag, ...headers };
  if (etagMatchesHeader(request.ifNoneMatch, prepared.etag)) return { status: 304, headers: common, body: null };
  const sent = { "Content-Type": JSON_CONTENT_TYPE, ...common };
  const encoding = encode && preferredEncoding(request.acceptEncoding);
  if (!encoding) return { status: 200, headers: sent, body: prepared.body };
  const body = encode(encoding);
  return { status: 200, headers: { ...sent, "Content-Encoding": encoding, "Content-Length": String(body.length) }, body };
}

/** A prepared JSON body with its ETag, or 304 when the client already has it, as a Response. */
export function cachedJson(request: Request, prepared: PreparedJson, headers: Record<string, string>): Response {
  return toResponse(preparedAnswer(prepared, requestHeaders(request), headers));
}

/**
 * `cachedJson` with its cache lifetime, `X-Sample-Data` when any of the answer is generated sample data, and
 * `vary` as its `Vary` when the body depends on request headers (`ORIGIN_VARY`: an address taken from them).
 */
export function cachedJsonOf(request: Request, prepared: PreparedJson, cacheControl: string, sample: boolean, vary?: string): Response {
  return cachedJson(request, prepared, {
    "Cache-Control": cacheControl,
    ...(sample ? { [SAMPLE_DATA_HEADER]: "true" } : {}),
    ...(vary ? { Vary: vary } : {}),
  });
}

/**
 * A turn in `lines` for a computation of `client`'s (`what`: what it computes, for the messages): the
 * function that ends it, or the answer when there is none: 429 when the client's own line is full, 503
 * when the machine's share was taken for as long as the job may wait (`Admission.maxWaitMs`).
 */
export async function computeTurn(lines: FairLines, client: string, what: string): Promise<{ end: () => void } | PlainAnswer> {
  const turn = lines.take(client);
  if (!turn) {
    return errorAnswer(429, `Too many ${what} are waiting to be computed for you (${lines.limit}); ask again when some have arrived`, {
      headers: { "Retry-After": "1" },
      details: { limit: lines.limit },
    });
  }
  if (!(await turn)) {
    return errorAnswer(503, `The portal is busy computing ${what} for others; ask again in a moment`, { headers: { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) } });
  }
  return { end: () => lines.end(client) };
}
