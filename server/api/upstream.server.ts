import { jsonError } from "./responses.server";

/** Request headers that describe this hop, not the request; never forwarded. */
const HOP_HEADERS = new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "host",
  "cookie",
  "content-length",
  "accept-encoding",
]);

/** Response headers we do not pass back (the body is re-encoded by our own compression). */
const DROPPED_RESPONSE_HEADERS = new Set(["connection", "keep-alive", "transfer-encoding", "content-encoding", "content-length", "set-cookie"]);

/** The upstream URL for an /api path: the part after /api is appended to the upstream base. */
export function upstreamUrl(base: string, requestUrl: string): string {
  const url = new URL(requestUrl);
  const rest = url.pathname.replace(/^\/api(?=\/|$)/, "");
  return base.replace(/\/+$/, "") + rest + url.search;
}

/**
 * Forwards a request to the upstream API and streams its answer back. No answer (headers) within the
 * timeout is a 504; a refused or broken connection is a 502; both in the portal's JSON error shape.
 */
export async function forwardToUpstream(request: Request, base: string, timeoutMs: number): Promise<Response> {
  const target = upstreamUrl(base, request.url);
  const headers = new Headers();
  request.headers.forEach((value, key) => {
    if (!HOP_HEADERS.has(key.toLowerCase())) headers.set(key, value);
  });
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
      if (!DROPPED_RESPONSE_HEADERS.has(key.toLowerCase())) responseHeaders.set(key, value);
    });
    return new Response(upstream.body, { status: upstream.status, headers: responseHeaders });
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
