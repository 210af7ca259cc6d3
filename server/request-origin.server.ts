import type { TLSSocket } from "node:tls";
import type { NextFunction, Request, Response } from "express";

/**
 * The origin a page is rendered for (the address in its absolute URLs: API examples, "Cite as", data packs).
 * PUBLIC_URL when set; otherwise the one the request names, believed only as far as it is well formed:
 * Host, or X-Forwarded-Host and X-Forwarded-Proto when they come from a trusted proxy (TRUST_PROXY, the
 * same judgement Express makes for the client address). Documents are kept per origin
 * (`server/document-cache.server.ts`), so whatever a request names never reaches another visitor's page.
 */

/** Longer Host or X-Forwarded-Host values are refused (a host name is at most 253 characters, plus a port). */
export const MAX_HOST_LENGTH = 255;

/** A Host or X-Forwarded-Host value: a name or IP literal and an optional port, nothing else. */
const HOST = /^(?:[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** Whether a Host-like header is absent or host[:port], short (each value of a comma list, for X-Forwarded-Host). */
export function validHostHeader(value: string | undefined): boolean {
  if (value === undefined) return true;
  if (value.length > MAX_HOST_LENGTH) return false;
  return value.split(",").every((part) => validHost(part.trim()));
}

function validHost(host: string): boolean {
  const port = /:(\d+)$/.exec(host)?.[1];
  return host.length <= MAX_HOST_LENGTH && HOST.test(host) && (port === undefined || Number(port) <= 65535);
}

/** The first value of a proxy's comma list. */
const first = (value: string | undefined) => value?.split(",")[0].trim();

/**
 * The origin a request names, for a portal without PUBLIC_URL: the scheme and host a trusted proxy reports,
 * else the connection's own scheme and the Host header; a value that is not well formed is not believed.
 */
export function requestOrigin(req: Request): string {
  const trusted = Boolean((req.app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean)(req.socket.remoteAddress, 0));
  const ownScheme = (req.socket as TLSSocket).encrypted ? "https" : "http";
  const forwardedScheme = trusted ? first(req.get("x-forwarded-proto"))?.toLowerCase() : undefined;
  const scheme = forwardedScheme === "http" || forwardedScheme === "https" ? forwardedScheme : ownScheme;
  const forwardedHost = trusted ? first(req.get("x-forwarded-host")) : undefined;
  const host = [forwardedHost, req.get("host")].find((h): h is string => h !== undefined && validHost(h)) ?? "localhost";
  return `${scheme}://${host.toLowerCase()}`;
}

declare module "express-serve-static-core" {
  interface Locals {
    /** The origin this response's page is rendered for (`requestOrigin`, or PUBLIC_URL). */
    origin?: string;
  }
}

/** Decides each request's origin once, for the page's load context and the document cache's key. */
export function renderOrigin(publicUrl: string | undefined) {
  return (req: Request, res: Response, next: NextFunction) => {
    res.locals.origin = publicUrl ?? requestOrigin(req);
    next();
  };
}
