import { Button, Menu, MenuItem } from "@blueprintjs/core";
import { Popover } from "~/components/Popover";
import { NavLink, useLocation, useNavigate } from "@remix-run/react";
import { SECTORS } from "~/features/collector/sectors";

const TABS = [
  { to: "/data", text: "Collector home" },
  { to: "/data/catalog", text: "Catalogue" },
  { to: "/data-chart/tag/view", text: "Tags" },
  { to: "/ckan-viewer", text: "CKAN" },
  { to: "/data/bin", text: "Basket" },
  { to: "/data/share", text: "Share data" },
];

/** The data collector's own navigation bar, shown across the /data... pages. */
export function CollectorNav() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <nav className="sacap-collector-nav" aria-label="Data collector">
      {TABS.slice(0, 2).map((tab) => (
        <CollectorLink key={tab.to} {...tab} />
      ))}
      <Popover
        menu
        placement="bottom-start"
        content={
          <Menu size="small" aria-label="Sectors">
            {SECTORS.map((sector) => {
              const to = `/data/sector/${sector.id}`;
              return (
                <MenuItem
                  key={sector.id}
                  text={sector.name}
                  href={to}
                  active={pathname === to}
                  onClick={(event) => {
                    event.preventDefault();
                    navigate(to);
                  }}
                />
              );
            })}
          </Menu>
        }
      >
        <Button variant="minimal" size="small" endIcon="caret-down" text="Sectors" active={pathname.startsWith("/data/sector/")} />
      </Popover>
      {TABS.slice(2).map((tab) => (
        <CollectorLink key={tab.to} {...tab} />
      ))}
    </nav>
  );
}

function CollectorLink({ to, text }: { to: string; text: string }) {
  return (
    <NavLink to={to} end className={({ isActive }) => `sacap-collector-nav__link${isActive ? " sacap-collector-nav__link--active" : ""}`}>
      {text}
    </NavLink>
  );
}
