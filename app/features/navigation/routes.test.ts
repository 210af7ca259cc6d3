import { describe, expect, it } from "vitest";
import { NAV_GROUPS, PORTAL_ROUTES, breadcrumbsFor, matchPortalRoute } from "./routes";

const SPEC_PATHS = [
  "/", "/about-care", "/about-sacap", "/disclaimer", "/user-guide", "/wiki", "/analytics",
  "/analytics/climate-crop", "/analytics/climate-crop/climate-variability", "/analytics/climate-crop/enso-crops",
  "/analytics/climate-livestock", "/analytics/climate-water",
  ...["agriculture", "climate", "data", "disaster", "explorer", "livestock", "planning", "water"].map((t) => `/catalog/${t}`),
  "/care-comp", "/ckan-viewer", "/cmip6-data", "/cmip6-viewer", "/contact/form", "/contact/thankyou",
  "/data", "/data/bin", "/data/catalog", "/data/share", "/data/sector/:id", "/data-chart/node/:nid",
  "/data-chart/section/:nid", "/data-chart/tag/view", "/data-chart/tag/view-data",
  "/glofas", "/isimip", "/lhasa", "/pyaez", "/second-page", "/tools/gee", "/tools",
];

/** Pages the portal adds to the spec's table: the place profiles, the data API's page and the on-demand index. */
const ADDED_PATHS = ["/profiles", "/profiles/:place", "/api-docs", "/analytics/my-index"];

describe("portal route registry", () => {
  it("lists every path of the spec's route table, and the portal's additions, exactly once", () => {
    const paths = PORTAL_ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...SPEC_PATHS, ...ADDED_PATHS].sort());
  });

  it("gives every route a title, a description and a known group", () => {
    const groups = new Set(NAV_GROUPS.map((g) => g.id));
    for (const route of PORTAL_ROUTES) {
      expect(route.title.length).toBeGreaterThan(2);
      expect(route.description.length).toBeGreaterThan(20);
      if (route.group) expect(groups.has(route.group)).toBe(true);
      if (route.path.includes(":")) expect(route.example).toBeDefined();
    }
  });

  it("matches concrete URLs to their patterns", () => {
    expect(matchPortalRoute("/data/sector/agriculture")?.path).toBe("/data/sector/:id");
    expect(matchPortalRoute("/cmip6-data/")?.path).toBe("/cmip6-data");
    expect(matchPortalRoute("/nope")).toBeUndefined();
  });
});

describe("breadcrumbsFor", () => {
  it("walks registered ancestors", () => {
    expect(breadcrumbsFor("/analytics/climate-crop/enso-crops")).toEqual([
      { href: "/", text: "Home" },
      { href: "/analytics", text: "Analytics" },
      { href: "/analytics/climate-crop", text: "Climate and crops" },
      { href: "/analytics/climate-crop/enso-crops", text: "ENSO and crops" },
    ]);
  });
  it("skips unregistered intermediate segments and names the page by its own title", () => {
    expect(breadcrumbsFor("/data/sector/agriculture", "Agriculture")).toEqual([
      { href: "/", text: "Home" },
      { href: "/data", text: "Data collector" },
      { href: "/data/sector/agriculture", text: "Agriculture" },
    ]);
  });
  it("is just Home on the home page", () => {
    expect(breadcrumbsFor("/")).toEqual([{ href: "/", text: "Home" }]);
  });
});
