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
 * Forwards a request to the upstream API and streams its answer back. No answer (headers) within the
 * timeout is a 504; a refused or broken connection is a 502; both in the portal's JSON error shape. An
 * answer that stops mid-body for as long as the timeout is cut off there.
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
