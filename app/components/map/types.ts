/** A raster layer drawn from tile URL templates (WMS GetMap or TMS). */
export interface RasterLayer {
  /** Stable key: the layer's position in the page's layer list. */
  key: string;
  tiles: string[];
  opacity: number;
  attribution: string;
}

/**
 * A picture laid over the map between two parallels and two meridians (a painted gridded field). It must
 * be painted in Web Mercator: the map and the server's drawing stretch it linearly in the map's pixels.
 */
export interface ImageOverlay {
  /** Stable key. */
  key: string;
  url: string;
  bounds: { west: number; south: number; east: number; north: number };
  opacity: number;
}

/** The kinds of region a map colours: countries, river basins, states and provinces. */
export type RegionGeotype = "Country" | "Basin" | "State";

/** Region colours of the choropleth, by country ISO3, basin code or state code (ISO 3166-2). */
export interface RegionFill {
  geotype: RegionGeotype;
  colors: Record<string, string>;
  /** Regions drawn hatched over their colour (diagonal lines: low model agreement on a change). */
  hatched?: string[];
}

export interface MapHandle {
  /** The current map as a PNG data URL (after the next render). */
  toPng(): Promise<string>;
  /** Codes of the regions (countries, basins, or states and provinces) drawn in the current view. */
  regionsInView(geotype: RegionGeotype): string[];
}

/** A place name drawn over the map (HTML over the canvas, no remote glyphs; text in the server's drawing). */
export interface MapLabel {
  code: string;
  name: string;
  at: [number, number];
}

export interface MapCanvasProps {
  center: [number, number];
  zoom: number;
  onMove?: (center: [number, number], zoom: number) => void;
  rasters: RasterLayer[];
  /** Pictures over the basemap, under the borders (`imageLayer.tsx`). */
  images?: ImageOverlay[];
  fill?: RegionFill;
  showBasins?: boolean;
  selected?: string;
  onHover?: (code: string | null) => void;
  onSelect?: (code: string) => void;
  onRasterError?: (key: string) => void;
  /** Labels drawn as HTML over the canvas (no remote glyphs). */
  labels?: MapLabel[];
  label: string;
  mapboxToken?: string;
  handleRef?: React.MutableRefObject<MapHandle | null>;
  /** The map has loaded its style and sources (it draws from now on). */
  onLoad?: () => void;
}
