import type { AppLoadContext } from "@remix-run/node";
import { SERIES_CACHE_CONTROL } from "~/features/cmip6/series";
import type { ApiCacheEntry } from "~/store/prime";
import { cachedJsonOf, jsonError } from "~server/api/responses.server";
import { prepareJson } from "~server/services/reference.server";
import { outlineSourceLine } from "~server/places/outlines.server";
import { profilePath, type ProfilePlace } from "./profile";
import type { ProfileViewArg } from "./profileApi";
import { buildProfileView, PROFILE_ROWS_CHOICES, type ProfileRowsChoice, type ProfileView } from "./view";

type ProfileContext = Pick<AppLoadContext, "profiles" | "origin" | "originVary">;

/** A place's view at the data version now (the profile is kept per place and version). */
export async function profileView(context: ProfileContext, place: ProfilePlace, rows: ProfileRowsChoice): Promise<ProfileView> {
  const { profile } = await context.profiles.page(place);
  return buildProfileView(profile, { rows, url: new URL(profilePath(place), context.origin).href, outline: outlineSourceLine(place) });
}

/** The cache entry a profile page's loader primes: its view, under the argument the page asks with. */
export async function profileViewEntry(context: ProfileContext, place: ProfilePlace, rows: ProfileRowsChoice): Promise<ApiCacheEntry> {
  const arg: ProfileViewArg = { place: place.slug, rows };
  return { endpointName: "getProfileView", arg, value: await profileView(context, place, rows) };
}

/**
 * The answer of `/api/views/profile/:place`: the view as JSON (`X-Sample-Data: true` when any number is
 * sample data) with a strong ETag (304 when the client has it); a 400 naming `rows` when it is neither `first` nor `all`; a 404 naming an unknown place
 * (a geo code answers as its place does). Its "Cite as" address is the portal's (`context.origin`): taken
 * from the request without PUBLIC_URL, the answer then varies by what it was taken from (`originVary`).
 */
export async function profileViewAnswer(context: ProfileContext, segment: string, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const rows = url.searchParams.get("rows");
  if (rows !== null && !(PROFILE_ROWS_CHOICES as readonly string[]).includes(rows)) {
    return jsonError(400, "rows must be first or all", { details: { field: "rows", allowed: PROFILE_ROWS_CHOICES, value: rows } });
  }
  const place = context.profiles.placeOf(segment);
  if (!place) return jsonError(404, `No such place: ${JSON.stringify(segment)}`, { details: { place: segment } });
  const view = await profileView(context, place, (rows as ProfileRowsChoice | null) ?? "first");
  return cachedJsonOf(request, prepareJson(view), SERIES_CACHE_CONTROL, view.sample, context.originVary);
}
