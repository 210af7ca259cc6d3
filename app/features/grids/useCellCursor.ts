import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from "react";
import { DRAWING_SIZE, project, unproject } from "~/components/map/viewport";
import { cellBounds, cellOf, type GridAxes } from "./grid";

export interface Cell {
  row: number;
  column: number;
}

/** The arrow keys' moves of the cell cursor, in rows (north) and columns (east). */
const CURSOR_MOVES: Record<string, [number, number]> = { ArrowUp: [1, 0], ArrowDown: [-1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
/** A pointer that moves less than this between press and release is a click (as the map counts it). */
const CLICK_TOLERANCE = 4;
/** The cursor stays this far inside the map's box; beyond, the map centres on it. */
const EDGE = 24;

/** Controls in the map's box whose own keys and clicks stay theirs. */
const OWN_CONTROLS = "button, a, input, select, textarea, .maplibregl-ctrl, .mapboxgl-ctrl";

/**
 * The point query's cursor over a gridded field: when the map has the focus, a visible cursor on a cell
 * (first the cell at the map's centre), moved by the arrow keys one cell at a time (the map follows when it
 * leaves the view); Enter reads the cell, Escape closes the reading. A click reads the cell under the
 * pointer. The handlers go on the box around the map, in the capture phase, so the arrows move the cursor
 * instead of panning the map while the field is shown.
 */
export function useCellCursor({ axes, center, zoom, onCenter }: { axes: GridAxes; center: [number, number]; zoom: number; onCenter: (center: [number, number]) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const [cursor, setCursor] = useState<Cell | undefined>();
  const [read, setRead] = useState<Cell | undefined>();
  const [focused, setFocused] = useState(false);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setSize({ width: element.offsetWidth, height: element.offsetHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // CSS px per map pixel: a box larger than the server's drawing scales the drawing up
  const scale = useCallback(() => {
    const drawing = box.current?.querySelector("[data-map]")?.getAttribute("data-map") === "drawing";
    return drawing ? Math.max(1, size.width / DRAWING_SIZE.width, size.height / DRAWING_SIZE.height) : 1;
  }, [size]);

  /** A place's position in the box (CSS px from its top left corner). */
  const toBox = useCallback(
    (lon: number, lat: number): [number, number] => {
      const [x, y] = project([lon, lat], zoom);
      const [cx, cy] = project(center, zoom);
      const k = scale();
      return [size.width / 2 + (x - cx) * k, size.height / 2 + (y - cy) * k];
    },
    [center, zoom, size, scale],
  );

  const centreCell = useCallback((): Cell => {
    const c = cellOf(axes, center[1], center[0]);
    return c ?? { row: Math.floor(axes.rows / 2), column: Math.floor(axes.columns / 2) };
  }, [axes, center]);

  const onKeyDownCapture = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey || (e.target instanceof Element && e.target.closest(OWN_CONTROLS))) return;
    const step = CURSOR_MOVES[e.key];
    if (step) {
      const from = cursor ?? centreCell();
      const next = { row: Math.min(axes.rows - 1, Math.max(0, from.row + step[0])), column: Math.min(axes.columns - 1, Math.max(0, from.column + step[1])) };
      setCursor(next);
      const { lat, lon } = cellBounds(axes, next.row, next.column);
      const [x, y] = toBox(lon, lat);
      if (x < EDGE || y < EDGE || x > size.width - EDGE || y > size.height - EDGE) onCenter([lon, lat]);
    } else if (e.key === "Enter") setRead(cursor ?? centreCell());
    else if (e.key === "Escape" && read) setRead(undefined);
    else return;
    e.preventDefault();
    e.stopPropagation();
  };

  const down = useRef<{ x: number; y: number } | null>(null);
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    down.current = { x: e.clientX, y: e.clientY };
  };
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const start = down.current;
    down.current = null;
    if (e.target instanceof Element && e.target.closest(OWN_CONTROLS)) return;
    if (start && Math.hypot(e.clientX - start.x, e.clientY - start.y) > CLICK_TOLERANCE) return;
    const rect = e.currentTarget.getBoundingClientRect();
    const k = scale();
    const [cx, cy] = project(center, zoom);
    const [lon, lat] = unproject([cx + (e.clientX - rect.left - rect.width / 2) / k, cy + (e.clientY - rect.top - rect.height / 2) / k], zoom);
    const cell = cellOf(axes, lat, lon);
    if (!cell) return;
    setCursor(cell);
    setRead(cell);
  };

  const onFocus = () => {
    setFocused(true);
    setCursor((c) => c ?? centreCell());
  };
  const onBlur = (e: React.FocusEvent<HTMLDivElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
  };

  // the cursor's box on screen
  const shown = cursor && (focused || read) ? cursor : undefined;
  let frame: { left: number; top: number; width: number; height: number; lat: number; lon: number; cell: Cell } | undefined;
  if (shown && size.width) {
    const { lat, lon, bounds } = cellBounds(axes, shown.row, shown.column);
    const [x0, y0] = toBox(bounds.west, bounds.north);
    const [x1, y1] = toBox(bounds.east, bounds.south);
    frame = { left: x0, top: y0, width: Math.max(4, x1 - x0), height: Math.max(4, y1 - y0), lat, lon, cell: shown };
  }

  return {
    box,
    handlers: { onKeyDownCapture, onPointerDown, onClick, onFocus, onBlur },
    cursor: frame,
    read,
    close: () => setRead(undefined),
  };
}
