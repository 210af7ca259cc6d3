import type { IconName } from "@blueprintjs/icons";

export type NavGroupId =
  | "climate"
  | "agriculture"
  | "water"
  | "livestock"
  | "disaster"
  | "planning"
  | "collector"
  | "tools"
  | "help";

export interface PortalRoute {
  /** URL path; dynamic segments written as `:name`. */
  path: string;
  title: string;
  description: string;
  group?: NavGroupId;
  icon: IconName;
  /** Not listed in navigation or search (dynamic pages, confirmations). */
  hidden?: boolean;
  /** A concrete URL for dynamic paths (tests, examples). */
  example?: string;
}

export const NAV_GROUPS: { id: NavGroupId; title: string }[] = [
  { id: "climate", title: "Climate" },
  { id: "agriculture", title: "Agriculture" },
  { id: "water", title: "Water" },
  { id: "livestock", title: "Livestock" },
  { id: "disaster", title: "Disaster" },
  { id: "planning", title: "Planning" },
  { id: "collector", title: "Data collector" },
  { id: "tools", title: "Tools" },
  { id: "help", title: "Help" },
];

const catalog = (topic: string, title: string, group: NavGroupId, about: string): PortalRoute => ({
  path: `/catalog/${topic}`,
  title,
  description: `Catalogue of ${about} datasets for South Asia: filter by indicator, geography, administrative level, period, source and year range, then open a dataset where the portal shows it.`,
  group,
  icon: "th-list",
});

/**
 * Every screen of the portal (spec section 2), in navigation order. Titles and descriptions feed the
 * sidebar, the navigation search, breadcrumbs, page titles and the frame of each page.
 */
