import { useState } from "react";
import type { ViewerLayer } from "~/features/viewer/schema";
import type { MapConfig } from "./config";
import { legendUrl } from "./wms";

/**
 * The legends the map server draws (WMS GetLegendGraphic) of the layers switched on, top first: the
 * colour classes of a served field with their values and units.
 */
export function WmsLegends({ layers, positions, config }: { layers: readonly ViewerLayer[]; positions: number[]; config: MapConfig }) {
  const legends = positions.flatMap((p) => {
    const url = legendUrl(layers[p].tiles[0], config);
    return url.ok ? [{ position: p, name: layers[p].tiles[0].name, url: url.url }] : [];
  });
  if (!legends.length) return null;
  return (
    <section className="sacap-viewer__wms-legends" aria-label="Legends of the layers shown">
      <h2 className="sacap-viewer__heading">Layer legends</h2>
      {legends.map((l) => (
        <LegendImage key={l.position} name={l.name} url={l.url} />
      ))}
    </section>
  );
}

function LegendImage({ name, url }: { name: string; url: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <figure className="sacap-viewer__wms-legend" data-legend-state={failed ? "error" : "ok"}>
      <figcaption>{name}</figcaption>
      {failed ? (
        <p>The map server gave no legend for this layer.</p>
      ) : (
        <img src={url} alt={`Legend of ${name}: its colours and the values they stand for`} onError={() => setFailed(true)} />
      )}
    </figure>
  );
}
