import { useLoaderData } from "@remix-run/react";
import { RoutePage } from "~/components/RoutePage";
import { ApiDocs } from "~/features/api-docs/ApiDocs";
import { apiDocsClientLoader } from "~/features/api-docs/clientLoader";
import { apiDocsLoader } from "~/features/api-docs/route.server";
import { routeMeta } from "~/lib/meta";

export const loader = apiDocsLoader;
export const clientLoader = apiDocsClientLoader;

export default function ApiDocsRoute() {
  const data = useLoaderData<typeof loader | typeof clientLoader>();
  return (
    <RoutePage path="/api-docs">
      <ApiDocs view={data.intro} operations={data.operations} endpoints={"endpoints" in data ? data.endpoints : undefined} origin={data.origin} />
    </RoutePage>
  );
}

export const meta = routeMeta("/api-docs");
