import { openApiLoader } from "~server/api/openapi.server";
import { methodNotAllowed } from "~server/api/responses.server";

export const loader = openApiLoader;
export const action = methodNotAllowed;
