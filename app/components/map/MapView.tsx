import { Button } from "@blueprintjs/core";
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type PointerEvent } from "react";
import mapboxCss from "mapbox-gl/dist/mapbox-gl.css";
import maplibreCss from "maplibre-gl/dist/maplibre-gl.css";
import type { ServerDrawings } from "~/lib/drawings.server";
import { DrawingBox, useServerDrawing } from "~/lib/server-drawing";
import { useHydrated } from "~/lib/use-hydrated";
import { drawingLacks, regionsInDrawing, restyleDrawing, type DrawingState } from "./drawing";
import type { MapCanvasProps, MapHandle } from "./types";
import { DRAWING_SIZE, drawingPixel, moveView } from "./viewport";

/** The map library's stylesheet, linked when the library loads (not render-blocking on the map pages). */
function linkStylesheet(href: string): Promise<void> {
  if (document.querySelector(`link[rel="stylesheet"][href="${href}"]`)) return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.onload = link.onerror = () => resolve();
    document.head.appendChild(link);
  });
}

const MaplibreCanvas = lazy(() => Promise.all([import("./MaplibreCanvas"), linkStylesheet(maplibreCss)]).then(([module]) => module));
const MapboxCanvas = lazy(() => Promise.all([import("./MapboxCanvas"), linkStylesheet(mapboxCss)]).then(([module]) => module));

const useIsomorphicLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

/** What the keys do to the focused map, as MapLibre's keyboard handler does it: zoom by 1, pan by 100 px. */
const KEY_MOVES: Record<string, { from?: [number, number]; dz?: number }> = {
  "+": { dz: 1 },
  "=": { dz: 1 },
  "-": { dz: -1 },
  _: { dz: -1 },
  ArrowLeft: { from: [-100, 0] },
  ArrowRight: { from: [100, 0] },
  ArrowUp: { from: [0, -100] },
  ArrowDown: { from: [0, 100] },
};
/** A wheel's pixels per zoom level (MapLibre's rate for a mouse wheel), and at most one level per event. */
const WHEEL_PX_PER_ZOOM = 450;
const LINE_PX = 40;
/** A pointer that moves less than this is a click, not a drag. */
const DRAG_THRESHOLD = 4;

interface MapViewProps extends MapCanvasProps {
  /**
   * The slot's id, when a link or a key leads to the map (a viewer's skip link, its `m` key): the slot then
   * takes focus (`tabIndex={-1}`, also in the server's HTML) and gives it on to the map.
   */
  id?: string;
  className?: string;
  /** What the map shows, in words (the drawing's description). */
  description?: string;
}

/**
 * The portal's one map. The server draws the view (an SVG of the same projection, colours, hatching,
 * selection and labels, app/features/maps/mapSvg.server.ts) into the slot, so the map is there before any
 * script and without JavaScript; while it stands in, it follows the page's state (colours, selection) and
 * answers hover and click like the map. The map library (MapLibre, or Mapbox when an access token is
 * configured) loads only when the reader asks for more than the drawing: zooming or panning it (wheel,
 * drag, + / - / arrow keys), pressing "Interactive map", exporting a PNG, a raster layer, or regions the
 * drawing has no shapes of (the states and provinces after a page drawn without them), which only the
 * library can draw. It then opens at the page's view under the drawing, which goes once the map has loaded:
 * the slot keeps its size throughout. A page rendered in the browser (after a client navigation) has no
 * drawing and loads the library at once.
 */
