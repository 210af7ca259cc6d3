import { SERIES_CACHE_CONTROL } from "../../app/features/cmip6/series";
import { dataPackName } from "../../app/features/profile/dataPack.server";
import { dataPackPath } from "../../app/features/profile/profile";
import { SAMPLE_DATA_HEADER } from "../../app/store/contract";
import type { ProfileService } from "../services/profile.server";
import { etagMatchesHeader, jsonError } from "./responses.server";

export const ZIP_CONTENT_TYPE = "application/zip";

/**
 * The answer of `/profiles/:place/data-pack.zip`: a JSON 404 naming an unknown place, a 301 from a geo code
 * to the slug's path, else the ZIP as an attachment with a strong ETag (the hash of its bytes, built once
 * per place, data version and `origin`, the portal's address (`context.origin`); 304 when the client has it), cacheable as the series answers are, with
 * `X-Sample-Data: true` when any number in it is generated sample data. An origin taken from the request
 * (no PUBLIC_URL) comes with `originVary`, the request headers it was taken from, as the answer's `Vary`.
 */
export async function dataPackAnswer(profiles: ProfileService, segment: string, request: Request, origin: string, originVary?: string): Promise<Response> {
  const place = profiles.placeOf(segment);
  if (!place) return jsonError(404, `No such place: ${JSON.stringify(segment)}`, { details: { place: segment } });
  if (segment !== place.slug) return new Response(null, { status: 301, headers: { Location: dataPackPath(place) } });

  const pack = await profiles.pack(place, origin);
  const headers: Record<string, string> = { ETag: pack.etag, "Cache-Control": SERIES_CACHE_CONTROL, ...(originVary ? { Vary: originVary } : {}) };
  if (etagMatchesHeader(request.headers.get("If-None-Match"), pack.etag)) return new Response(null, { status: 304, headers });
  if (pack.sample) headers[SAMPLE_DATA_HEADER] = "true";
  return new Response(pack.bytes, {
    status: 200,
    headers: {
      ...headers,
      "Content-Type": ZIP_CONTENT_TYPE,
      "Content-Disposition": `attachment; filename="${dataPackName(place)}.zip"`,
      "Content-Length": String(pack.bytes.length),
    },
  });
}
