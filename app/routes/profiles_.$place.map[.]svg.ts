import type { LoaderFunctionArgs } from "@remix-run/node";
import { SERIES_CACHE_CONTROL } from "~/features/cmip6/series";
import { placeMapSvg } from "~/features/profile/placeMap.server";
import { placeMapPath } from "~/features/profile/profile";
import { jsonError, methodNotAllowed } from "~server/api/responses.server";

/** `/profiles/:place/map.svg`: a place's locator map, as the profile page draws it (shown after a navigation). */
export function loader({ params, context }: LoaderFunctionArgs) {
  const segment = params.place ?? "";
  const place = context.profiles.placeOf(segment);
  if (!place) return jsonError(404, `No such place: ${JSON.stringify(segment)}`, { details: { place: segment } });
  if (segment !== place.slug) return new Response(null, { status: 301, headers: { Location: placeMapPath(place) } });
  return new Response(placeMapSvg(place), { headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": SERIES_CACHE_CONTROL } });
}
export const action = methodNotAllowed;
