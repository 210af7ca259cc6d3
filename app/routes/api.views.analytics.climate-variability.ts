import { analysisViewRoute } from "~server/analytics/views.server";
import { methodNotAllowed } from "~server/api/responses.server";

export const loader = analysisViewRoute("climate-variability");
export const action = methodNotAllowed;