export function MapView({ id, className, description, ...props }: MapViewProps) {
  const drawingState: DrawingState = {
    fill: props.fill,
    images: props.images,
    selected: props.selected,
    showBasins: props.showBasins,
    labels: props.labels,
    title: props.label,
    desc: description ?? props.label,
  };
  const drawing = useServerDrawing<ServerDrawings>((drawings, id) => drawings.map({ center: props.center, zoom: props.zoom, idPrefix: id, ...drawingState }));
  // the view the drawing shows (pans and zooms before the map loads move the drawing by a transform)
  const [drawn] = useState(() => ({ center: props.center, zoom: props.zoom }));
  const mounted = useHydrated();
  const [asked, setAsked] = useState(false);
  const [loaded, setLoaded] = useState(false);
  // a drag that began on the drawing ends on it, then the map takes over
  const [holding, setHolding] = useState(false);
  // A raster layer (on in the URL, or switched on) can only be drawn by the map library: then it loads
  // right after hydration, as it does on a page without a drawing.
  const active = mounted && (drawing.html === null || asked || props.rasters.length > 0);
  const showDrawing = drawing.html !== null && (!loaded || holding);

  const slot = useRef<HTMLDivElement>(null);
  const view = useRef<HTMLDivElement>(null);
  const refocus = useRef(false);
  const ask = useCallback(() => {
    // a reader at the keyboard keeps the focus in the map when the drawing goes
    refocus.current ||= Boolean(slot.current?.contains(document.activeElement));
    setAsked(true);
  }, []);

  const whenLoaded = useRef<{ promise: Promise<void>; resolve: () => void }>();
  if (!whenLoaded.current) {
    let resolve = () => {};
    const promise = new Promise<void>((r) => (resolve = r));
    whenLoaded.current = { promise, resolve };
  }
  const onLoad = useCallback(() => {
    setLoaded(true);
    whenLoaded.current?.resolve();
  }, []);
  useEffect(() => {
    if (!loaded || !refocus.current) return;
    const active = document.activeElement;
    if (!active || active === document.body || slot.current?.contains(active)) slot.current?.querySelector<HTMLElement>("canvas")?.focus();
  }, [loaded]);

  // the drawing follows the page's state: colours, hatching, selection, labels, its name; regions it has
  // no shapes of (the states and provinces, switched on after a page drawn without them) load the map
  const stateKey = JSON.stringify(drawingState);
  const hasDrawing = drawing.html !== null;
  useEffect(() => {
    const svg = hasDrawing ? document.getElementById(drawing.id)?.querySelector("svg") : null;
    if (!svg) return;
    const state = JSON.parse(stateKey) as DrawingState;
    restyleDrawing(svg, state, drawn);
    if (drawingLacks(svg, state)) ask();
  }, [stateKey, hasDrawing, drawing.id, drawn, ask]);

  // pans and zooms before the map has loaded: the drawing moves to the new view at once
  useIsomorphicLayoutEffect(() => {
    const box = view.current;
    if (!box) return;
    const s = 2 ** (props.zoom - drawn.zoom);
    const [x, y] = drawingPixel(props.center, drawn.center, drawn.zoom);
    const [qx, qy] = [x - DRAWING_SIZE.width / 2, y - DRAWING_SIZE.height / 2];
    // the view the server drew: nothing to move, and nothing measured (a size read as the page hydrates
    // would lay out the whole page inside hydration's task)
    if (s === 1 && qx === 0 && qy === 0) {
      box.style.transform = "";
      return;
    }
    // drawn px to CSS px, when a slot larger than the drawing scales it up
    const k = Math.max(1, box.offsetWidth / DRAWING_SIZE.width, box.offsetHeight / DRAWING_SIZE.height);
    box.style.transform = `translate(-50%, -50%) translate(${-s * k * qx}px, ${-s * k * qy}px) scale(${s})`;
  }, [props.center, props.zoom, drawn]);

  const { onMove } = props;
  const centerRef = useRef({ center: props.center, zoom: props.zoom });
  centerRef.current = { center: props.center, zoom: props.zoom };
  const move = useCallback(
    (change: Parameters<typeof moveView>[2], from = centerRef.current) => {
      const next = moveView(from.center, from.zoom, change);
      onMove?.(next.center, next.zoom);
      ask();
    },
    [onMove, ask],
  );

  // the wheel zooms about the pointer (a listener that may cancel the page's scrolling)
  useEffect(() => {
    const element = slot.current?.querySelector<HTMLElement>(".sacap-map__drawing");
    if (!element || !showDrawing) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const rect = element.getBoundingClientRect();
      const at: [number, number] = [e.clientX - rect.left - rect.width / 2, e.clientY - rect.top - rect.height / 2];
      const px = e.deltaMode === 1 ? e.deltaY * LINE_PX : e.deltaY;
      move({ from: at, to: at, dz: Math.max(-1, Math.min(1, -px / WHEEL_PX_PER_ZOOM)) });
    };
    element.addEventListener("wheel", onWheel, { passive: false });
    return () => element.removeEventListener("wheel", onWheel);
  }, [move, showDrawing, mounted]);

  const drag = useRef<{ id: number; x: number; y: number; moved: boolean; from: { center: [number, number]; zoom: number } } | null>(null);
  const dragged = useRef(false);
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    drag.current = { id: e.pointerId, x: e.clientX, y: e.clientY, moved: false, from: centerRef.current };
    dragged.current = false;
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    const [dx, dy] = [e.clientX - d.x, e.clientY - d.y];
    if (!d.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
    if (!d.moved) {
      d.moved = dragged.current = true;
      e.currentTarget.setPointerCapture?.(e.pointerId);
      setHolding(true);
    }
    move({ to: [dx, dy] }, d.from);
  };
  const onPointerEnd = () => {
    drag.current = null;
    setHolding(false);
  };
  const codeAt = (target: EventTarget) => (target instanceof Element ? target.closest("[data-code]")?.getAttribute("data-code") ?? null : null);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const change = KEY_MOVES[e.key];
    if (!change || e.altKey || e.ctrlKey || e.metaKey || (e.shiftKey && e.key.startsWith("Arrow"))) return;
    e.preventDefault();
    move(change);
  };

  // Focus given to the slot itself goes on to what takes the map's keys: the drawing while it is shown
  // (focusable once hydrated), then the map library's canvas. Without JavaScript it stays on the slot.
  const onSlotFocus = (e: FocusEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return;
    const map = e.currentTarget.querySelector<HTMLElement>(".sacap-map__drawing[tabindex]") ?? e.currentTarget.querySelector<HTMLElement>("canvas[tabindex='0']");
    map?.focus();
  };

  // Export and "fit to view" work on the drawing too: the export loads the map, the fit reads the drawing
  const canvasHandle = useRef<MapHandle | null>(null);
  const loadedRef = useRef(false);
  loadedRef.current = loaded;
  const { handleRef } = props;
  useEffect(() => {
    if (!handleRef) return;
    handleRef.current = {
      toPng: async () => {
        ask();
        await whenLoaded.current!.promise;
        return canvasHandle.current!.toPng();
      },
      regionsInView: (geotype) => {
        if (loadedRef.current && canvasHandle.current) return canvasHandle.current.regionsInView(geotype);
        const svg = document.getElementById(drawing.id)?.querySelector("svg");
        return svg && slot.current ? regionsInDrawing(svg, geotype, slot.current.getBoundingClientRect()) : [];
      },
    };
  }, [handleRef, ask, drawing.id]);

  const Canvas = props.mapboxToken ? MapboxCanvas : MaplibreCanvas;
  const placeholder = <div className="sacap-map__placeholder">Loading map…</div>;
  return (
    <div
      ref={slot}
      id={id}
      tabIndex={id ? -1 : undefined}
      onFocus={id ? onSlotFocus : undefined}
      className={["sacap-map", className].filter(Boolean).join(" ")}
      data-testid="map-slot"
      data-map={loaded ? "interactive" : showDrawing ? "drawing" : "loading"}
    >
      {active && (
        <Suspense fallback={showDrawing ? null : placeholder}>
          <Canvas {...props} handleRef={canvasHandle} onLoad={onLoad} />
        </Suspense>
      )}
      {!active && !showDrawing && placeholder}
      {showDrawing && (
        <>
          <div
            className="sacap-map__drawing"
            tabIndex={mounted ? 0 : undefined}
            aria-keyshortcuts={mounted ? "+ - ArrowUp ArrowDown ArrowLeft ArrowRight" : undefined}
            onKeyDown={onKeyDown}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerEnd}
            onPointerCancel={onPointerEnd}
            onPointerOver={(e) => props.onHover?.(codeAt(e.target))}
            onPointerLeave={() => props.onHover?.(null)}
            onClick={(e) => {
              const code = dragged.current ? null : codeAt(e.target);
              dragged.current = false;
              if (code) props.onSelect?.(code);
            }}
          >
            <div ref={view} className="sacap-map__view">
              <DrawingBox drawing={drawing} className="sacap-map__svg-box" />
            </div>
          </div>
          {mounted && (
            <Button className="sacap-map__activate" small onClick={ask}>
              <span className="sacap-map__activate-labels" data-loading={active || undefined}>
                <span>Interactive map</span>
                <span>Loading map…</span>
              </span>
            </Button>
          )}
        </>
      )}
    </div>
  );
}
