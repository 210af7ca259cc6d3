import type { LoaderFunctionArgs } from "@remix-run/node";
import { OPEN_MODULE_PARAM, openModuleValues, type AezView } from "../../app/features/pyaez/view";
import { REFERENCE_CACHE_CONTROL } from "../../app/store/contract";
import { prepareJson, type PreparedJson } from "../services/reference.server";
import { aezView } from "./pyaez-views.server";
import { cachedJson, jsonError } from "./responses.server";

const prepared = new WeakMap<AezView, PreparedJson>();

/** `/api/views/pyaez?module=`: the view /pyaez primes, as JSON with the reference lists' caching. */
export function pyaezViewLoader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const unknown = [...params.keys()].find((key) => key !== OPEN_MODULE_PARAM);
  if (unknown !== undefined) return jsonError(400, `Unknown parameter "${unknown}"`, { details: { field: unknown, allowed: [OPEN_MODULE_PARAM] } });
  const value = params.get(OPEN_MODULE_PARAM) ?? "";
  const view = aezView(context.reference, value);
  if (!view) {
    const allowed = openModuleValues(context.reference.list("getAezModules"));
    return jsonError(400, `Unknown module "${value}"`, { details: { field: OPEN_MODULE_PARAM, allowed, value } });
  }
  let body = prepared.get(view);
  if (!body) prepared.set(view, (body = prepareJson(view)));
  return cachedJson(request, body, { "Cache-Control": REFERENCE_CACHE_CONTROL });
}
