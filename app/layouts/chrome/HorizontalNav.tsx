import { Button, Menu, MenuItem } from "@blueprintjs/core";
import { Popover } from "~/components/Popover";
import { Link, useLocation, useNavigate } from "@remix-run/react";
import { NAVIGABLE_ROUTES, NAV_GROUPS } from "~/features/navigation/routes";

/** The horizontal navigation variant: one menu per topic. */
export function HorizontalNav({ sticky }: { sticky: boolean }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <nav className={`sacap-hnav${sticky ? " sacap-hnav--sticky" : ""}`} aria-label="Main">
      <Link to="/" className={`sacap-hnav__home${pathname === "/" ? " sacap-nav__link--active" : ""}`}>
        Home
      </Link>
      {NAV_GROUPS.map((group) => {
        const routes = NAVIGABLE_ROUTES.filter((route) => route.group === group.id);
        const active = routes.some((route) => route.path === pathname);
        return (
          <Popover
            menu
            key={group.id}
            placement="bottom-start"
            content={
              <Menu size="small" aria-label={group.title}>
                {routes.map((route) => (
                  <MenuItem
                    key={route.path}
                    icon={route.icon}
                    text={route.title}
                    href={route.path}
                    active={route.path === pathname}
                    onClick={(event) => {
                      event.preventDefault();
                      navigate(route.path);
                    }}
                  />
                ))}
              </Menu>
            }
          >
            <Button variant="minimal" size="small" endIcon="chevron-down" active={active} text={group.title} />
          </Popover>
        );
      })}
    </nav>
  );
}
