import type { ClientLoaderFunctionArgs } from "@remix-run/react";
import { OPENAPI_JSON_PATH } from "./paths";
import { apiDocsView, type EndpointView, type OpenApiDocument } from "./openapi";
import type { apiDocsLoader } from "./route.server";

/**
 * The API page on navigations after the first load: its index from the server, and the endpoints built in
 * the browser from the description at its own URL (the server draws them only into a document). When the
 * description does not load, the page says so and links it.
 */
export async function apiDocsClientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  const endpoints = fetch(OPENAPI_JSON_PATH, { headers: { Accept: "application/json" } })
    .then(async (response): Promise<EndpointView[] | undefined> => (response.ok ? apiDocsView((await response.json()) as OpenApiDocument).endpoints : undefined))
    .catch(() => undefined);
  const [data, built] = await Promise.all([serverLoader<typeof apiDocsLoader>(), endpoints]);
  return { ...data, endpoints: built };
}
