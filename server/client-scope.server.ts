import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The client a piece of work is done for (its address, the trusted proxy's client address behind nginx),
 * carried through a request's asynchronous work without passing it by hand: the series workers take their
 * jobs client by client (`SeriesWorkerPool`), so the series a page's loader asks for wait behind other
 * clients' jobs no longer than their turn.
 */
const scope = new AsyncLocalStorage<string>();

/** Runs `work` (and everything it starts) on behalf of `client`. */
export function forClient<T>(client: string, work: () => T): T {
  return scope.run(client, work);
}

/** The client the current work is for; "" outside any request. */
export function currentClient(): string {
  return scope.getStore() ?? "";
}
