import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { RoutePage } from "~/components/RoutePage";
import { invariantResponse } from "~/lib/http";
import { pageTitle } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";

export const handle: RouteHandle = { collector: true };

export async function loader({ params }: LoaderFunctionArgs) {
  const nid = params.nid ?? "";
  invariantResponse(/^[1-9]\d{0,8}$/.test(nid), `No section "${nid}"`);
  return json({ nid });
}

export default function DataChartSectionRoute() {
  const { nid } = useLoaderData<typeof loader>();
  return <RoutePage path="/data-chart/section/:nid" title={`${"Section"} ${nid}`} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `Section ${data.nid}` : "Page not found") },
];
