import { seriesLoader } from "~server/api/series.server";
import { methodNotAllowed } from "~server/api/responses.server";

export const loader = /* @__PURE__ */ seriesLoader("annual");
export const action = methodNotAllowed;
