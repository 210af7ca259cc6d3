import { Tag } from "@blueprintjs/core";

/** The visible mark of generated or illustrative sample data. */
export function SampleTag({ what = "data" }: { what?: string }) {
  return (
    <Tag intent="warning" minimal title={`This ${what} is sample content, not an observation or projection.`}>
      Sample {what}
    </Tag>
  );
}
