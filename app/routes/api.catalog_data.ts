import { listLoader } from "~server/api/reference-routes.server";
import { methodNotAllowed } from "~server/api/responses.server";

export const loader = listLoader("getCatalogData");
export const action = methodNotAllowed;
