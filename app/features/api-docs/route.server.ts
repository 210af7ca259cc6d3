import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { openApiDocument } from "../../../server/api/openapi.server";
import { apiDocsView } from "./openapi";

/** The API page's data: its view of the OpenAPI description, and the address the examples call. */
export async function apiDocsLoader({ context }: LoaderFunctionArgs) {
  const { document } = await openApiDocument(context);
  return json({ view: apiDocsView(document), origin: context.origin });
}
