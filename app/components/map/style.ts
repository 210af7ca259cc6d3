import type { StyleSpecification } from "maplibre-gl";
import type { Feature, FeatureCollection, LineString } from "geojson";

/** Where the basemap outlines are served (long cache lifetimes, ETag). */
export const GEO_URLS = { countries: "/api/geo/countries", basins: "/api/geo/basins", states: "/api/geo/states" } as const;

export const BASEMAP_COLORS = {
  water: "#d6e6ef",
  land: "#f3f1ea",
  focusLand: "#e7e4d8",
  border: "#7a7a7a",
  basin: "#1d6fa3",
  graticule: "#9fb6c4",
  selected: "#0b6623",
};

/** Lines of latitude and longitude every `step` degrees over the region, as GeoJSON. */
export function graticule(step = 10): FeatureCollection<LineString> {
  const features: Feature<LineString>[] = [];
  for (let lon = 40; lon <= 120; lon += step) {
    features.push({ type: "Feature", properties: {}, geometry: { type: "LineString", coordinates: Array.from({ length: 17 }, (_, i) => [lon, -20 + i * 5]) } });
  }
  for (let lat = -20; lat <= 60; lat += step) {
    features.push({ type: "Feature", properties: {}, geometry: { type: "LineString", coordinates: Array.from({ length: 17 }, (_, i) => [40 + i * 5, lat]) } });
  }
  return { type: "FeatureCollection", features };
}

/**
 * The basemap: only local sources (outlines from the portal, graticule in code), no glyphs or sprites,
 * so it draws with no network beyond the portal itself.
 */
export function baseStyle(): StyleSpecification {
  return {
    version: 8,
    sources: {
      countries: { type: "geojson", data: GEO_URLS.countries },
      basins: { type: "geojson", data: GEO_URLS.basins },
      graticule: { type: "geojson", data: graticule() },
    },
    layers: [
      { id: "background", type: "background", paint: { "background-color": BASEMAP_COLORS.water } },
      { id: "graticule", type: "line", source: "graticule", paint: { "line-color": BASEMAP_COLORS.graticule, "line-width": 0.5, "line-dasharray": [2, 2] } },
      {
        id: "countries-fill",
        type: "fill",
        source: "countries",
        paint: { "fill-color": ["case", ["get", "focus"], BASEMAP_COLORS.focusLand, BASEMAP_COLORS.land] },
      },
    ],
  };
}
