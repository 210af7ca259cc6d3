// /analytics shows its index child, the climate and crops analysis.
export { default, meta } from "./analytics.climate-crop._index";
