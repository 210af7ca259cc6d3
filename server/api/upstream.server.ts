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
 * through an allow-list and X-Forwarded-For set from the real client address. No answer (headers) within the
 * timeout is a 504; a refused or broken connection is a 502; both in the portal's JSON error shape. An
 * answer that stops mid-body for as long as the timeout is cut off there.
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
    const responseHeaders = new Headers();
    upstream.headers.forEach((value, key) => {
      if (RELAYED_RESPONSE_HEADERS.has(key.toLowerCase())) responseHeaders.set(key, value);
    });
    responseHeaders.set("Cache-Control", relayedCacheControl(upstream.headers.get("cache-control")));
    const location = relayedLocation(upstream.status, upstream.headers.get("location"));
    if (location) responseHeaders.set("Location", location);
    const body = upstream.body && withStallTimeout(upstream.body, timeoutMs, () => controller.abort());
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
