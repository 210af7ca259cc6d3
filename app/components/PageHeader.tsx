import { Classes } from "@blueprintjs/core";
import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { breadcrumbsFor } from "~/features/navigation/routes";

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Buttons or tags at the right of the heading. */
  actions?: ReactNode;
}

/** Breadcrumbs, the page's one <h1>, and its description. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  const { pathname } = useLocation();
  const crumbs = breadcrumbsFor(pathname, title);
  return (
    <header className="sacap-page-header">
      <nav aria-label="Breadcrumb">
        <ol className={`${Classes.BREADCRUMBS} sacap-breadcrumbs`}>
          {crumbs.map((crumb, i) => {
            const last = i === crumbs.length - 1;
            return (
              <li key={crumb.href}>
                {last ? (
                  <span className={`${Classes.BREADCRUMB} ${Classes.BREADCRUMB_CURRENT}`} aria-current="page">
                    {crumb.text}
                  </span>
                ) : (
                  <Link className={Classes.BREADCRUMB} to={crumb.href}>
                    {crumb.text}
                  </Link>
                )}
              </li>
            );
          })}
        </ol>
      </nav>
      <div className="sacap-page-header__title">
        <h1 id="page-title">{title}</h1>
        {actions && <div className="sacap-page-header__actions">{actions}</div>}
      </div>
      {description && <p className="sacap-page-header__description">{description}</p>}
    </header>
  );
}
