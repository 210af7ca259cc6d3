import { choroplethLoader } from "~server/api/maps.server";
import { methodNotAllowed } from "~server/api/responses.server";

export const loader = choroplethLoader;
export const action = methodNotAllowed;
