import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { buildAezView, OPEN_MODULE_PARAM, openModules, type AezView } from "../../app/features/pyaez/view";
import type { ApiCacheEntry } from "../../app/store/prime";
import type { ReferenceService } from "../services/reference.server";

/**
 * The view of /pyaez (decision 026, `app/features/pyaez/view.ts`) for a `?module=` value, built once per
 * value (the module list does not change while the server runs). No Node built-ins here: the page's route
 * imports this module; `/api/views/pyaez` is answered by `pyaez-view-route.server.ts`.
 */
const built = new WeakMap<ReferenceService, Map<string, AezView>>();

/** The view for `value`, or undefined when it names no module. */
export function aezView(reference: ReferenceService, value: string): AezView | undefined {
  let views = built.get(reference);
  if (!views) built.set(reference, (views = new Map()));
  let view = views.get(value);
  if (!view) {
    const modules = reference.list("getAezModules");
    const open = openModules(modules, value || null);
    if (!open) return undefined;
    view = buildAezView(modules, open);
    views.set(value, view);
  }
  return view;
}

/**
 * Loader of /pyaez: the view for the URL's `?module=` (a value that names no module shows the first one)
 * as one RTK Query entry, the value it was built for, and the first map carried in the document.
 */
export function pyaezLoader({ request, context }: LoaderFunctionArgs) {
  const asked = new URL(request.url).searchParams.get(OPEN_MODULE_PARAM) ?? "";
  const open = aezView(context.reference, asked) ? asked : "";
  const entry: ApiCacheEntry = { endpointName: "getAezView", arg: open, value: aezView(context.reference, open) };
  return json({ inlineImages: context.aezImages.firstScreen(), open, apiCache: [entry] });
}
