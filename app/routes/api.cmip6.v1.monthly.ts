import { seriesLoader } from "~server/api/series.server";
import { methodNotAllowed } from "~server/api/responses.server";

export const loader = seriesLoader("monthly");
export const action = methodNotAllowed;
