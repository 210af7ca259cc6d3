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
 * Server); Content-Type, Cache-Control and Location are rewritten (see `relayedBody`, `relayedCacheControl`
 * and `relayedLocation`). The body is re-encoded by the portal's own compression, so no Content-Encoding or
 * Content-Length either.
 */
const RELAYED_RESPONSE_HEADERS = new Set([
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
 * A media type as RFC 9110 (section 8.3.1) writes it: `type/subtype`, each a token, then parameters as
 * `;name=value` (spaces or tabs allowed around the `;` only), each value a token or a quoted-string. Type,
 * subtype and parameter names are case-insensitive and come out in lower case; `text` is the type written
 * back in that one canonical form, what the portal sends on in place of the upstream's own header.
 */
export interface MediaType {
  /** `type/subtype`, lower case. */
  essence: string;
  parameters: [name: string, value: string][];
  text: string;
}

/** RFC 9110's token: one or more tchar. */
const TOKEN_CHARS = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
/**
 * RFC 9110's quoted-string, ASCII only: between double quotes, tab, space and the visible characters but
 * `"` and `\`, or a `\` before any of those (a quoted-pair).
 */
const QUOTED_STRING = String.raw`"(?:[\t !#-[\]-~]|\\[\t -~])*"`;
const TOKEN = new RegExp(`^${TOKEN_CHARS}$`);
const TYPE_AND_SUBTYPE = new RegExp(`^(${TOKEN_CHARS})/(${TOKEN_CHARS})`);
/** `OWS ";" OWS [ name "=" ( token / quoted-string ) ]`, matched where the previous one ended. */
const PARAMETER = new RegExp(`[ \\t]*;[ \\t]*(?:(${TOKEN_CHARS})=(${TOKEN_CHARS}|${QUOTED_STRING}))?`, "y");

/** A parameter value as it is written back: a token as it is, anything else as a quoted-string. */
const writtenValue = (value: string) => (TOKEN.test(value) ? value : `"${value.replace(/["\\]/g, "\\$&")}"`);

/**
 * The one media type a Content-Type value names, or undefined when it is anything else. Strict on purpose,
 * because a browser is lenient: it reads `application/json; x=1, text/html` (and two Content-Type headers,
 * which arrive here joined by ", ") as HTML, the last type in the list. So a comma outside a quoted-string,
 * which one media type never holds, refuses the value, as does any character outside the grammar: no
 * spaces around the `/` or the `=`, nothing after the last parameter, and only ASCII (RFC 9110 keeps
 * obs-text, bytes above 0x7F in a quoted-string, for old messages only). A parameter named twice is
 * refused too: RFC 9110 does not say which one counts, and readers differ.
 */
export function parseMediaType(value: string): MediaType | undefined {
  const written = value.replace(/^[ \t]+|[ \t]+$/g, "");
  const head = TYPE_AND_SUBTYPE.exec(written);
  if (!head) return undefined;
  const essence = `${head[1]}/${head[2]}`.toLowerCase();
  const parameters: [string, string][] = [];
  for (let at = head[0].length; at < written.length; at = PARAMETER.lastIndex) {
    PARAMETER.lastIndex = at;
    const parameter = PARAMETER.exec(written);
    if (!parameter) return undefined;
    const [, name, raw] = parameter;
    if (name === undefined) continue; // an empty parameter (`text/csv;` or `;;`) is allowed and says nothing
    const lower = name.toLowerCase();
    if (parameters.some(([seen]) => seen === lower)) return undefined;
    parameters.push([lower, raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, "$1") : raw]);
  }
  const text = [essence, ...parameters.map(([name, parameterValue]) => `${name}=${writtenValue(parameterValue)}`)].join("; ");
  return { essence, parameters, text };
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

/** How a body of type `essence` goes on (see RELAYED_MEDIA_TYPES), or undefined when it does not. */
function relayOf(essence: string, disposition: string | null): "as-sent" | "attachment" | undefined {
  if (/^application\/[a-z0-9.-]+\+json$/.test(essence)) return "as-sent";
  if (essence === "application/octet-stream") return isAttachment(disposition) ? "as-sent" : undefined;
  return RELAYED_MEDIA_TYPES.get(essence);
}

/**
 * How the body of an upstream answer goes on: the Content-Type to send (the parsed type written back, never
 * the upstream's header as it came) and the Content-Disposition (undefined: the upstream's own, if any); or
 * why it does not: the media type refused ("none" when the answer names none), or the Content-Type that is
 * not exactly one media type (`malformed`). An answer without a body (204, 205, 304, or Content-Length 0)
 * has nothing to check, and keeps its Content-Type only when that is one the API serves.
 */
export function relayedBody(status: number, headers: Headers): { contentType?: string; disposition?: string } | { refused: string } | { malformed: string } {
  const declared = headers.get("content-type");
  const mediaType = declared === null ? undefined : parseMediaType(declared);
  const disposition = headers.get("content-disposition");
  const relay = mediaType && relayOf(mediaType.essence, disposition);
  if (status === 204 || status === 205 || status === 304 || headers.get("content-length") === "0") return relay ? { contentType: mediaType.text } : {};
  if (declared !== null && !mediaType) return { malformed: declared };
  if (!relay) return { refused: mediaType?.essence ?? "none" };
  if (relay === "attachment") return { contentType: mediaType.text, disposition: isAttachment(disposition) ? disposition : "attachment" };
  return { contentType: mediaType.text };
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
 * A compressed upstream body read whole, decompressed, into memory: its bytes, or undefined as soon as it
 * passes `maxBytes` (the read is then cancelled, which aborts the upstream request). The body comes
 * decompressed by fetch, whose gzip, deflate and brotli decoders are Node's asynchronous zlib streams: the
 * inflating runs on libuv's thread pool, and the main thread only collects the chunks, so other clients'
 * requests go on meanwhile. The bound is what keeps it short: a few hundred KB of gzip can inflate to
 * hundreds of MB, and streaming that on to the client had the portal decompress and compress again every
 * byte of it, holding up everyone's pages for seconds.
 */
async function readInflated(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
}

/**
 * Forwards a request to the upstream API and passes its answer back, with the headers of each direction
 * through an allow-list and X-Forwarded-For set from the real client address, and a sandbox policy on what
 * comes back. No answer (headers) within the timeout is a 504; a refused or broken connection, a media type
 * the API does not serve or a Content-Type that is not one media type (`relayedBody`), a redirect away from
 * the upstream, and a compressed answer larger than `maxBytes` once decompressed are 502s; all in the
 * portal's JSON error shape.
 *
 * An uncompressed body is streamed as it arrives (the upstream sends every byte of it, so its size costs the
 * portal no more than it costs the upstream), and one that stops for as long as the timeout is cut off there.
 * A compressed one (any Content-Encoding) is decompressed and held until it ends, within `maxBytes`
 * (`readInflated`): only so can a body that inflates past the bound still be answered with a 502 rather
 * than cut off after a 200, and the bound also caps the memory it holds.
 */
export async function forwardToUpstream(request: Request, base: string, timeoutMs: number, maxBytes: number, clientAddress: string): Promise<Response> {
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
    if ("malformed" in relay) {
      await discardBody();
      const contentType = relay.malformed.slice(0, 200);
      return jsonError(502, `The upstream API answered with a Content-Type that is not exactly one media type (${contentType}), which the portal does not pass on`, {
        details: { status: upstream.status, contentType },
      });
    }
    const responseHeaders = new Headers();
    upstream.headers.forEach((value, key) => {
      if (RELAYED_RESPONSE_HEADERS.has(key.toLowerCase())) responseHeaders.set(key, value);
    });
    responseHeaders.set("Cache-Control", relayedCacheControl(upstream.headers.get("cache-control")));
    if (relay.contentType) responseHeaders.set("Content-Type", relay.contentType);
    if (location) responseHeaders.set("Location", location);
    if (relay.disposition) responseHeaders.set("Content-Disposition", relay.disposition);
    // Whatever the upstream sends runs no script and opens nothing in the portal's name, even opened
    // directly: a sandbox policy beside the portal's own (both apply). X-Content-Type-Options: nosniff, so
    // that no browser takes the body for another type, is on every answer of the portal already
    // (`securityHeaders`); setting it here too would send it twice.
    responseHeaders.set("Content-Security-Policy", "sandbox");
    // a redirect's body is for browsers that do not follow it; the portal sends none
    if (redirect || !upstream.body) {
      await discardBody();
      return new Response(null, { status: upstream.status, headers: responseHeaders });
    }
    const body = withStallTimeout(upstream.body, timeoutMs, () => controller.abort());
    if (!upstream.headers.has("content-encoding")) return new Response(body, { status: upstream.status, headers: responseHeaders });
    const inflated = await readInflated(body, maxBytes);
    if (!inflated) {
      return jsonError(502, `The upstream API's answer is larger than ${maxBytes} bytes once decompressed (UPSTREAM_MAX_BYTES), which the portal does not pass on`, {
        details: { status: upstream.status, contentEncoding: upstream.headers.get("content-encoding"), maxBytes },
      });
    }
    return new Response(inflated, { status: upstream.status, headers: responseHeaders });
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