export const PORTAL_ROUTES: PortalRoute[] = [
  {
    path: "/",
    title: "Home",
    description:
      "Climate, agriculture, water, livestock, disaster and planning data for Afghanistan, Bangladesh, Bhutan, India, Maldives, Nepal, Pakistan and Sri Lanka, and 16 river basins.",
    icon: "home",
  },
  {
    path: "/cmip6-data",
    title: "CMIP6 data explorer",
    description:
      "Pick an indicator, a country or basin, scenarios and models to see NEX-GDDP-CMIP6 projections with the spread across models, in charts and tables you can download.",
    group: "climate",
    icon: "timeline-line-chart",
  },
  {
    path: "/cmip6-viewer",
    title: "CMIP6 map viewer",
    description:
      "Map CMIP6 indicators over countries, river basins, and states and provinces by scenario, model and period, with layers, legends and a time series for any region.",
    group: "climate",
    icon: "map",
  },
  {
    path: "/profiles",
    title: "Place climate profiles",
    description:
      "A printable one-page climate profile for each country and river basin: where it is, its 1995-2014 climate, and every indicator's projected change by 20-year window and global warming level, with model agreement and a data pack.",
    group: "climate",
    icon: "document",
  },
  {
    path: "/profiles/:place",
    title: "Place climate profile",
    description: "The climate profile of one country or river basin.",
    group: "climate",
    icon: "document",
    hidden: true,
    example: "/profiles/nepal",
  },
  {
    path: "/analytics",
    title: "Analytics",
    description: "Analyses of climate against crops, livestock and water, computed from the CMIP6 series.",
    icon: "chart",
    hidden: true,
  },
  {
    path: "/analytics/climate-crop",
    title: "Climate and crops",
    description:
      "Growing-season climate for the kharif (June-September) and rabi (November-March) seasons: rainfall, temperature, heat days and their trends.",
    group: "climate",
    icon: "chart",
  },
  {
    path: "/analytics/climate-crop/climate-variability",
    title: "Climate variability",
    description:
      "Year-to-year variability of seasonal climate: anomalies against a baseline, coefficient of variation, SPI and SPEI.",
    group: "climate",
    icon: "waves",
  },
  {
    path: "/analytics/climate-crop/enso-crops",
    title: "ENSO and crops",
    description:
      "Season rainfall and temperature composites by ENSO phase (El Nino, La Nina, neutral) from the Oceanic Nino Index.",
    group: "climate",
    icon: "globe",
  },
  {
    path: "/analytics/my-index",
    title: "Your own climate index",
    description:
      "Compute an index of your own from daily CMIP6 values (days past a threshold, spells, degree days, totals) for any season, window, models and region.",
    group: "climate",
    icon: "heat-grid",
  },
  catalog("climate", "Climate catalogue", "climate", "climate"),
  {
    path: "/catalog/explorer",
    title: "Climate data explorer",
    description:
      "Climate reanalysis and precipitation sources (ERA5-Land, MSWEP, CHIRPS and others) on a map, with their layers and legends.",
    group: "climate",
    icon: "search-around",
  },
  {
    path: "/pyaez",
    title: "Agro-ecological zoning",
    description:
      "PyAEZ agro-ecological zoning: climate regime, crop simulations, climate, soil and terrain constraints and economic suitability, module by module.",
    group: "agriculture",
    icon: "layers",
  },
  catalog("agriculture", "Agriculture catalogue", "agriculture", "agriculture"),
  {
    path: "/tools/gee",
    title: "Soil and cropland tools",
    description: "Soil type and cropland extent layers, computed with Google Earth Engine, on a map.",
    group: "agriculture",
    icon: "tree",
  },
  {
    path: "/analytics/climate-water",
    title: "Climate and water",
    description:
      "Water balance indicators (precipitation, potential evapotranspiration and their difference) and their projected change.",
    group: "water",
    icon: "tint",
  },
  {
    path: "/isimip",
    title: "ISIMIP water yield",
    description: "Water yield projections from the Inter-Sectoral Impact Model Intercomparison Project (ISIMIP).",
    group: "water",
    icon: "tint",
  },
  {
    path: "/glofas",
    title: "GloFAS flood forecasts",
    description: "Flood forecasts and river discharge from the Global Flood Awareness System (GloFAS).",
    group: "water",
    icon: "flows",
  },
  catalog("water", "Water catalogue", "water", "water resources"),
  {
    path: "/analytics/climate-livestock",
    title: "Climate and livestock",
    description:
      "Heat stress for livestock: days per month with the daily temperature-humidity index at or above cited thresholds for cattle and dairy cows, now and in the future.",
    group: "livestock",
    icon: "heat-grid",
  },
  catalog("livestock", "Livestock catalogue", "livestock", "livestock"),
  {
    path: "/lhasa",
    title: "Landslide hazard (LHASA)",
    description: "Landslide hazard from NASA's Landslide Hazard Assessment for Situational Awareness (LHASA) model.",
    group: "disaster",
    icon: "warning-sign",
  },
  catalog("disaster", "Disaster catalogue", "disaster", "disaster risk"),
  {
    path: "/care-comp",
    title: "Compare places and scenarios",
    description: "Compare up to four places or scenarios side by side for one indicator, in charts and a table.",
    group: "planning",
    icon: "comparison",
  },
  catalog("planning", "Planning catalogue", "planning", "planning"),
  {
    path: "/data",
    title: "Data collector",
    description: "The data collector: catalogue sectors with their datasets, search, your data basket and data sharing.",
    group: "collector",
    icon: "database",
  },
  {
    path: "/data/catalog",
    title: "Data catalogue",
    description: "The whole data catalogue across the eight sectors, with sorting, filters and export.",
    group: "collector",
    icon: "th",
  },
  {
    path: "/data/sector/:id",
    title: "Sector",
    description: "The datasets of one catalogue sector.",
    group: "collector",
    icon: "folder-open",
    hidden: true,
    example: "/data/sector/agriculture",
  },
  {
    path: "/data/bin",
    title: "Data basket",
    description: "Datasets you have collected from any table, kept in this browser and exportable as CSV.",
    group: "collector",
    icon: "shopping-cart",
  },
  {
    path: "/data/share",
    title: "Share data",
    description: "Offer a dataset to the portal: describe it, give its link and licence, and we will review it.",
    group: "collector",
    icon: "cloud-upload",
  },
  {
    path: "/data-chart/tag/view",
    title: "Browse data by tag",
    description: "Browse the catalogue by tag: source, variable and sector.",
    group: "collector",
    icon: "tag",
  },
  {
    path: "/data-chart/tag/view-data",
    title: "Data for tags",
    description: "The datasets and data of the tags you chose.",
    group: "collector",
    icon: "tags",
  },
  {
    path: "/data-chart/node/:nid",
    title: "Dataset chart",
    description: "Chart and table of one catalogue dataset.",
    group: "collector",
    icon: "chart",
    hidden: true,
    example: "/data-chart/node/chirps-rainfall-npl-l1-monthly",
  },
  {
    path: "/data-chart/section/:nid",
    title: "Section charts",
    description: "Charts of one catalogue section (sector): its datasets by source, geography, period and years.",
    group: "collector",
    icon: "grouped-bar-chart",
    hidden: true,
    example: "/data-chart/section/water-resources",
  },
  {
    path: "/ckan-viewer",
    title: "CKAN data viewer",
    description: "Search a CKAN open data portal and preview its CSV resources, or browse the portal's own catalogue.",
    group: "collector",
    icon: "search",
  },
  catalog("data", "Data catalog", "collector", "all"),
  {
    path: "/tools",
    title: "Tools",
    description: "Every tool and map viewer of the portal, with what each does.",
    group: "tools",
    icon: "wrench",
  },
  {
    path: "/second-page",
    title: "Decadal rainfall viewer",
    description: "Decadal rainfall layers (1980-89, 1990-99, 2000-09, 2010-19, 2020-23) on a map, decade by decade.",
    group: "tools",
    icon: "rain",
  },
  {
    path: "/user-guide",
    title: "User guide",
    description: "How to use each area of the portal, and its keyboard shortcuts.",
    group: "help",
    icon: "manual",
  },
  {
    path: "/wiki",
    title: "Wiki",
    description: "Glossary and methods: CMIP6, scenarios, ensemble statistics, climate extreme indices and agro-ecological zoning.",
    group: "help",
    icon: "book",
  },
  {
    path: "/api-docs",
    title: "Data API",
    description: "The portal's open JSON API: reference lists, CMIP6 series per model and map values, with parameters, examples in curl, Python and R, and its OpenAPI description.",
    group: "help",
    icon: "code",
  },
  {
    path: "/about-sacap",
    title: "About SACAP",
    description: "What the South Asia Climate and Agriculture Portal is, what it covers and how it is built.",
    group: "help",
    icon: "info-sign",
  },
  {
    path: "/about-care",
    title: "About CARE",
    description: "The Climate Adaptation and Resilience for South Asia (CARE) project behind the portal.",
    group: "help",
    icon: "people",
  },
  {
    path: "/disclaimer",
    title: "Disclaimer",
    description: "How to read and use the portal's data, and the limits of what it tells.",
    group: "help",
    icon: "disable",
  },
  {
    path: "/contact/form",
    title: "Contact us",
    description: "Send the portal team a question, a correction or a request.",
    group: "help",
    icon: "envelope",
  },
  {
    path: "/contact/thankyou",
    title: "Thank you",
    description: "Your message has been received.",
    group: "help",
    icon: "tick-circle",
    hidden: true,
  },
];

