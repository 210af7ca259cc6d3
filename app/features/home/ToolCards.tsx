import { Icon } from "@blueprintjs/core";
import { Link } from "@remix-run/react";
import { portalRoute } from "~/features/navigation/routes";

/** The portal's tools and viewers, in the order a new user meets them. */
const TOOL_PATHS = [
  "/cmip6-data",
  "/cmip6-viewer",
  "/care-comp",
  "/pyaez",
  "/tools/gee",
  "/isimip",
  "/glofas",
  "/lhasa",
  "/second-page",
  "/catalog/explorer",
  "/ckan-viewer",
  "/data/catalog",
];

export function ToolCards() {
  return (
    <ul className="sacap-home-grid sacap-tool-cards">
      {TOOL_PATHS.map(portalRoute).map((route) => (
        <li key={route.path} className="sacap-card">
          <h2 className="sacap-card__title">
            <Icon icon={route.icon} aria-hidden /> <Link to={route.path}>{route.title}</Link>
          </h2>
          <p>{route.description}</p>
        </li>
      ))}
    </ul>
  );
}
