import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RoutePage } from "~/components/RoutePage";
import { SectorOverview } from "~/features/collector/SectorOverview";
import { routeMeta } from "~/lib/meta";

export async function loader({ context }: LoaderFunctionArgs) {
  const entries = context.reference.list("getCatalogData");
  const counts: Record<string, number> = {};
  for (const entry of entries) counts[entry.data_sector] = (counts[entry.data_sector] ?? 0) + 1;
  return json({ counts, total: entries.length });
}

export default function DataIndexRoute() {
  const { counts, total } = useLoaderData<typeof loader>();
  return (
    <RoutePage path="/data">
      <SectorOverview counts={counts} total={total} />
    </RoutePage>
  );
}

export const meta = routeMeta("/data");
