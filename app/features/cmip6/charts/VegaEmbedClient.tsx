import { VegaEmbed } from "react-vega";
import type { Result } from "vega-embed";
import type { TopLevelSpec } from "vega-lite";
import { expressionInterpreter } from "vega-interpreter";

/**
 * The vega renderer; imported lazily so vega stays in the chart routes' own chunk. Expressions run in
 * vega's interpreter rather than compiled with `Function`, so the Content-Security-Policy needs no
 * `unsafe-eval` (decision 015).
 */
export default function VegaEmbedClient({ spec, onView }: { spec: TopLevelSpec; onView: (view: Result["view"] | null) => void }) {
  return (
    <VegaEmbed
      spec={spec}
      options={{ actions: false, renderer: "svg", ast: true, expr: expressionInterpreter }}
      onEmbed={(result) => onView(result.view)}
      onError={() => onView(null)}
      className="sacap-chart__canvas"
    />
  );
}
