import { methodNotAllowed } from "../../server/api/responses.server";
import { LIVESTOCK_VIEW, viewResourceLoader } from "../../server/analytics/water-livestock-views.server";

export const loader = viewResourceLoader(LIVESTOCK_VIEW);
export const action = methodNotAllowed;
