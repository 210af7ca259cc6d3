import { expect, type APIRequestContext } from "@playwright/test";
import { seriesResponseSchema, type SeriesResponse } from "../../app/features/cmip6/series";

/** A series answer that must be a 200 matching the response schema (the failure shows the body or the schema error). */
export async function getSeries(request: APIRequestContext, url: string): Promise<SeriesResponse> {
  const response = await request.get(url);
  expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
  const parsed = seriesResponseSchema.safeParse(await response.json());
  expect(parsed.success, parsed.success ? "" : parsed.error.message).toBe(true);
  return parsed.data!;
}
