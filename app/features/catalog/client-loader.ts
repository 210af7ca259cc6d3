import type { ClientLoaderFunctionArgs, Params } from "@remix-run/react";
import { invariantResponse } from "~/lib/http";
import type { CatalogScope } from "./scope";
import { referenceClientLoader } from "~/store/client-loader";

const ensureLists = referenceClientLoader(["getCatalogData", "getIndicators", "getClimateMetadata", "getMenuCategories"]);

/**
 * Client loader of catalogue pages: the rows come from the RTK Query cache, so no first page is needed;
 * the scope is the same as the server loader's.
 */
export function catalogClientLoader(scopeOf: (params: Params) => CatalogScope | null) {
  return async ({ params }: ClientLoaderFunctionArgs) => {
    const scope = scopeOf(params);
    invariantResponse(scope, "No such catalogue");
    await ensureLists();
    return { scope, initial: null };
  };
}
