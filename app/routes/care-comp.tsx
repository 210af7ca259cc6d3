import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RoutePage } from "~/components/RoutePage";
import { CompareView, type CompareViewData } from "~/features/compare/CompareView";
import { parseSelection } from "~/features/compare/selection";
import { seriesIndicator, seriesIndicatorCodes } from "~/features/cmip6/seriesQuery";
import { routeMeta } from "~/lib/meta";
import { compare } from "~server/services/compare.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const indicators = context.reference.list("getIndicators");
  const geos = context.reference.list("getGeos");
  const selection = parseSelection(new URL(request.url).searchParams, indicators, geos);
  const codes = seriesIndicatorCodes(indicators, "annual");
  const data: CompareViewData = {
    selection,
    indicators: codes.map((code) => ({ code, name: seriesIndicator(indicators, code, "annual")!.name })),
    geos: geos.map(({ field_value, name, field_geotype, field_country }) => ({ field_value, name, field_geotype, ...(field_country ? { field_country } : {}) })),
    result: await compare(context.series, selection, selection.periods === "gwl" ? context.reference.list("getWarmingLevels") : undefined),
  };
  return json(data);
}

export default function CareCompRoute() {
  const data = useLoaderData<typeof loader>() as unknown as CompareViewData;
  return (
    <RoutePage path="/care-comp">
      <CompareView data={data} />
    </RoutePage>
  );
}

export const meta = routeMeta("/care-comp");
