import { Link, useLoaderData } from "@remix-run/react";
import type { InitialTableModel } from "~/components/data-table/DataTable";
import { RoutePage } from "~/components/RoutePage";
import { SampleTag } from "~/components/SampleTag";
import { sectorChartsHref } from "~/features/collector/search";
import { sectorSlug } from "~/features/collector/sectors";
import { CatalogTable } from "./CatalogTable";
import { scopeFilter, type CatalogScope } from "./scope";
import type { CatalogEntry } from "./schema";
import type { ReactNode } from "react";

export interface CatalogPageData {
  scope: CatalogScope;
  initial: InitialTableModel<CatalogEntry> | null;
}

const scopeName = (scope: CatalogScope) =>
  scope.kind === "all" ? "catalogue" : scope.kind === "topic" ? `${scope.topic}-catalogue` : `${sectorSlug(scope.sector)}-sector`;

/** A page listing part of the catalogue in the data table. */
export function CatalogPage({ path, title, description, children }: { path: string; title?: string; description?: string; children?: ReactNode }) {
  const { scope, initial } = useLoaderData<CatalogPageData>();
  return (
    <RoutePage path={path} title={title} description={description} actions={<SampleTag what="catalogue" />}>
      {children}
      {scope.kind === "sector" && (
        <p>
          <Link to={sectorChartsHref(sectorSlug(scope.sector))} prefetch="intent">{`Charts of the ${scope.sector} sector`}</Link>
          {": datasets by source, geography, period and years covered."}
        </p>
      )}
      <CatalogTable label={title ?? "Datasets"} filter={scopeFilter(scope)} initial={initial} exportName={`sacap-${scopeName(scope)}`} />
    </RoutePage>
  );
}
