import { VegaEmbed } from "react-vega";
import type { Result } from "vega-embed";
import type { TopLevelSpec } from "vega-lite";

/** The vega renderer; imported lazily so vega stays in the chart routes' own chunk. */
export default function VegaEmbedClient({ spec, onView }: { spec: TopLevelSpec; onView: (view: Result["view"] | null) => void }) {
  return (
    <VegaEmbed
      spec={spec}
      options={{ actions: false, renderer: "svg" }}
      onEmbed={(result) => onView(result.view)}
      onError={() => onView(null)}
      className="sacap-chart__canvas"
    />
  );
}
