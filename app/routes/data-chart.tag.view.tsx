import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RoutePage } from "~/components/RoutePage";
import { TagBrowser } from "~/features/catalog/TagBrowser";
import { tagCounts } from "~/features/catalog/tags";
import { routeMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";

export const handle: RouteHandle = { collector: true };

export async function loader({ context }: LoaderFunctionArgs) {
  return json({ counts: tagCounts(context.reference.list("getCatalogData")) });
}

export default function DataChartTagViewRoute() {
  const { counts } = useLoaderData<typeof loader>();
  return (
    <RoutePage path="/data-chart/tag/view">
      <TagBrowser counts={counts} target="/data-chart/tag/view-data" />
    </RoutePage>
  );
}

export const meta = routeMeta("/data-chart/tag/view");
