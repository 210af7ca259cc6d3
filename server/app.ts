import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import type { ServiceContext } from "./context.server";
import type { Env } from "./env.server";
import { postGuards } from "./forms/guards.server";
import { documentCache } from "./document-cache.server";
import { fairPageTurns, GRID_ADMISSION, mainThreadLines } from "./fair-lines.server";
import { healthz } from "./health.server";
import { sendPlainError } from "./plain-error.server";
import { renderOrigin, validHostHeader } from "./request-origin.server";
import { securityHeaders } from "./security.server";
import { referenceLists } from "./api/reference-lists.server";
import { seriesEndpoints } from "./api/series.server";
import { gridEndpoints } from "./api/grid.server";
import { precompressedAssets } from "./static-compressed";
import { moduleImportsFrom } from "../app/lib/module-stages.server";

const IMMUTABLE = "public, max-age=31536000, immutable";

/** One JSON line per request, written when the response is finished (or the client went away). */
function requestLog(req: Request, res: Response, next: NextFunction) {
  const start = process.hrtime.bigint();
  let logged = false;
  const log = () => {
    if (logged) return;
    logged = true;
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    process.stdout.write(
      JSON.stringify({
        time: new Date().toISOString(),
        level: res.statusCode >= 500 ? "error" : "info",
        method: req.method,
        path: req.originalUrl.split("?")[0].slice(0, 512),
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
        bytes: Number(res.getHeader("content-length")) || undefined,
        aborted: !res.writableFinished || undefined,
      }) + "\n",
    );
  };
  res.on("finish", log);
  res.on("close", log);
  next();
}

/** Methods the portal answers; anything else (TRACE, CONNECT, WebDAV, ...) is a 405 before routing. */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const ALLOW = [...METHODS].join(", ");

/** A dot segment or a backslash in the path, plain or percent-encoded (URL parsers fold them away). */
const DOT_SEGMENT = /(^|\/|\\|%2f|%5c)(\.|%2e){1,2}(\/|\\|%2f|%5c|$)|\\|%5c/i;

/**
 * Requests Express and Remix would see differently are refused: an unknown method (405), a path that a
 * URL parser rewrites (`/api/../contact/form` is `/contact/form` to Remix but `/api/...` to the guards), or
 * a Host (or X-Forwarded-Host) that is not a short host[:port] (Remix builds its request URL from it, so
 * `Host: evil.example/contact/form?` would route `/api/x` to the form). Browsers never send such requests.
 */
function requestShape(req: Request, res: Response, next: NextFunction) {
  if (!METHODS.has(req.method)) {
    res.setHeader("Allow", ALLOW);
    return next(Object.assign(new Error("method not allowed"), { status: 405 }));
  }
  const rawPath = req.originalUrl.split("?")[0];
  if (!rawPath.startsWith("/") || DOT_SEGMENT.test(rawPath)) return next(Object.assign(new Error("unnormalised path"), { status: 400 }));
  if (!validHostHeader(req.get("host")) || !validHostHeader(req.get("x-forwarded-host"))) {
    return next(Object.assign(new Error("malformed host"), { status: 400 }));
  }
  next();
}

export interface AppOptions {
  env: Env;
  build: ServerBuild;
  /** What loaders and resource routes get as `context`: the data services (plus the client's address). */
  context: ServiceContext;
  /** Folder holding `build/` (hashed assets) and other public files. */
  publicDir: string;
}

export function createApp({ env, build, context, publicDir }: AppOptions) {
  const moduleImports = moduleImportsFrom(path.join(publicDir, "build"), build.publicPath);
  const app = express();
  app.disable("x-powered-by");
  // Express's own error pages show a stack outside production; the portal never does (errorPage below).
  app.set("env", env.NODE_ENV);
  app.set("trust proxy", env.TRUST_PROXY);
  if (env.LOG_REQUESTS) app.use(requestLog);
  app.use(securityHeaders(env));
  app.use(compression());
  app.use(requestShape);
  app.use(renderOrigin({ publicUrl: env.PUBLIC_URL, allowedHosts: env.ALLOWED_HOSTS }));

  // Memory: the process's resident size, every bounded cache of each thread, and the sizing they add up to
  app.get("/healthz", healthz(context));

  // Hashed build output never changes under the same name.
  app.use(
    "/build",
    precompressedAssets(path.join(publicDir, "build"), IMMUTABLE),
    express.static(path.join(publicDir, "build"), {
      immutable: true,
      maxAge: "1y",
      index: false,
      setHeaders: (res) => res.setHeader("Cache-Control", IMMUTABLE),
    }),
    (_req, res) => res.status(404).type("text/plain").send("Not found"),
  );
  app.use(referenceLists(context.reference));
  app.use(seriesEndpoints(context.series));
  // main-thread work (grid fields and images not kept, pages not kept) takes turns per client, within the
  // machine's share of each kind (fair-lines.server.ts)
  const mainThread = mainThreadLines();
  app.use(gridEndpoints(context.grids, mainThreadLines(GRID_ADMISSION)));
  app.use(express.static(publicDir, { maxAge: "1h", index: false }));
  app.use(postGuards({ maxBodyBytes: env.FORM_MAX_BODY_BYTES }));
  app.use(documentCache({ maxBytes: env.DOCUMENT_CACHE_MB * 1024 * 1024, ttlMs: env.DOCUMENT_CACHE_SECONDS * 1000, version: () => context.series.version }));
  // what the cache did not answer is rendered: each client in its own line
  app.use(fairPageTurns(mainThread));

  app.all(
    "*",
    createRequestHandler({
      build,
      mode: env.NODE_ENV,
      getLoadContext: (req, res): AppLoadContext => ({
        ...context,
        clientAddress: req.ip ?? req.socket.remoteAddress ?? "",
        cspNonce: res.locals.cspNonce ?? "",
        origin: res.locals.origin ?? "",
        originVary: res.locals.originVary,
        renderTurn: res.locals.renderTurn,
        moduleImports,
      }),
    }),
  );
  app.use(errorPage());
  return app;
}

const ERROR_TEXT: Record<number, [string, string]> = {
  400: ["Request not understood", "The portal could not read what was sent."],
  404: ["Page not found", "There is no page at this address."],
  405: ["Method not allowed", "This address does not accept that kind of request."],
  413: ["Request too large", "What was sent is larger than the portal accepts."],
  415: ["Unsupported request", "The portal cannot read what was sent."],
};

/**
 * The last handler: an error that reached Express (a malformed URL, an unreadable request, a bug) answers
 * with a short friendly page or JSON error, never a stack or a file path; server errors are logged.
 */
export function errorPage() {
  return (error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const declared = Number((error as { status?: unknown; statusCode?: unknown })?.status ?? (error as { statusCode?: unknown })?.statusCode);
    const status = declared >= 400 && declared < 500 ? declared : 500;
    if (status >= 500) {
      console.error(JSON.stringify({ time: new Date().toISOString(), level: "error", msg: "request failed", path: req.path.slice(0, 512), error: String((error as Error)?.stack ?? error) }));
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const [title, text] = ERROR_TEXT[status] ?? ["Something went wrong", "The portal could not answer this request. Try again in a moment."];
    sendPlainError(res, status, title, text, req.path.startsWith("/api/") || (req.get("accept") ?? "").includes("application/json"));
  };
}
