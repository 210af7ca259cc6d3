import { analysisViewRoute } from "~server/analytics/views.server";
import { methodNotAllowed } from "~server/api/responses.server";

export const loader = /* @__PURE__ */ analysisViewRoute("climate-crop");
export const action = methodNotAllowed;
