import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { ANALYTICS_HOST, CAPTCHA_HOST } from "../app/lib/analytics";
import type { Env } from "./env.server";

/**
 * Response headers that protect the portal's pages: a Content-Security-Policy with a fresh nonce per
 * request for the inline scripts the server renders, HSTS over TLS, and cookie attributes. See decision 015.
 */

/** A fresh nonce for one response: 128 random bits, base64. */
export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/** Hosts the analytics script talks to (script, beacons, pixel). */
const ANALYTICS_CONNECT = ["https://*.google-analytics.com", "https://*.analytics.google.com", ANALYTICS_HOST];
/** The bot-check script loads its code from gstatic and shows its challenge in a frame. */
const CAPTCHA_STATIC = "https://www.gstatic.com";
/** The Mapbox renderer's API (styles, tiles, sprites, glyphs) and telemetry. */
const MAPBOX_HOSTS = ["https://api.mapbox.com", "https://events.mapbox.com"];

function origin(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

export interface PolicyOptions {
  nonce: string;
  /** The page was served over TLS: ask the browser to upgrade any http: subresource. */
  secure: boolean;
}

/**
 * The Content-Security-Policy of a response. Scripts run only from this origin or with the response's
 * nonce (no `unsafe-inline`, no `unsafe-eval`: the charts use vega's expression interpreter); the third
 * parties (analytics, bot check, Mapbox, map servers) are allowed only when their setting is present.
 * Styles allow inline attributes, which React and Blueprint set on elements.
 */
export function contentSecurityPolicy(env: Env, { nonce, secure }: PolicyOptions): string {
  const scripts = ["'self'", `'nonce-${nonce}'`];
  const connect = ["'self'"];
  const images = ["'self'", "data:", "blob:"];
  const frames: string[] = [];

  const analytics = env.ANALYTICS_ENABLED && env.ANALYTICS_ID;
  if (analytics) {
    scripts.push(ANALYTICS_HOST);
    connect.push(...ANALYTICS_CONNECT);
    images.push(...ANALYTICS_CONNECT);
  }
  const captcha = env.CAPTCHA_SITE_KEY && env.CAPTCHA_SECRET;
  if (captcha) {
    scripts.push(CAPTCHA_HOST, CAPTCHA_STATIC);
    connect.push(CAPTCHA_HOST);
    frames.push(CAPTCHA_HOST);
  }
  if (env.MAPBOX_ACCESS_TOKEN) {
    connect.push(...MAPBOX_HOSTS);
    images.push(MAPBOX_HOSTS[0]);
  }
  // Map layers (WMS tiles are fetched by the map's worker and drawn as images).
  const mapServers = [origin(env.WMS_BASE_URL), ...env.WMS_EXTERNAL_HOSTS.map((host) => `https://${host}`)].filter(
    (value): value is string => Boolean(value),
  );
  connect.push(...mapServers);
  images.push(...mapServers);

  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", scripts],
    ["script-src-attr", ["'none'"]],
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", images],
    ["font-src", ["'self'", "data:"]],
    ["connect-src", unique(connect)],
    // The map renderers run their workers from /build (MapLibre) or a blob: URL (Mapbox).
    ["worker-src", ["'self'", "blob:"]],
    ["child-src", ["'self'", "blob:"]],
    ["frame-src", frames.length ? frames : ["'none'"]],
    ["manifest-src", ["'self'"]],
    ["media-src", ["'self'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
  ];
  const text = directives.map(([name, values]) => `${name} ${values.join(" ")}`);
  if (secure) text.push("upgrade-insecure-requests");
  return text.join("; ");
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/** True when the client reached the portal over TLS (directly, or through a trusted proxy saying so). */
export function servedOverTls(req: Request, mode: Env["TLS"]): boolean {
  if (mode === "on") return true;
  if (mode === "off") return false;
  return req.secure;
}

/**
 * Adds the attributes a cookie set by the server must carry: `HttpOnly` unless the browser's scripts read
 * it (the `SACAP-` preference cookies, which the page itself writes), `Secure` over TLS, and `SameSite=Lax`
 * when none is given.
 */
export function hardenCookie(cookie: string, secure: boolean): string {
  const name = cookie.split("=", 1)[0].trim();
  const attributes = cookie.split(";").slice(1).map((part) => part.trim().toLowerCase());
  const has = (attribute: string) => attributes.some((a) => a === attribute || a.startsWith(`${attribute}=`));
  let result = cookie;
  if (!name.startsWith("SACAP-") && !has("httponly")) result += "; HttpOnly";
  if (secure && !has("secure")) result += "; Secure";
  if (!has("samesite")) result += "; SameSite=Lax";
  return result;
}

declare module "express-serve-static-core" {
  interface Locals {
    /** The Content-Security-Policy nonce of this response. */
    cspNonce?: string;
  }
}

/** Security headers on every response; documents get their nonce through the load context. */
export function securityHeaders(env: Env) {
  const hsts = env.HSTS_MAX_AGE > 0 ? `max-age=${env.HSTS_MAX_AGE}; includeSubDomains` : undefined;
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = createNonce();
    const secure = servedOverTls(req, env.TLS);
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(env, { nonce, secure }));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()");
    if (secure && hsts) res.setHeader("Strict-Transport-Security", hsts);

    // Every cookie the server sets passes through hardenCookie.
    const setHeader = res.setHeader.bind(res);
    res.setHeader = (name: string, value: number | string | readonly string[]) => {
      if (name.toLowerCase() === "set-cookie") {
        const cookies = (Array.isArray(value) ? value : [String(value)]) as string[];
        return setHeader(name, cookies.map((cookie) => hardenCookie(cookie, secure)));
      }
      return setHeader(name, value);
    };
    next();
  };
}
