import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, type MetaFunction } from "@remix-run/react";
import { RoutePage } from "~/components/RoutePage";
import { SampleTag } from "~/components/SampleTag";
import { applyTableState } from "~/components/data-table/model";
import { defaultTableState } from "~/components/data-table/state";
import { CATALOG_COLUMNS } from "~/features/catalog/columns";
import { CountBars } from "~/features/catalog/CountBars";
import { scopeFilter } from "~/features/catalog/scope";
import { sectorById } from "~/features/collector/sectors";
import { invariantResponse } from "~/lib/http";
import { pageTitle } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";

export const handle: RouteHandle = { collector: true };

const CHARTS = [
  { id: "source", title: "Datasets by source" },
  { id: "geo", title: "Datasets by geography" },
  { id: "period", title: "Datasets by period" },
  { id: "year_range", title: "Datasets by years covered" },
];

/** A section is a catalogue sector, by its URL id; an unknown one is a 404. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const sector = sectorById(params.nid ?? "");
  invariantResponse(sector, "No such section");
  const entries = context.reference.list("getCatalogData").filter(scopeFilter({ kind: "sector", sector: sector.name }));
  const { facetCounts } = applyTableState(entries, CATALOG_COLUMNS, defaultTableState(CATALOG_COLUMNS));
  return json({ sector, total: entries.length, charts: CHARTS.map((chart) => ({ ...chart, counts: facetCounts[chart.id] ?? [] })) });
}

export default function DataChartSectionRoute() {
  const { sector, total, charts } = useLoaderData<typeof loader>();
  return (
    <RoutePage path="/data-chart/section/:nid" title={`${sector.name}: charts`} actions={<SampleTag what="catalogue" />}>
      <p>
        {`${total} datasets. `}
        <Link to={`/data/sector/${sector.id}`}>List them in a table</Link>
      </p>
      <div className="sacap-home-grid">
        {charts.map((chart) => (
          <CountBars key={chart.id} title={chart.title} counts={chart.counts} />
        ))}
      </div>
    </RoutePage>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data ? `${data.sector.name}: charts` : "Page not found") }];
