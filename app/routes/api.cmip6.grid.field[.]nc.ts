import { gridLoader } from "~server/api/grid.server";
import { methodNotAllowed } from "~server/api/responses.server";

export const loader = gridLoader("netcdf");
export const action = methodNotAllowed;
