import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { createApp } from "./app";
import { createLoadContext } from "./context.server";
import { trackRequests } from "./drain.server";
import { EnvError, env as readEnv, trustedProxyNote } from "./env.server";
import { journalFiles, previousStopMessages, readPreviousStop, RequestJournal } from "./request-journal.server";
import { SeedError } from "./seeds.server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** One JSON line on stdout, as the request log writes them. */
const log = (line: Record<string, unknown>) => console.log(JSON.stringify({ time: new Date().toISOString(), ...line }));

/**
 * Reports how the previous server on these files stopped and starts this one's journal. A journal that
 * cannot be kept (a read-only or full disk) is logged and the server runs without one.
 */
function startJournal(port: number): RequestJournal | undefined {
  const files = journalFiles(port);
  const failed = (error: unknown) =>
    log({ level: "error", msg: `the journal of requests in flight cannot be kept in ${files.journal}: ${error instanceof Error ? error.message : String(error)}` });
  try {
    const previous = readPreviousStop(files);
    for (const line of previousStopMessages(previous, port)) log(line);
    return new RequestJournal(files, failed);
  } catch (error) {
    failed(error);
    return undefined;
  }
}

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

  // Every connection and request in flight is tracked (server/drain.server.ts), and each request is
  // written to the journal of requests in flight (server/request-journal.server.ts) while it lasts.
  let journal: RequestJournal | undefined;
  const server = createServer();
  const requests = trackRequests(server, app, (req) => journal?.begin(req));
  server.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    log({ level: "info", msg: `SACAP listening on http://localhost:${port}` });
    log({ level: "info", msg: trustedProxyNote(env) });
    // Only once the port is ours: a second server started on a port in use must not touch the journal of
    // the one serving it. Before the first request: 'listening' comes before any connection is read.
    journal = startJournal(port);
  });

  // Graceful shutdown: stop accepting, let every request in flight finish (up to SHUTDOWN_TIMEOUT) while
  // each connection closes as soon as nothing is in flight on it, then exit. A clean shutdown removes the
  // journal, so the next start reports nothing.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log({ level: "info", msg: `${signal}: finishing ${requests.inFlight()} requests in flight` });
    void requests
      .drain(env.SHUTDOWN_TIMEOUT * 1000)
      .then(async (cut) => {
        journal?.close();
        // on-demand computations under way here stop (with a queue, given back to it for another worker)
        await context.ondemand.jobs.close().catch(() => {});
        if (cut > 0) log({ level: "error", msg: `SHUTDOWN_TIMEOUT (${env.SHUTDOWN_TIMEOUT} s) reached: ${cut} requests in flight were cut` });
        else await context.submissions.close();
      })
      .finally(() => process.exit(0));
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError || error instanceof SeedError ? error.message : error);
  process.exit(1);
});
