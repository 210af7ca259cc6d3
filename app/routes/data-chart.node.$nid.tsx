import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { Classes } from "@blueprintjs/core";
import { RoutePage } from "~/components/RoutePage";
import { SampleTag } from "~/components/SampleTag";
import { EntryDetails } from "~/features/catalog/EntryDrawer";
import { EntrySeriesView } from "~/features/catalog/EntrySeriesView";
import { invariantResponse } from "~/lib/http";
import { pageTitle } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { entrySeriesView } from "~server/services/entry-data.server";

export const handle: RouteHandle = { collector: true };

/** One catalogue entry by its id, with the series behind it for a chosen place; an unknown id is a 404. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const entry = context.reference.list("getCatalogData").find((e) => e.id === params.nid);
  invariantResponse(entry, "No such dataset");
  const data = await entrySeriesView(context.series, context.reference, entry, new URL(request.url).searchParams);
  return json({ entry, data, apiCache: context.reference.cacheEntries(["getIndicators"]) });
}

export default function DataChartNodeRoute() {
  const { entry, data } = useLoaderData<typeof loader>();
  return (
    <RoutePage path="/data-chart/node/:nid" title={entry.name} description={`${entry.data_sector} · ${entry.source}`} actions={<SampleTag what="catalogue entry" />}>
      {data ? (
        <EntrySeriesView data={data} />
      ) : (
        <p className={`sacap-card ${Classes.TEXT_MUTED}`}>
          The portal does not hold the values of this dataset; its provider's page or the portal screen below shows them.
        </p>
      )}
      <section className="sacap-card" aria-label="About this dataset">
        <EntryDetails entry={entry} />
      </section>
    </RoutePage>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.entry.name ?? "Page not found") }];
