import type { LoaderFunctionArgs } from "@remix-run/node";
import { explorerViewAnswer } from "~/features/cmip6/explorer/view.server";
import { methodNotAllowed } from "~server/api/responses.server";

/** `/api/views/cmip6-data`: what the CMIP6 explorer shows for the selection in the query, as JSON (decision 026). */
export const loader = ({ request, context }: LoaderFunctionArgs) => explorerViewAnswer(context, request);
export const action = methodNotAllowed;
