import { configureStore } from "@reduxjs/toolkit";
import { setAutoFreeze } from "immer";
import { createContext } from "react";
import { api } from "./api";
import { primeActions, type ApiCacheEntry } from "./prime";

// Redux Toolkit's reducers (Immer) freeze every object put in the state, deeply: for a page primed with the
// 35 models' series that is tens of milliseconds of a slow phone's main thread before hydration, and as much
// for each answer after. The state is never written outside its reducers, so the freezing guards nothing.
setAutoFreeze(false);

export function makeStore(entries: ApiCacheEntry[] = []) {
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  for (const action of primeActions(entries)) store.dispatch(action);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore["getState"]>;
export type AppDispatch = AppStore["dispatch"];

let browserStore: AppStore | undefined;

/**
 * The server makes a store per request; the browser keeps one for the whole visit, primed once with the
 * entries the server rendered with, so hydration finds the same data and requests nothing.
 */
export function getStore(entries: ApiCacheEntry[]): AppStore {
  if (typeof window === "undefined") return makeStore(entries);
  browserStore ??= makeStore(entries);
  return browserStore;
}

/** The browser's store, for client loaders (navigations after the first load). */
export function browserStoreOrThrow(): AppStore {
  if (!browserStore) throw new Error("The store is created when the app hydrates");
  return browserStore;
}

/**
 * On the server, the stores made while rendering one document. Each primed cache entry starts a removal
 * timer (`keepUnusedDataFor`, five minutes) that would keep the request's store, and every series in it,
 * alive long after the page was sent: under load that is hundreds of megabytes. `app/entry.server.tsx`
 * provides the list and releases the stores once the document is sent.
 */
export const ServerStoresContext = createContext<AppStore[] | undefined>(undefined);

/** Clears the cache and its timers of stores no longer needed (the server's, after a render). */
export function releaseStores(stores: AppStore[]) {
  for (const store of stores.splice(0)) store.dispatch(api.util.resetApiState());
}
