import { gridLoader } from "~server/api/grid.server";
import { methodNotAllowed } from "~server/api/responses.server";

export const loader = gridLoader("field");
export const action = methodNotAllowed;
