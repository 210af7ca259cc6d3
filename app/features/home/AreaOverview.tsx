import { Icon } from "@blueprintjs/core";
import { Link } from "@remix-run/react";
import { NAVIGABLE_ROUTES, NAV_GROUPS } from "~/features/navigation/routes";

/** Every area of the portal with its pages: the home page's map of the product, usable without JavaScript. */
export function AreaOverview() {
  return (
    <div className="sacap-home-grid">
      {NAV_GROUPS.map((group) => {
        const routes = NAVIGABLE_ROUTES.filter((route) => route.group === group.id);
        return (
          <section key={group.id} className="sacap-card" aria-labelledby={`area-${group.id}`}>
            <h2 id={`area-${group.id}`} className="sacap-card__title">
              {group.title}
            </h2>
            <ul className="sacap-area-list">
              {routes.map((route) => (
                <li key={route.path}>
                  <Link to={route.path} prefetch="intent" className="sacap-area-link">
                    <Icon icon={route.icon} aria-hidden /> {route.title}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
