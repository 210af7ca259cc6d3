import { jsonError } from "./responses.server";

/**
 * Request headers passed to the upstream API: what describes the wanted answer, nothing that identifies or
 * authorises the client (cookies, Authorization, API keys) and no forwarding headers the client made up.
 */
const FORWARDED_REQUEST_HEADERS = new Set([
  "accept",
  "accept-language",
  "content-type",
  "if-match",
  "if-none-match",
  "if-modified-since",
  "if-unmodified-since",
  "if-range",
  "range",
  "user-agent",
]);

/**
 * Response headers passed back: what describes the body. Never headers that act on the browser or on
 * caches in the portal's name (Refresh, Set-Cookie, CORS, HSTS, frame or content-security policies,
 * Server); Cache-Control and Location are rewritten (see `relayedCacheControl` and `relayedLocation`). The
 * body is re-encoded by the portal's own compression, so no Content-Encoding or Content-Length either.
 */
const RELAYED_RESPONSE_HEADERS = new Set([
  "content-type",
  "content-language",
  "content-disposition",
  "content-range",
  "accept-ranges",
  "etag",
  "last-modified",
  "retry-after",
  "vary",
]);

/** Longest time a browser may keep an upstream answer; shared caches never may. */
export const UPSTREAM_MAX_AGE = 300;

/** The upstream's Cache-Control as the portal passes it on: private, at most UPSTREAM_MAX_AGE seconds. */
export function relayedCacheControl(value: string | null): string {
  const directives = (value ?? "").toLowerCase();
  if (!value || /(^|[,\s])no-store\b/.test(directives)) return "no-store";
  const maxAge = Number(/(?:^|[,\s])max-age\s*=\s*"?(\d+)/.exec(directives)?.[1] ?? 0);
  const seconds = Math.min(maxAge, UPSTREAM_MAX_AGE);
  return seconds > 0 ? `private, max-age=${seconds}` : "no-cache";
}

/**
 * The upstream's Location as the portal passes it on: only with a redirect or 201, only a path on the
 * upstream (which the client reaches under /api), never an absolute URL elsewhere.
 */
export function relayedLocation(status: number, value: string | null): string | undefined {
  if (!value || !(status === 201 || (status >= 300 && status < 400))) return undefined;
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return undefined;
  return `/api${value}`;
}

/**
 * The media types the upstream API serves, and how each goes on to the browser. JSON (with the `+json`
 * types such as GeoJSON), CSV and raster images are data a browser shows as text or as a picture: passed
 * as they come. SVG can carry script, and NetCDF files and zip packs are files to keep: they go out as an
 * attachment, so that opening their address downloads them instead of showing them on the portal's origin.
 * `application/octet-stream` passes only when the upstream itself sends it as an attachment (a download).
 * Anything else (HTML above all, which a `<script src="/api/...">` or a link would have the browser run or
 * show as the portal's own) is refused.
 */
const RELAYED_MEDIA_TYPES = new Map<string, "as-sent" | "attachment">([
  ["application/json", "as-sent"],
  ["text/csv", "as-sent"],
  ["image/png", "as-sent"],
  ["image/jpeg", "as-sent"],
  ["image/gif", "as-sent"],
  ["image/webp", "as-sent"],
  ["image/avif", "as-sent"],
  ["image/svg+xml", "attachment"],
  ["application/x-netcdf", "attachment"],
  ["application/netcdf", "attachment"],
  ["application/zip", "attachment"],
]);

const isAttachment = (disposition: string | null): disposition is string => disposition !== null && /^\s*attachment\s*(;|$)/i.test(disposition);

/**
 * How the body of an upstream answer goes on: the Content-Disposition to send (undefined: the upstream's
 * own, if any), or the media type refused ("none" when the answer names none). An answer without a body
 * (204, 205, 304, or Content-Length 0) has nothing to check.
 */
export function relayedBody(status: number, headers: Headers): { disposition?: string } | { refused: string } {
  if (status === 204 || status === 205 || status === 304 || headers.get("content-length") === "0") return {};
  const mediaType = (headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  const disposition = headers.get("content-disposition");
  const relay = /^application\/[a-z0-9.-]+\+json$/.test(mediaType) ? "as-sent" : RELAYED_MEDIA_TYPES.get(mediaType);
  if (relay === "as-sent") return {};
  if (relay === "attachment") return { disposition: isAttachment(disposition) ? disposition : "attachment" };
  if (mediaType === "application/octet-stream" && isAttachment(disposition)) return {};
  return { refused: mediaType || "none" };
}

/** A redirect from the upstream: every 3xx but 304 (Not Modified, the answer to a conditional request). */
const isRedirect = (status: number) => status >= 300 && status < 400 && status !== 304;

/** The upstream URL for an /api path: the part after /api is appended to the upstream base. */
export function upstreamUrl(base: string, requestUrl: string): string {
  const url = new URL(requestUrl);
  const rest = url.pathname.replace(/^\/api(?=\/|$)/, "");
  return base.replace(/\/+$/, "") + rest + url.search;
}

/**
 * The body of an upstream answer, passed on as it arrives; when the upstream sends nothing for `timeoutMs`
 * while more is wanted, the upstream request is aborted and the body ends in an error, so the client's
 * connection is closed (the status has gone out already) instead of being held open for ever. The clock
 * runs only while the client is waiting: a slow reader never trips it.
 */
function withStallTimeout(body: ReadableStream<Uint8Array>, timeoutMs: number, abort: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let timer: NodeJS.Timeout | undefined;
      const stalled = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`The upstream API sent nothing for ${timeoutMs / 1000} s`)), timeoutMs);
      });
      try {
        const { done, value } = await Promise.race([reader.read(), stalled]);
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        abort();
        controller.error(error);
      } finally {
        clearTimeout(timer);
      }
    },
    cancel(reason) {
      abort();
      return reader.cancel(reason);
    },
  });
}

