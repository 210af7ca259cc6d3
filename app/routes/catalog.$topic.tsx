import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { RoutePage } from "~/components/RoutePage";
import { portalRoute } from "~/features/navigation/routes";
import { invariantResponse } from "~/lib/http";
import { pageTitle } from "~/lib/meta";

/** The topic catalogues (the explorer has a route of its own). */
const TOPICS = ["agriculture", "climate", "data", "disaster", "livestock", "planning", "water"] as const;

export async function loader({ params }: LoaderFunctionArgs) {
  const topic = TOPICS.find((t) => t === params.topic);
  invariantResponse(topic, `No catalogue for "${params.topic}"`);
  return json({ path: `/catalog/${topic}` });
}

export default function CatalogTopicRoute() {
  const { path } = useLoaderData<typeof loader>();
  return <RoutePage path={path} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: pageTitle("Page not found") }];
  const route = portalRoute(data.path);
  return [{ title: pageTitle(route.title) }, { name: "description", content: route.description }];
};
