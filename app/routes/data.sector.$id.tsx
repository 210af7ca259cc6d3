import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { RoutePage } from "~/components/RoutePage";
import { sectorById } from "~/features/collector/sectors";
import { invariantResponse } from "~/lib/http";
import { pageTitle } from "~/lib/meta";

export async function loader({ params }: LoaderFunctionArgs) {
  const sector = sectorById(params.id ?? "");
  invariantResponse(sector, `No sector "${params.id}"`);
  return json({ sector });
}

export default function DataSectorRoute() {
  const { sector } = useLoaderData<typeof loader>();
  return (
    <RoutePage
      path="/data/sector/:id"
      title={`${sector.name} sector`}
      description={`The datasets of the ${sector.name} sector of the catalogue.`}
    />
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `${data.sector.name} sector` : "Page not found") },
];
