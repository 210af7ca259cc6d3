import { buildCmip6ViewerView, type Cmip6ViewerView } from "../../app/features/maps/viewerView";
import { API_LISTS } from "../../app/store/contract";
import type { ApiCacheEntry } from "../../app/store/prime";
import type { ReferenceService } from "../services/reference.server";

/**
 * The view of `/cmip6-viewer` (decision 026), built once per reference service from the lists it is drawn
 * from (they do not change while the server runs): primed by the page's loader, and answered at
 * `/api/views/cmip6-viewer` (`maps.server.ts`) with the same content. No Node built-ins here: the viewer
 * pages' loader module imports this one.
 */
const built = new WeakMap<ReferenceService, Cmip6ViewerView>();

export function cmip6ViewerView(reference: ReferenceService): Cmip6ViewerView {
  let view = built.get(reference);
  if (!view) {
    view = buildCmip6ViewerView({
      layers: reference.list("getViewerLayers"),
      indicators: reference.list("getIndicators"),
      models: reference.list("getCmip6Models"),
      geos: reference.list("getGeos"),
      sample: API_LISTS.getViewerLayers.sample,
    });
    built.set(reference, view);
  }
  return view;
}

/** The view as an RTK Query cache entry of `getCmip6ViewerView` (it takes no argument). */
export const cmip6ViewerViewEntry = (reference: ReferenceService): ApiCacheEntry => ({ endpointName: "getCmip6ViewerView", arg: undefined, value: cmip6ViewerView(reference) });
