// /analytics shows its index child, the climate and crops analysis.
export { clientLoader, default, loader, meta } from "./analytics.climate-crop._index";
