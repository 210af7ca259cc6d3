import { Button, Checkbox, Tag } from "@blueprintjs/core";
import type { ViewerLayer } from "~/features/viewer/schema";

export type LayerStatus = { state: "ok" } | { state: "unavailable" | "error"; reason: string };

interface LayerListProps {
  layers: readonly ViewerLayer[];
  /** Positions shown, in list order (drawing order, top first). */
  shown: number[];
  visible: ReadonlySet<number>;
  opacity: Record<number, number>;
  status: (position: number) => LayerStatus;
  onToggle: (position: number, on: boolean) => void;
  onOpacity: (position: number, value: number) => void;
  onMove: (position: number, direction: -1 | 1) => void;
}

/** The layers of a viewer with visibility, opacity, order and whether their tile server can be used. */
export function LayerList({ layers, shown, visible, opacity, status, onToggle, onOpacity, onMove }: LayerListProps) {
  if (!shown.length) return <p className="sacap-viewer__empty">No layer matches the filters.</p>;
  return (
    <ol className="sacap-layer-list" aria-label="Map layers (top first)">
      {shown.map((position, i) => {
        const layer = layers[position];
        const tile = layer.tiles[0];
        const s = status(position);
        const on = visible.has(position);
        return (
          <li key={position} className="sacap-layer-list__item" data-layer-position={position} data-layer-state={s.state}>
            <Checkbox checked={on} onChange={(e) => onToggle(position, e.currentTarget.checked)} className="sacap-layer-list__toggle">
              {tile.name}
            </Checkbox>
            {s.state !== "ok" && (
              <p className="sacap-layer-list__status">
                <Tag intent={s.state === "error" ? "danger" : "warning"} minimal>
                  {s.state === "error" ? "Error" : "Unavailable"}
                </Tag>{" "}
                {s.reason}
              </p>
            )}
            <div className="sacap-layer-list__controls">
              <label>
                Opacity{" "}
                <input
                  type="range"
                  min={0}
                  max={1}
                  step={0.1}
                  value={opacity[position] ?? 1}
                  onChange={(e) => onOpacity(position, Number(e.currentTarget.value))}
                  aria-label={`Opacity of ${tile.name}`}
                />
              </label>
              <Button small minimal icon="arrow-up" aria-label={`Move ${tile.name} up`} disabled={i === 0} onClick={() => onMove(position, 1)} />
              <Button small minimal icon="arrow-down" aria-label={`Move ${tile.name} down`} disabled={i === shown.length - 1} onClick={() => onMove(position, -1)} />
            </div>
          </li>
        );
      })}
    </ol>
  );
}
