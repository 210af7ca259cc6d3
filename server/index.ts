import type { ServerResponse } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { createApp } from "./app";
import { createLoadContext } from "./context.server";
import { EnvError, env as readEnv, trustedProxyNote } from "./env.server";
import { SeedError } from "./seeds.server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

async function main() {
  // Production unless told otherwise, for the libraries too: React, Redux Toolkit and others read
  // process.env.NODE_ENV when first loaded (the app build is imported below), and without it they run
  // their development builds, several times slower and with development-only checks.
  if (!process.env.NODE_ENV) process.env.NODE_ENV = "production";
  const env = readEnv();
  const publicDir = path.join(root, "public");
  const context = await createLoadContext(env, { publicDir });
  await context.submissions.start();
  const build = (await import(pathToFileURL(path.join(root, "build/index.js")).href)) as ServerBuild;
  const app = createApp({ env, build, context, publicDir });

  const server = app.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    console.log(JSON.stringify({ time: new Date().toISOString(), level: "info", msg: `SACAP listening on http://localhost:${port}` }));
    console.log(JSON.stringify({ time: new Date().toISOString(), level: "info", msg: trustedProxyNote(env) }));
  });

  // Graceful shutdown: stop accepting, let in-flight requests finish, then exit. While draining, every
  // answer (also on a kept-alive connection) says Connection: close, after which Node closes the
  // connection, and connections that fall idle are closed at once: no new request is served.
  let stopping = false;
  const inFlight = new Set<ServerResponse>();
  server.prependListener("request", (_req, res) => {
    if (stopping) return res.setHeader("Connection", "close");
    inFlight.add(res);
    res.once("close", () => inFlight.delete(res));
  });
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
    console.log(JSON.stringify({ time: new Date().toISOString(), level: "info", msg: `${signal}: finishing in-flight requests` }));
    server.close(() => void context.submissions.close().finally(() => process.exit(0)));
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 50).unref();
    setTimeout(() => {
      server.closeAllConnections();
      process.exit(0);
    }, env.SHUTDOWN_TIMEOUT * 1000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError || error instanceof SeedError ? error.message : error);
  process.exit(1);
});
