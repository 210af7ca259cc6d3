import { NavLink, Outlet } from "@remix-run/react";
import { portalRoute } from "~/features/navigation/routes";

const ANALYSES = [
  "/analytics/climate-crop",
  "/analytics/climate-crop/climate-variability",
  "/analytics/climate-crop/enso-crops",
  "/analytics/climate-livestock",
  "/analytics/climate-water",
  "/analytics/my-index",
].map(portalRoute);

/** The analytics area: a tab bar over its analyses, each a child route. */
export default function AnalyticsRoute() {
  return (
    <>
      <nav className="sacap-tabs" aria-label="Analyses">
        {ANALYSES.map((analysis) => (
          <NavLink
            key={analysis.path}
            to={analysis.path}
            end
            className={({ isActive }) => `sacap-tabs__tab${isActive ? " sacap-tabs__tab--active" : ""}`}
          >
            {analysis.title}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </>
  );
}
