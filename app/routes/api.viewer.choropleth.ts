import type { LoaderFunctionArgs } from "@remix-run/node";
import { CHOROPLETH_PARAMS } from "~/features/maps/choropleth";
import { choropleth, choroplethQueryFromParams } from "../../server/api/choropleth.server";
import { jsonError, methodNotAllowed } from "../../server/api/responses.server";

/**
 * `/api/viewer/choropleth`: the period mean of one indicator, scenario and model (the ensemble median, or
 * the median of a comma list of models) for every country or every basin at once, over a 20-year window,
 * a global warming level (`window`) or `start`-`end`; projections with the change from 1995-2014.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const unknown = [...params.keys()].filter((k) => !(CHOROPLETH_PARAMS as readonly string[]).includes(k));
  if (unknown.length) return jsonError(400, `Unknown parameter "${unknown[0]}"`, { details: { allowed: CHOROPLETH_PARAMS } });
  const answer = await choropleth(context.series, context.reference.list("getWarmingLevels"), choroplethQueryFromParams(params));
  if ("status" in answer) return jsonError(answer.status, answer.message, { details: answer.details });
  return new Response(JSON.stringify(answer), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

export const action = methodNotAllowed;
