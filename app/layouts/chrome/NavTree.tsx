import type { IconName } from "@blueprintjs/icons";
import { NavLink } from "@remix-run/react";
import { NAVIGABLE_ROUTES, NAV_GROUPS, portalRoute, type PortalRoute } from "~/features/navigation/routes";
import { BUNDLED_ICON_PATHS } from "~/lib/icon-paths";

const home = portalRoute("/");

/**
 * A page's icon in the navigation, drawn from Blueprint's 16 px paths as one SVG: Blueprint's <Icon> wraps
 * it in a span with the icon's name twice and a role, some 80 bytes more for each of the navigation's
 * links, in every page's document (decision 026's 200 KB).
 */
function NavIcon({ icon }: { icon: IconName }) {
  return (
    <svg className="bp6-icon" width="16" height="16" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true">
      {(BUNDLED_ICON_PATHS[icon] ?? []).map((d) => (
        <path key={d} d={d} fillRule="evenodd" />
      ))}
    </svg>
  );
}

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
        <NavIcon icon={route.icon} />
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
