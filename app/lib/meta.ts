import type { MetaFunction } from "@remix-run/node";
import { portalRoute } from "~/features/navigation/routes";

export const APP_TITLE = "SACAP";

export function pageTitle(title: string): string {
  return title === "Home" ? `${APP_TITLE}: South Asia Climate and Agriculture Portal` : `${title} · ${APP_TITLE}`;
}

/** `meta` for a registered portal route: its title and description. */
export function routeMeta(path: string): MetaFunction {
  const route = portalRoute(path);
  return () => [{ title: pageTitle(route.title) }, { name: "description", content: route.description }];
}
