import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { setupIcons } from "~/lib/icons";
import { REUSABLE_HEADER } from "~/lib/document-reuse";
import type { RouteHandle } from "~/lib/route-handle";
import { NonceContext } from "~/lib/nonce";
import { serverDrawings } from "~/lib/drawings.server";
import { ServerDrawingProvider } from "~/lib/server-drawing";
import { evaluationOrder, pageModules } from "~/lib/module-stages.server";
import { scriptsAfterPaint } from "~/lib/scripts-after-paint.server";
import { coalesceChunks } from "~/lib/coalesce-chunks.server";
import { pipeline } from "node:stream";
import { releaseStores, ServerStoresContext, type AppStore } from "~/store/store";

const ABORT_DELAY = 5_000;

/** A 200 document without cookies set and without per-request content (a form's fill token). */
function reusable(status: number, headers: Headers, context: EntryContext): boolean {
  if (status !== 200 || headers.has("Set-Cookie")) return false;
  return !context.staticHandlerContext.matches.some((m) => (context.routeModules[m.route.id]?.handle as RouteHandle | undefined)?.fresh);
}

/** Data requests of client navigations depend on cookies too; never cache them unless a loader says so. */
export function handleDataRequest(response: Response) {
  if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "no-store");
  return response;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The nonce of this response's Content-Security-Policy (set by Express) for every inline script.
  const nonce = loadContext.cspNonce || undefined;
  // The data stores of this render, released when the document has been sent (or the client went away).
  const stores: AppStore[] = [];
  await setupIcons();
  // a client with a long line of pages renders after the other clients' pages (fair shares)
  await loadContext.renderTurn?.();
  // Crawlers get the whole document at once; browsers get the shell as soon as it is ready.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerStoresContext.Provider value={stores}>
          <ServerDrawingProvider drawings={serverDrawings}>
            <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />
          </ServerDrawingProvider>
        </ServerStoresContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          // the page's scripts start once it has been painted: on a slow link they do not delay first paint
          const body = scriptsAfterPaint(nonce, evaluationOrder(pageModules(remixContext), loadContext.moduleImports));
          body.on("close", () => {
            clearTimeout(abortTimer);
            releaseStores(stores);
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // Documents are personalised by preference cookies and must not be cached.
          responseHeaders.set("Cache-Control", "no-store");
          responseHeaders.set("Vary", "Cookie");
          if (reusable(responseStatusCode, responseHeaders, remixContext)) responseHeaders.set(REUSABLE_HEADER, "1");
          // what React writes in one turn leaves as one chunk (each chunk is a flush of the compression);
          // a client that goes away destroys both streams, and the stores are released
          const sent = coalesceChunks();
          pipeline(body, sent, () => {});
          resolve(
            new Response(createReadableStreamFromReadable(sent), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          releaseStores(stores);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    const abortTimer = setTimeout(abort, ABORT_DELAY);
  });
}
