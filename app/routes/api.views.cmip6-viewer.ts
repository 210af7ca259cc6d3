import { methodNotAllowed } from "~server/api/responses.server";
import { cmip6ViewerViewLoader } from "~server/api/maps.server";

export const loader = cmip6ViewerViewLoader;
export const action = methodNotAllowed;
