declare module "maplibre-gl/dist/maplibre-gl-csp.js" {
  import maplibregl from "maplibre-gl";
  export default maplibregl;
}
