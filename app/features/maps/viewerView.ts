import { servesFrequency } from "~/features/cmip6/seriesQuery";
import type { Cmip6Model, Geo, Indicator } from "~/features/cmip6/schema";
import type { ViewerLayer } from "~/features/viewer/schema";

/** An entry of one of the viewer's selects: the code the URL and the API take, and what the reader sees. */
export interface ViewerChoice {
  code: string;
  name: string;
}

/**
 * What `/cmip6-viewer` shows around its map (decision 026): the layer list, the choropleth's selects and
 * the regions it colours, and nothing the page does not show (the indicators' chart titles, axis units
 * and descriptions, the models' institutes). The map's values for a selection are the choropleth's own
 * answer (`/api/viewer/choropleth`), which the page asks for as the selection changes.
 */
export interface Cmip6ViewerView {
  /** The layers of the layer list and its filters, in the seed's order. */
  layers: ViewerLayer[];
  /** Indicators with annual values (each code once, under its first name): the Indicator select. */
  indicators: ViewerChoice[];
  /** The archive's models: the Models select; the URL's `mod` must name one of them. */
  models: ViewerChoice[];
  /**
   * The regions the choropleth colours by kind, in the reference list's order: countries, river basins, and
   * states and provinces by their country (ISO3), by which the region list names them. Grouped, a kind or
   * a country is said once rather than once per region (the view is in every document of the page).
   */
  regions: ViewerRegions;
  /** The layers are illustrative sample layers (the reference list's flag). */
  sample: boolean;
}

/** The regions of the choropleth by kind, the states and provinces by country. */
export interface ViewerRegions {
  Country: ViewerChoice[];
  Basin: ViewerChoice[];
  State: Record<string, ViewerChoice[]>;
}

/** What the choropleth's selects and region list read from the view. */
export type ChoroplethOptions = Pick<Cmip6ViewerView, "indicators" | "models" | "regions">;

export interface Cmip6ViewerInputs {
  layers: readonly ViewerLayer[];
  indicators: readonly Indicator[];
  models: readonly Cmip6Model[];
  geos: readonly Geo[];
  sample: boolean;
}

const choice = (g: Geo): ViewerChoice => ({ code: g.field_value, name: g.name });

function regionsOf(geos: readonly Geo[]): ViewerRegions {
  const regions: ViewerRegions = { Country: [], Basin: [], State: {} };
  for (const g of geos) {
    // the disputed areas are no layer of the map: they overlap the regions a layer tiles
    if (g.field_geotype === "Disputed") continue;
    if (g.field_geotype !== "State") regions[g.field_geotype].push(choice(g));
    else (regions.State[g.field_country ?? ""] ??= []).push(choice(g));
  }
  return regions;
}

/** The view of `/cmip6-viewer` from the reference lists it is drawn from. */
export function buildCmip6ViewerView({ layers, indicators, models, geos, sample }: Cmip6ViewerInputs): Cmip6ViewerView {
  const annual = new Map<string, string>();
  for (const indicator of indicators) if (servesFrequency(indicator, "annual") && !annual.has(indicator.field_value)) annual.set(indicator.field_value, indicator.name);
  return {
    layers: [...layers],
    indicators: [...annual].map(([code, name]) => ({ code, name })),
    models: models.map((m) => ({ code: m.field_value, name: m.name })),
    regions: regionsOf(geos),
    sample,
  };
}
