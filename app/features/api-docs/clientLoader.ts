import type { ClientLoaderFunctionArgs } from "@remix-run/react";
import type { EndpointView, OpenApiDocument } from "./openapi";
import { OPENAPI_JSON_PATH } from "./paths";
import type { apiDocsLoader } from "./route.server";

/** The endpoints of the description at its own URL, or undefined when it does not load. */
async function loadEndpoints(): Promise<EndpointView[] | undefined> {
  try {
    const response = await fetch(OPENAPI_JSON_PATH, { headers: { Accept: "application/json" } });
    if (!response.ok) return undefined;
    // the view builder loads with the description: a first load draws the endpoints on the server
    const [{ apiDocsView }, document] = await Promise.all([import("./openapi"), response.json() as Promise<OpenApiDocument>]);
    return apiDocsView(document).endpoints;
  } catch {
    return undefined;
  }
}

/**
 * The API page on navigations after the first load: its index from the server, and the endpoints built in
 * the browser from the description at its own URL (the server draws them only into a document). When the
 * description does not load, the page says so and links it.
 */
export async function apiDocsClientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  const [data, endpoints] = await Promise.all([serverLoader<typeof apiDocsLoader>(), loadEndpoints()]);
  return { ...data, endpoints };
}
