declare module "shpjs" {
  import type { FeatureCollection } from "geojson";

  /** The layers of a zipped shapefile as GeoJSON in longitude and latitude (reprojected by its .prj): one, or one per layer. */
  export function parseZip(buffer: ArrayBuffer | Uint8Array): Promise<FeatureCollection | FeatureCollection[]>;
}
