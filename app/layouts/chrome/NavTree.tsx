import { Icon } from "@blueprintjs/core";
import { NavLink } from "@remix-run/react";
import { NAVIGABLE_ROUTES, NAV_GROUPS, portalRoute, type PortalRoute } from "~/features/navigation/routes";

const home = portalRoute("/");

function NavItem({ route, collapsed }: { route: PortalRoute; collapsed: boolean }) {
  return (
    <li>
      <NavLink
        to={route.path}
        end
        prefetch="intent"
        className={({ isActive }) => `sacap-nav__link${isActive ? " sacap-nav__link--active" : ""}`}
        title={collapsed ? route.title : undefined}
        aria-label={collapsed ? route.title : undefined}
      >
        <Icon icon={route.icon} aria-hidden />
        <span className="sacap-nav__text">{route.title}</span>
      </NavLink>
    </li>
  );
}

/** The portal's navigation grouped by topic: the sidebar and the small-screen drawer both render it. */
export function NavTree({ collapsed = false, id }: { collapsed?: boolean; id: string }) {
  return (
    <nav className="sacap-nav" aria-label="Main">
      <ul className="sacap-nav__list">
        <NavItem route={home} collapsed={collapsed} />
      </ul>
      {NAV_GROUPS.map((group) => {
        const routes = NAVIGABLE_ROUTES.filter((route) => route.group === group.id);
        const headingId = `${id}-${group.id}`;
        return (
          <div key={group.id} className="sacap-nav__group">
            <div id={headingId} className="sacap-nav__group-title">
              {group.title}
            </div>
            <ul className="sacap-nav__list" aria-labelledby={headingId}>
              {routes.map((route) => (
                <NavItem key={route.path} route={route} collapsed={collapsed} />
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
