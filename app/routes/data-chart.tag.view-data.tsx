import { Link, useSearchParams } from "@remix-run/react";
import { CatalogPage } from "~/features/catalog/CatalogPage";
import { catalogClientLoader } from "~/features/catalog/client-loader";
import type { CatalogScope } from "~/features/catalog/scope";
import { chosenTags, TAG_KINDS } from "~/features/catalog/tags";
import { routeMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { catalogPageLoader } from "~server/services/catalog.server";

export const handle: RouteHandle = { collector: true };

const scopeOf = (): CatalogScope => ({ kind: "all" });

/** The chosen tags are the table's facet filters (`in.source`, `in.indic`, `in.sector`). */
export const loader = /* @__PURE__ */ catalogPageLoader(scopeOf);
export const clientLoader = catalogClientLoader(scopeOf);

function ChosenTags() {
  const [params] = useSearchParams();
  const chosen = TAG_KINDS.flatMap((kind) => params.getAll(`in.${kind.id}`).map((value) => `${kind.title}: ${value}`));
  return (
    <p>
      {chosen.length > 0 ? `Tags: ${chosen.join(" · ")}. ` : "No tags chosen: all datasets are listed. "}
      <Link to={`/data-chart/tag/view?${chosenTags(params)}`}>Choose tags</Link>
    </p>
  );
}

export default function DataChartTagViewDataRoute() {
  return (
    <CatalogPage path="/data-chart/tag/view-data">
      <ChosenTags />
    </CatalogPage>
  );
}

export const meta = routeMeta("/data-chart/tag/view-data");
