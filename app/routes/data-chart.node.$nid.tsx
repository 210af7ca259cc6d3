import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { RoutePage } from "~/components/RoutePage";
import { SampleTag } from "~/components/SampleTag";
import { EntryDetails } from "~/features/catalog/EntryDrawer";
import { invariantResponse } from "~/lib/http";
import { pageTitle } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";

export const handle: RouteHandle = { collector: true };

/** One catalogue entry by its id; an unknown id is a 404. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const entry = context.reference.list("getCatalogData").find((e) => e.id === params.nid);
  invariantResponse(entry, "No such dataset");
  return json({ entry, apiCache: context.reference.cacheEntries(["getIndicators"]) });
}

export default function DataChartNodeRoute() {
  const { entry } = useLoaderData<typeof loader>();
  return (
    <RoutePage path="/data-chart/node/:nid" title={entry.name} description={`${entry.data_sector} · ${entry.source}`} actions={<SampleTag what="catalogue entry" />}>
      <section className="sacap-card">
        <EntryDetails entry={entry} />
      </section>
    </RoutePage>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.entry.name ?? "Page not found") }];
