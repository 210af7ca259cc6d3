import { useMemo } from "react";
import { DataTable } from "~/components/data-table/DataTable";
import type { ColumnDef } from "~/components/data-table/types";
import type { CkanPreview } from "./types";

type Row = { index: number; cells: string[] };

/** The first rows of a CSV resource in the data table (own URL prefix, so it does not clash with the search). */
export function CsvPreview({ preview, pageParams }: { preview: CkanPreview; pageParams: string }) {
  const columns = useMemo<ColumnDef<Row>[]>(
    () => preview.header.map((name, i) => ({ id: `c${i}`, header: name || `Column ${i + 1}`, value: (row) => row.cells[i] ?? "" })),
    [preview.header],
  );
  const rows = useMemo(() => preview.rows.map((cells, index) => ({ index, cells })), [preview.rows]);
  return (
    <section aria-labelledby="csv-preview-title">
      <h3 id="csv-preview-title">
        {`${preview.resource.name}: first ${preview.rows.length} rows${preview.truncated ? " (the file has more)" : ""}`}
      </h3>
      <DataTable label="CSV preview" columns={columns} rows={rows} rowKey={(row) => String(row.index)} prefix="csv." pageParams={pageParams} exportName={preview.resource.name} />
    </section>
  );
}
