import type { LinksFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { RoutePage } from "~/components/RoutePage";
import { OnDemandPage } from "~/features/ondemand/OnDemandPage";
import { onDemandAction, onDemandLoader } from "~/features/ondemand/page.server";
import type { OnDemandActionData, OnDemandPageData } from "~/features/ondemand/types";
import type { RouteHandle } from "~/lib/route-handle";
import { routeMeta } from "~/lib/meta";
import ondemandHref from "../../styles/ondemand.css";

export const loader = onDemandLoader;
export const action = onDemandAction;

/** The client's jobs are on the page: rendered for every request, never kept for another. */
export const handle: RouteHandle = { fresh: true };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: ondemandHref }];

export default function MyIndexRoute() {
  const data = useLoaderData<typeof loader>() as unknown as OnDemandPageData;
  const action = useActionData<typeof onDemandAction>() as unknown as OnDemandActionData | undefined;
  return (
    <RoutePage path="/analytics/my-index">
      <OnDemandPage data={data} action={action} />
    </RoutePage>
  );
}

export const meta = routeMeta("/analytics/my-index");