/**
 * Forwards a request to the upstream API and streams its answer back, with the headers of each direction
 * through an allow-list and X-Forwarded-For set from the real client address, and a sandbox policy on what
 * comes back. No answer (headers) within the timeout is a 504; a refused or broken connection, a media type
 * the API does not serve (`relayedBody`) and a redirect away from the upstream are 502s; all in the portal's
 * JSON error shape. An answer that stops mid-body for as long as the timeout is cut off there.
 */
export async function forwardToUpstream(request: Request, base: string, timeoutMs: number, clientAddress: string): Promise<Response> {
  const target = upstreamUrl(base, request.url);
  const headers = new Headers();
  request.headers.forEach((value, key) => {
    if (FORWARDED_REQUEST_HEADERS.has(key.toLowerCase())) headers.set(key, value);
  });
  // The client as the portal sees it (TRUST_PROXY decides which proxies' X-Forwarded-For to believe).
  if (clientAddress) headers.set("X-Forwarded-For", clientAddress.replace(/^::ffff:/, ""));
  headers.set("X-Forwarded-Proto", new URL(request.url).protocol.replace(/:$/, ""));
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const abortWithClient = () => controller.abort();
  request.signal.addEventListener("abort", abortWithClient);
  try {
    const hasBody = !["GET", "HEAD"].includes(request.method);
    const upstream = await fetch(target, {
      method: request.method,
      headers,
      body: hasBody ? request.body : undefined,
      redirect: "manual",
      signal: controller.signal,
      ...(hasBody ? { duplex: "half" } : {}),
    } as RequestInit);
    clearTimeout(timer);
    const location = relayedLocation(upstream.status, upstream.headers.get("location"));
    const redirect = isRedirect(upstream.status);
    const discardBody = () => upstream.body?.cancel().catch(() => undefined);
    // Never followed: a redirect to a path on the upstream goes to the browser as one under /api (where the
    // pass-through answers again); one elsewhere, or naming no place, is the upstream's fault.
    if (redirect && !location) {
      await discardBody();
      const to = upstream.headers.get("location");
      return jsonError(502, `The upstream API answered with a redirect (${upstream.status}${to ? ` to ${to}` : " without a Location"}), which the portal does not follow`, {
        details: { status: upstream.status, location: to },
      });
    }
    const relay: ReturnType<typeof relayedBody> = redirect ? {} : relayedBody(upstream.status, upstream.headers);
    if ("refused" in relay) {
      await discardBody();
      return jsonError(502, `The upstream API answered with media type ${relay.refused}, which the portal does not pass on`, {
        details: { status: upstream.status, mediaType: relay.refused },
      });
    }
    const responseHeaders = new Headers();
    upstream.headers.forEach((value, key) => {
      if (RELAYED_RESPONSE_HEADERS.has(key.toLowerCase())) responseHeaders.set(key, value);
    });
    responseHeaders.set("Cache-Control", relayedCacheControl(upstream.headers.get("cache-control")));
    if (location) responseHeaders.set("Location", location);
    if (relay.disposition) responseHeaders.set("Content-Disposition", relay.disposition);
    // Whatever the upstream sends runs no script and opens nothing in the portal's name, even opened
    // directly: a sandbox policy beside the portal's own (both apply). X-Content-Type-Options: nosniff, so
    // that no browser takes the body for another type, is on every answer of the portal already
    // (`securityHeaders`); setting it here too would send it twice.
    responseHeaders.set("Content-Security-Policy", "sandbox");
    // a redirect's body is for browsers that do not follow it; the portal sends none
    if (redirect) await discardBody();
    const body = redirect ? null : upstream.body && withStallTimeout(upstream.body, timeoutMs, () => controller.abort());
    return new Response(body, { status: upstream.status, headers: responseHeaders });
  } catch {
    clearTimeout(timer);
    if (controller.signal.aborted && !request.signal.aborted) {
      return jsonError(504, `The upstream API did not answer within ${timeoutMs / 1000} s`);
    }
    return jsonError(502, "The upstream API could not be reached");
  } finally {
    request.signal.removeEventListener("abort", abortWithClient);
  }
}
