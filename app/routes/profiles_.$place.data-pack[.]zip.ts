import type { LoaderFunctionArgs } from "@remix-run/node";
import { dataPackAnswer } from "~server/api/data-pack.server";
import { methodNotAllowed } from "~server/api/responses.server";

/** `/profiles/:place/data-pack.zip`: the ZIP of a place's profile (not nested in the profile page). */
export const loader = ({ request, params, context }: LoaderFunctionArgs) => dataPackAnswer(context.profiles, params.place ?? "", request, context.origin, context.originVary);
export const action = methodNotAllowed;
