import type { ReactNode } from "react";
import { portalRoute } from "~/features/navigation/routes";
import { PageHeader } from "./PageHeader";
import { RelatedPages } from "./RelatedPages";

interface RoutePageProps {
  /** The registry path of the route (`/data/sector/:id` for dynamic ones). */
  path: string;
  /** Overrides the registry title (dynamic pages name their subject). */
  title?: string;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}

/**
 * The frame every page shares: header from the route registry, the page's content, and the other
 * pages of its area.
 */
export function RoutePage({ path, title, description, actions, children }: RoutePageProps) {
  const route = portalRoute(path);
  return (
    <article className="sacap-page" aria-labelledby="page-title">
      <PageHeader title={title ?? route.title} description={description ?? route.description} actions={actions} />
      {children}
      <RelatedPages route={route} />
    </article>
  );
}
