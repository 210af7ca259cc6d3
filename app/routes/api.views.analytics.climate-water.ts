import { analysisViewRoute } from "~server/analytics/views.server";
import { methodNotAllowed } from "~server/api/responses.server";

export const loader = /* @__PURE__ */ analysisViewRoute("climate-water");
export const action = methodNotAllowed;
