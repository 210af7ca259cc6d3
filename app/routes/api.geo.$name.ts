import { geoLoader } from "~server/api/maps.server";
import { methodNotAllowed } from "~server/api/responses.server";

export const loader = geoLoader;
export const action = methodNotAllowed;
