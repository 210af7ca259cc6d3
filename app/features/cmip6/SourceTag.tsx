import { Tag } from "@blueprintjs/core";
import { SampleTag } from "~/components/SampleTag";
import type { SeriesResponse } from "./series";
import { sourceSummary, type SourceSummary } from "./sources";

/**
 * The mark of a series answer's data: "Sample data" when every value is generated, "Ingested data" when
 * every model run comes from ingested files, "Ingested and sample data" for a mix. The tag's title says
 * which runs and files.
 */
export function SourceTag({
  data,
  summary: given,
  what = "data",
}: { what?: string } & ({ data: Pick<SeriesResponse, "series" | "provenance">; summary?: undefined } | { data?: undefined; summary: SourceSummary })) {
  const summary = given ?? sourceSummary(data!);
  if (summary.kind === "sample") return <SampleTag what={what} />;
  return (
    <Tag intent={summary.kind === "ingested" ? "success" : "warning"} minimal title={summary.text} data-testid="series-source-tag">
      {summary.kind === "ingested" ? `Ingested ${what}` : `Ingested and sample ${what}`}
    </Tag>
  );
}

/** The sentence under a series heading naming the ingested files, or saying the values are samples. */
export function SourceNote({ summary }: { summary: SourceSummary }) {
  if (summary.kind === "sample") return null;
  return (
    <p className="sacap-source-note" data-testid="series-source-note">
      {summary.text}
    </p>
  );
}
