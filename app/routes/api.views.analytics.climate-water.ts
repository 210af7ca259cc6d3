import { methodNotAllowed } from "../../server/api/responses.server";
import { viewResourceLoader, WATER_VIEW } from "../../server/analytics/water-livestock-views.server";

export const loader = viewResourceLoader(WATER_VIEW);
export const action = methodNotAllowed;
