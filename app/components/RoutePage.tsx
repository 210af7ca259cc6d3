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

/**
 * Opens a fold on a wide screen as React attaches it: `<details className="sacap-fold" ref={openOnWideScreen}>`.
 *
 * A fold is a part of a page that a phone reader does not need at once (styles/app.css, decision 028, "What
 * a page holds on a phone"): closed in the document, and so on a phone until the reader opens it. Above
 * 800 px the stylesheet shows its content from the first paint and hides its summary, with scripts or
 * without; this opens it there too, while the page hydrates or when a navigation in the portal renders it,
 * so that screen readers and other tools are told that its content is shown, and so that a browser without
 * `::details-content` shows it at all. One function for every fold: React calls it when a fold is attached,
 * not on each render, and never closes one.
 *
 * It lives beside the frame every page shares, and so in the code every page with a fold already loads: in
 * a module of its own it was a file of its own as well, with its link in the document of each such page.
 */
export function openOnWideScreen(fold: HTMLDetailsElement | null) {
  if (fold && matchMedia("(min-width: 800.02px)").matches) fold.open = true;
}
