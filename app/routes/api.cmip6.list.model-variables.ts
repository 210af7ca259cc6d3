import { listLoader } from "~server/api/reference-routes.server";
import { methodNotAllowed } from "~server/api/responses.server";

export const loader = /* @__PURE__ */ listLoader("getModelVariables");
export const action = methodNotAllowed;
