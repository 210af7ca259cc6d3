import { geometryFromGeoJson, type Geometry } from "./polygon";

/** Files larger than this are not read in the browser (a region's outline is some kilobytes to a few megabytes). */
const MAX_FILE_BYTES = 20 * 1024 * 1024;

/**
 * The polygon of a file the user chose, read in the browser: a zipped shapefile (its .shp, .dbf and .prj,
 * reprojected to longitude and latitude; the shapefile reader loads only then) or GeoJSON. Any layer's
 * polygons count; what is wrong with them is the server's to name when the question is submitted.
 */
export async function readPolygonFile(file: File): Promise<{ geometry: Geometry } | { error: string }> {
  if (file.size > MAX_FILE_BYTES) return { error: `the file ${file.name} is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB` };
  if (/\.zip$/i.test(file.name) || /zip/.test(file.type)) {
    try {
      const { parseZip } = await import("shpjs");
      const parsed = await parseZip(await file.arrayBuffer());
      const layers = Array.isArray(parsed) ? parsed : [parsed];
      return geometryFromGeoJson({ type: "FeatureCollection", features: layers.flatMap((layer) => layer.features ?? []) });
    } catch (error) {
      return { error: `the file ${file.name} could not be read as a zipped shapefile (${(error as Error).message})` };
    }
  }
  let value: unknown;
  try {
    value = JSON.parse(await file.text());
  } catch {
    return { error: `the file ${file.name} is not GeoJSON: it does not read as JSON` };
  }
  return geometryFromGeoJson(value);
}
