import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { openApiDocument } from "~server/api/openapi.server";
import { apiDocsIntro } from "./openapi";
import { keepOperations } from "./operations.server";

/**
 * The API page's data: its index of the OpenAPI description and the address the examples call. The
 * endpoints' sections are drawn into the document by the server from the description kept under
 * `operations` (they are not primed: after a client navigation the page loads `/api/openapi.json`).
 */
export async function apiDocsLoader({ context }: LoaderFunctionArgs) {
  const { document, json: prepared } = await openApiDocument(context);
  const { key, view } = keepOperations(document, prepared.etag, context.origin);
  return json({ intro: apiDocsIntro(view), operations: key, origin: context.origin });
}
