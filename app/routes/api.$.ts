import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { jsonError } from "~server/api/responses.server";
import { forwardToUpstream } from "~server/api/upstream.server";

/** /api paths the portal does not serve: forwarded to API_UPSTREAM when set, else a JSON 404. */
function passThrough({ request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  const upstream = context.env.API_UPSTREAM;
  if (!upstream) return jsonError(404, "No API endpoint at this path");
  return forwardToUpstream(request, upstream, context.env.UPSTREAM_TIMEOUT * 1000, context.env.UPSTREAM_MAX_BYTES, context.clientAddress);
}

export const loader = passThrough;
export const action = passThrough;
