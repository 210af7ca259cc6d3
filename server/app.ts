import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import type { ServiceContext } from "./context.server";
import type { Env } from "./env.server";
import { postGuards } from "./forms/guards.server";
import { referenceLists } from "./api/reference-lists.server";
import { precompressedAssets } from "./static-compressed";

const IMMUTABLE = "public, max-age=31536000, immutable";

/** Security headers on every response. */
function securityHeaders(_req: Request, res: Response, next: NextFunction) {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Content-Security-Policy", "frame-ancestors 'none'; base-uri 'self'; object-src 'none'");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()");
  next();
}

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

export interface AppOptions {
  env: Env;
  build: ServerBuild;
  /** What loaders and resource routes get as `context`: the data services (plus the client's address). */
  context: ServiceContext;
  /** Folder holding `build/` (hashed assets) and other public files. */
  publicDir: string;
}

export function createApp({ env, build, context, publicDir }: AppOptions) {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);
  if (env.LOG_REQUESTS) app.use(requestLog);
  app.use(securityHeaders);
  app.use(compression());

  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok", uptime: Math.round(process.uptime()) });
  });

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
  app.use(express.static(publicDir, { maxAge: "1h", index: false }));
  app.use(postGuards({ maxBodyBytes: env.FORM_MAX_BODY_BYTES }));

  app.all(
    "*",
    createRequestHandler({
      build,
      mode: env.NODE_ENV,
      getLoadContext: (req): AppLoadContext => ({ ...context, clientAddress: req.ip ?? req.socket.remoteAddress ?? "" }),
    }),
  );
  return app;
}
