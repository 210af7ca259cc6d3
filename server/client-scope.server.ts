import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The client a piece of work is done for (its address, the trusted proxy's client address behind nginx),
 * carried through a request's asynchronous work without passing it by hand: the series workers take their
 * jobs client by client (`SeriesWorkerPool`), so the series a page's loader asks for wait behind other
 * clients' jobs no longer than their turn. Work started while its client had a long line (`FairLines`) is
 * marked as bulk: the workers take it after the jobs of clients asking little.
 */
const scope = new AsyncLocalStorage<{ client: string; bulk: boolean }>();

/** Runs `work` (and everything it starts) on behalf of `client`; `bulk` when the client has many more waiting. */
export function forClient<T>(client: string, work: () => T, bulk = false): T {
  return scope.run({ client, bulk }, work);
}

/** The client the current work is for; "" outside any request. */
export function currentClient(): string {
  return scope.getStore()?.client ?? "";
}

/** Whether the current work was started while its client had a long line. */
export function currentIsBulk(): boolean {
  return scope.getStore()?.bulk ?? false;
}