const byPath = new Map(PORTAL_ROUTES.map((route) => [route.path, route]));

/** The registry entry of a path pattern; throws for a path that is not a portal route (a programming error). */
export function portalRoute(path: string): PortalRoute {
  const route = byPath.get(path);
  if (!route) throw new Error(`Unknown portal route ${path}`);
  return route;
}

/** The registry entry whose pattern matches a concrete URL path, if any. */
export function matchPortalRoute(pathname: string): PortalRoute | undefined {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const exact = byPath.get(clean);
  if (exact) return exact;
  const segments = clean.split("/");
  return PORTAL_ROUTES.find((route) => {
    const pattern = route.path.split("/");
    return (
      pattern.length === segments.length &&
      pattern.every((part, i) => part.startsWith(":") ? segments[i] !== "" : part === segments[i])
    );
  });
}

/** Routes shown in navigation and search. */
export const NAVIGABLE_ROUTES = PORTAL_ROUTES.filter((route) => !route.hidden);

export interface Crumb {
  href: string;
  text: string;
}

/** Home, then each registered ancestor of the path, then the current page under its own title. */
export function breadcrumbsFor(pathname: string, currentTitle?: string): Crumb[] {
  const crumbs: Crumb[] = [{ href: "/", text: "Home" }];
  if (pathname === "/") return crumbs;
  const segments = pathname.replace(/\/+$/, "").split("/").filter(Boolean);
  segments.forEach((_, i) => {
    const href = "/" + segments.slice(0, i + 1).join("/");
    const isLast = i === segments.length - 1;
    const route = matchPortalRoute(href);
    if (isLast) crumbs.push({ href, text: currentTitle ?? route?.title ?? segments[i] });
    else if (route && byPath.has(href)) crumbs.push({ href, text: route.title });
  });
  return crumbs;
}
