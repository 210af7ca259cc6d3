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
  /** Countries and river basins the choropleth colours, in the reference list's order. */
  regions: (ViewerChoice & { geotype: Geo["field_geotype"] })[];
  /** The layers are illustrative sample layers (the reference list's flag). */
  sample: boolean;
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

/** The view of `/cmip6-viewer` from the reference lists it is drawn from. */
export function buildCmip6ViewerView({ layers, indicators, models, geos, sample }: Cmip6ViewerInputs): Cmip6ViewerView {
  const annual = new Map<string, string>();
  for (const indicator of indicators) if (servesFrequency(indicator, "annual") && !annual.has(indicator.field_value)) annual.set(indicator.field_value, indicator.name);
  return {
    layers: [...layers],
    indicators: [...annual].map(([code, name]) => ({ code, name })),
    models: models.map((m) => ({ code: m.field_value, name: m.name })),
    // the layers the choropleth colours: countries and basins (the states and provinces are places of the
    // series and profiles; their map layer is not drawn yet)
    regions: geos.filter((g) => g.field_geotype !== "State").map((g) => ({ code: g.field_value, name: g.name, geotype: g.field_geotype })),
    sample,
  };
}
