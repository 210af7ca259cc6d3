import { Button, Checkbox, Tag } from "@blueprintjs/core";
import { useLocation } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import type { ViewerLayer } from "~/features/viewer/schema";
import { IconSprite, SpriteIcon } from "./SpriteIcons";

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

/** A long list shows its first layers, and the others when asked (decision 026: first rows, the rest on demand). */
export const FIRST_LAYERS = 10;
/** The page URL's parameter that lists every layer (the "show all" link works without scripts). */
export const ALL_LAYERS_PARAM = "layers";

/**
 * The layers of a viewer with visibility, opacity, order and whether their tile server can be used. Past
 * `FIRST_LAYERS` the list ends with a link to all of them, unless a layer further down is switched on.
 */
export function LayerList({ layers, shown, visible, opacity, status, onToggle, onOpacity, onMove }: LayerListProps) {
  // the move icons, twice per layer: defined once beside the list
  const icons = `${useId().replace(/:/g, "")}i`;
  const location = useLocation();
  const [all, setAll] = useState(() => new URLSearchParams(location.search).get(ALL_LAYERS_PARAM) === "all");
  const list = useRef<HTMLOListElement>(null);
  const revealed = useRef<number | null>(null);
  useEffect(() => {
    // the keyboard goes on at the first layer the link revealed
    if (all && revealed.current !== null) list.current?.querySelectorAll<HTMLInputElement>("input[type=checkbox]")[revealed.current]?.focus();
    revealed.current = null;
  }, [all]);
  if (!shown.length) return <p className="sacap-viewer__empty">No layer matches the filters.</p>;
  const complete = all || shown.length <= FIRST_LAYERS || shown.slice(FIRST_LAYERS).some((p) => visible.has(p));
  const listed = complete ? shown : shown.slice(0, FIRST_LAYERS);
  const allHref = () => {
    const params = new URLSearchParams(location.search);
    params.set(ALL_LAYERS_PARAM, "all");
    return `?${params}`;
  };
  return (
    <>
      <IconSprite prefix={icons} icons={MOVE_ICONS} />
      <ol className="sacap-layer-list" aria-label="Map layers (top first)" ref={list}>
        {listed.map((position, i) => {
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
                <Button
                  small
                  minimal
                  icon={<SpriteIcon prefix={icons} icon="arrow-up" />}
                  aria-label={`Move ${tile.name} up`}
                  disabled={i === 0}
                  onClick={() => onMove(position, 1)}
                />
                <Button
                  small
                  minimal
                  icon={<SpriteIcon prefix={icons} icon="arrow-down" />}
                  aria-label={`Move ${tile.name} down`}
                  disabled={i === shown.length - 1}
                  onClick={() => onMove(position, -1)}
                />
              </div>
            </li>
          );
        })}
      </ol>
      {!complete && (
        <a
          className="sacap-layer-list__all"
          href={allHref()}
          onClick={(e) => {
            e.preventDefault();
            revealed.current = listed.length;
            setAll(true);
          }}
        >
          Show all {shown.length} layers
        </a>
      )}
    </>
  );
}

const MOVE_ICONS = ["arrow-up", "arrow-down"] as const;
