import type { TLSSocket } from "node:tls";
import type { NextFunction, Request, Response } from "express";

/**
 * The origin a page is rendered for (the address in its absolute URLs: API examples, "Cite as", data packs).
 * PUBLIC_URL when set; otherwise the one the request names, believed only as far as it is well formed:
 * Host, or X-Forwarded-Host and X-Forwarded-Proto when they come from a trusted proxy (TRUST_PROXY, the
 * same judgement Express makes for the client address). Documents are kept per origin
 * (`server/document-cache.server.ts`), so whatever a request names never reaches another visitor's page,
 * and only for the portal's own hosts (ALLOWED_HOSTS, `ownHosts`), so hosts a client makes up cannot push
 * the portal's own pages out.
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

/** Whether a value is one host[:port]: a name or IP literal and an optional port up to 65535, short. */
export function validHost(host: string): boolean {
  const port = /:(\d+)$/.exec(host)?.[1];
  return host.length <= MAX_HOST_LENGTH && HOST.test(host) && (port === undefined || Number(port) <= 65535);
}

/** The first value of a proxy's comma list. */
const first = (value: string | undefined) => value?.split(",")[0].trim();

/** Whether the request comes from a proxy TRUST_PROXY trusts (Express's judgement). */
const fromTrustedProxy = (req: Request) =>
  Boolean((req.app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean)(req.socket.remoteAddress, 0));

/**
 * The host a request names, in lower case: a trusted proxy's X-Forwarded-Host, else Host; a value that is
 * not well formed is not believed. Undefined when neither names one.
 */
export function requestHost(req: Request): string | undefined {
  const forwardedHost = fromTrustedProxy(req) ? first(req.get("x-forwarded-host")) : undefined;
  return [forwardedHost, req.get("host")].find((h): h is string => h !== undefined && validHost(h))?.toLowerCase();
}

/**
 * The origin a request names, for a portal without PUBLIC_URL: the scheme and host a trusted proxy reports,
 * else the connection's own scheme and the Host header; a value that is not well formed is not believed.
 */
export function requestOrigin(req: Request): string {
  const ownScheme = (req.socket as TLSSocket).encrypted ? "https" : "http";
  const forwardedScheme = fromTrustedProxy(req) ? first(req.get("x-forwarded-proto"))?.toLowerCase() : undefined;
  const scheme = forwardedScheme === "http" || forwardedScheme === "https" ? forwardedScheme : ownScheme;
  return `${scheme}://${requestHost(req) ?? "localhost"}`;
}

/**
 * The request headers an origin taken from the request is built from (`requestOrigin`): the `Vary` of a
 * cacheable answer that carries it in its body (the profile view's "Cite as", a data pack), so that a
 * shared cache never gives one host's answer to a request naming another. With PUBLIC_URL answers name
 * it whatever the request says, and vary by none of these.
 */
export const ORIGIN_VARY = "Host, X-Forwarded-Host, X-Forwarded-Proto";

/** Loopback names, the portal's own at the port a request came in on. */
const LOOPBACK = ["localhost", "127.0.0.1", "[::1]"];

/**
 * Whether a host a request names is one of the portal's own (ALLOWED_HOSTS): only their pages are kept
 * (`server/document-cache.server.ts`), so that hosts a client makes up (any name in Host, any port) are
 * rendered every time and can neither push kept pages out nor fill the second-request bookkeeping.
 * The portal's own hosts are those listed (`host` or `host:port`, compared exactly: a name without a port
 * is that name on the default port) and PUBLIC_URL's; with neither set, the first host the portal is asked
 * for (logged), which production should not rely on. Loopback names (`localhost`, `127.0.0.1`, `[::1]`) at
 * the port the request came in on are always its own, and are never taken for that first host: a health
 * check straight to an app server neither takes its place nor is kept apart.
 */
export function ownHosts(allowed: readonly string[], publicUrl: string | undefined, log: (line: string) => void = console.log) {
  const hosts = new Set(allowed.map((h) => h.toLowerCase()));
  if (publicUrl) hosts.add(new URL(publicUrl).host);
  let learning = hosts.size === 0;
  return (host: string | undefined, localPort: number | undefined): boolean => {
    if (host === undefined) return false;
    if (LOOPBACK.some((name) => host === `${name}:${localPort}` || (host === name && localPort === 80))) return true;
    if (learning) {
      learning = false;
      hosts.add(host);
      log(JSON.stringify({ time: new Date().toISOString(), level: "info", msg: `pages are kept for ${host}, the first host asked for (set ALLOWED_HOSTS or PUBLIC_URL to name the portal's own)` }));
    }
    return hosts.has(host);
  };
}

declare module "express-serve-static-core" {
  interface Locals {
    /** The origin this response's page is rendered for (`requestOrigin`, or PUBLIC_URL). */
    origin?: string;
    /** The request headers `origin` was taken from (`ORIGIN_VARY`); undefined with PUBLIC_URL. */
    originVary?: string;
    /** Whether the request names one of the portal's own hosts (`ownHosts`): only their pages are kept. */
    ownHost?: boolean;
  }
}

export interface RenderOriginOptions {
  /** PUBLIC_URL. */
  publicUrl?: string;
  /** ALLOWED_HOSTS. */
  allowedHosts?: readonly string[];
  /** Where the first host asked for is reported, when it becomes the portal's own (a JSON line on stdout). */
  log?: (line: string) => void;
}

/**
 * Decides each request's origin, and whether it names one of the portal's own hosts, once for the page's
 * load context and the document cache.
 */
export function renderOrigin({ publicUrl, allowedHosts = [], log }: RenderOriginOptions = {}) {
  const isOwn = ownHosts(allowedHosts, publicUrl, log);
  return (req: Request, res: Response, next: NextFunction) => {
    res.locals.origin = publicUrl ?? requestOrigin(req);
    res.locals.originVary = publicUrl ? undefined : ORIGIN_VARY;
    res.locals.ownHost = isOwn(requestHost(req), req.socket.localPort);
    next();
  };
}
