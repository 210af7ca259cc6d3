import { listLoader } from "~server/api/reference-routes.server";
import { methodNotAllowed } from "~server/api/responses.server";

export const loader = /* @__PURE__ */ listLoader("getCmip6Models");
export const action = methodNotAllowed;
