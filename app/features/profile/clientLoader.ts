import { redirect, type ClientLoaderFunctionArgs } from "@remix-run/react";
import { invariantResponse } from "~/lib/http";
import { browserStoreOrThrow } from "~/store/store";
import { profilePath } from "./profile";
import { profileApi } from "./profileApi";
import { rowsChoice } from "./view";

/**
 * A profile on navigations after the first load: its view through the store (`/api/views/profile/…`, one
 * request per view and cache lifetime), a geo code redirected to the place's path, an unknown place a 404.
 */
export async function profileClientLoader({ params, request }: ClientLoaderFunctionArgs) {
  const segment = params.place ?? "";
  const url = new URL(request.url);
  const store = browserStoreOrThrow();
  const query = store.dispatch(profileApi.endpoints.getProfileView.initiate({ place: segment, rows: rowsChoice(url.searchParams.get("rows")) }));
  try {
    const { data: view, error } = await query;
    invariantResponse(view, "No such place", (error as { status?: unknown } | undefined)?.status === 404 ? 404 : 500);
    if (segment !== view.place.slug) throw redirect(`${profilePath(view.place)}${url.search}`, 301);
    return { apiCache: [], name: view.place.name, signal: view.signals[0] ?? null };
  } finally {
    query.unsubscribe();
  }
}
