import { json } from "@remix-run/node";
import type { MetaFunction } from "@remix-run/react";
import { ErrorPage } from "~/components/ErrorPage";
import { pageTitle } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";

/** Any path no other route serves: a 404 page in the blank layout, open to everyone. */
export const handle: RouteHandle = { layout: "blank", public: true };

export async function loader() {
  return json({ status: 404 }, { status: 404 });
}

export default function NotFoundRoute() {
  return <ErrorPage status={404} />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("Page not found") }, { name: "robots", content: "noindex" }];
