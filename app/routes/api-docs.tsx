import { useLoaderData } from "@remix-run/react";
import { RoutePage } from "~/components/RoutePage";
import { ApiDocs } from "~/features/api-docs/ApiDocs";
import { apiDocsLoader } from "~/features/api-docs/route.server";
import { routeMeta } from "~/lib/meta";

export const loader = apiDocsLoader;

export default function ApiDocsRoute() {
  const { view, origin } = useLoaderData<typeof loader>();
  return (
    <RoutePage path="/api-docs">
      <ApiDocs view={view} origin={origin} />
    </RoutePage>
  );
}

export const meta = routeMeta("/api-docs");
