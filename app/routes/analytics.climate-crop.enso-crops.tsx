import type { ClientLoaderFunctionArgs } from "@remix-run/react";
import { useLoaderData } from "@remix-run/react";
import { RoutePage } from "~/components/RoutePage";
import type { OniTable } from "~/features/analytics/compute";
import { EnsoCrops } from "~/features/analytics/EnsoCrops";
import { ensoHistoricalQueries, ensoObservedQueries } from "~/features/analytics/queries";
import { routeMeta } from "~/lib/meta";
import { referenceClientLoader } from "~/store/client-loader";
import { ensoLoader } from "~server/analytics/loader.server";

export const loader = /* @__PURE__ */ ensoLoader(ensoObservedQueries, ensoHistoricalQueries);

/** The ONI table and which observations exist come from the server loader; the lists and series from the cache. */
export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  const [data] = await Promise.all([serverLoader<typeof loader>(), referenceClientLoader(["getGeos", "getWarmingLevels"])()]);
  return data;
}

export default function AnalyticsEnsoCropsRoute() {
  const { oni, observed } = useLoaderData<typeof loader>() as { oni: OniTable; observed: boolean[] };
  return (
    <RoutePage path="/analytics/climate-crop/enso-crops">
      <EnsoCrops oni={oni} observed={observed} />
    </RoutePage>
  );
}

export const meta = routeMeta("/analytics/climate-crop/enso-crops");
