import { browserStoreOrThrow } from "./store";
import type { ApiListName } from "./contract";
import { referenceApi } from "./reference";
import type { WithApiCache } from "./prime";

/**
 * Client loader for screens that need reference lists: on navigations after the first load, the lists
 * come from the RTK Query cache (one /api request per list per cache lifetime), not from the server loader.
 */
export function referenceClientLoader(names: ApiListName[]) {
  return async (): Promise<WithApiCache> => {
    const store = browserStoreOrThrow();
    await Promise.all(
      names.map(async (name) => {
        // The endpoints differ only in result type; the union of their thunks is too wide for dispatch.
        const initiate = referenceApi.endpoints[name].initiate as (arg: void) => never;
        const request = store.dispatch(initiate()) as PromiseLike<unknown> & { unsubscribe: () => void };
        try {
          // a failed list is shown by the screen that uses it (the query hook has the error)
          await request;
        } finally {
          request.unsubscribe();
        }
      }),
    );
    return { apiCache: [] };
  };
}
