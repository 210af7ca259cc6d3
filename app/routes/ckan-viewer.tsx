import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RoutePage } from "~/components/RoutePage";
import { CkanViewer, type CkanViewerData } from "~/features/ckan/CkanViewer";
import { routeMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { CKAN_PAGE_SIZE } from "~server/services/ckan.server";

export const handle: RouteHandle = { collector: true, fresh: true };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").slice(0, 200);
  const page = Math.min(500, Math.max(1, Math.trunc(Number(params.get("page"))) || 1));
  const datasetId = params.get("dataset")?.slice(0, 200);
  const resourceId = params.get("resource")?.slice(0, 200);
  const { ckan } = context;
  const [search, dataset] = await Promise.all([ckan.search(q, page), datasetId ? ckan.show(datasetId) : null]);
  const preview = dataset?.ok && dataset.data && resourceId ? await ckan.preview(dataset.data, resourceId) : null;
  const data: CkanViewerData = { mode: ckan.mode, source: ckan.source, q, page, pageSize: CKAN_PAGE_SIZE, search, dataset, preview };
  // An upstream failure is shown on the page, which still answers with 502 (504 when it did not answer in time);
  // a refused preview is the portal's own decision, shown on a normal page.
  const failures = [search, dataset, preview].filter((result) => result && !result.ok && !result.refused);
  const status = failures.length === 0 ? 200 : failures.some((result) => result && !result.ok && result.timedOut) ? 504 : 502;
  return json(data, { status });
}

export default function CkanViewerRoute() {
  const data = useLoaderData<typeof loader>() as unknown as CkanViewerData;
  return (
    <RoutePage path="/ckan-viewer">
      <CkanViewer data={data} />
    </RoutePage>
  );
}

export const meta = routeMeta("/ckan-viewer");
