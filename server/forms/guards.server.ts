import type { NextFunction, Request, Response } from "express";
import { sendPlainError } from "../plain-error.server";

/**
 * Checks on every request that changes something (POST and the like) outside /api, before the body is
 * read: the body must not be larger than the limit (413), and the request must come from a page of this
 * site (Origin, or Referer when Origin is absent, naming this host; otherwise 403).
 */

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The host (with port) an Origin or Referer header names, or null when there is none or it is opaque. */
export function headerHost(value: string | undefined): string | null {
  if (!value || value === "null") return null;
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) ? url.host.toLowerCase() : null;
  } catch {
    return null;
  }
}

/** True when the page that sent the request is on `host` (the Host header, or a trusted proxy's). */
export function sameOrigin(headers: { origin?: string; referer?: string }, host: string | undefined): boolean {
  if (!host) return false;
  const from = headers.origin !== undefined ? headerHost(headers.origin) : headerHost(headers.referer);
  return from !== null && from === host.toLowerCase();
}

/** The HTML or JSON answer of a refused request. */
function refuse(req: Request, res: Response, status: number, title: string, text: string) {
  // Do not read (or wait for) the rest of a refused body.
  res.setHeader("Connection", "close");
  sendPlainError(res, status, title, text, "_data" in req.query || (req.get("accept") ?? "").includes("application/json"));
}

/**
 * The URL the request handler routes by, built as Remix's Express adapter builds it (protocol, Express's
 * trust-proxy-aware host name, the port of X-Forwarded-Host or Host, the original URL), so the guards judge
 * the page that will answer, not a path Express parsed differently. Null when no URL can be made of it.
 */
export function routingUrl(req: Request): URL | null {
  const portOf = (value: string | undefined) => Number.parseInt(value?.split(":")[1] ?? "", 10);
  const forwardedPort = portOf(req.get("x-forwarded-host"));
  const hostPort = portOf(req.get("host"));
  const port = Number.isSafeInteger(forwardedPort) ? forwardedPort : Number.isSafeInteger(hostPort) ? hostPort : "";
  try {
    return new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  } catch {
    return null;
  }
}

export function postGuards({ maxBodyBytes }: { maxBodyBytes: number }) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const routed = routingUrl(req);
    if (!routed) return refuse(req, res, 400, "Request not understood", "The portal could not read the address of this request.");
    if (routed.pathname.startsWith("/api/")) return next();
    const length = Number(req.get("content-length") ?? 0);
    if (length > maxBodyBytes) {
      return refuse(req, res, 413, "Request too large", `The form sent more than ${Math.round(maxBodyBytes / 1024)} KB. Shorten the text and send it again.`);
    }
    const trustedForwardedHost = req.app.get("trust proxy fn")(req.socket.remoteAddress, 0) ? req.get("x-forwarded-host") : undefined;
    const host = trustedForwardedHost?.split(",")[0].trim() ?? req.get("host");
    if (!sameOrigin({ origin: req.get("origin"), referer: req.get("referer") }, host)) {
      return refuse(req, res, 403, "Request refused", "Forms of this portal can only be sent from its own pages. Open the form on this site and send it from there.");
    }
    next();
  };
}
