import { createContext, useContext, useId, useState, type ReactNode } from "react";

/**
 * Graphics the server draws into the document (charts, maps) as SVG markup, so they are there before any
 * script and without JavaScript. The drawing functions live in server modules (vega, the geometry) and reach
 * the render through this context, which only the server provides (entry.server.tsx). In the browser a
 * hydrating component takes the markup the server sent from the document itself, so neither the drawing
 * code nor its data travel to the browser.
 */
export type ServerDrawer<T> = (drawings: T, id: string) => string | null;

// the server's drawing functions, typed where they are provided (server/drawings.server.ts)
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const ServerDrawingContext = createContext<any>(null);

export function ServerDrawingProvider<T>({ drawings, children }: { drawings: T; children: ReactNode }) {
  return <ServerDrawingContext.Provider value={drawings}>{children}</ServerDrawingContext.Provider>;
}

export interface ServerDrawing {
  /** Id of the element holding the drawing (stable between the server render and hydration). */
  id: string;
  /** The SVG markup: drawn now on the server, read from the document while hydrating, null otherwise. */
  html: string | null;
}

/**
 * The server's drawing of a graphic. On the server `draw` runs with the drawing functions and the id (for
 * the ids of its title and description); in the browser
 * the first render (hydration) finds the markup under the same id in the document; a component rendered in
 * the browser (after a client navigation) gets null and draws interactively.
 */
export function useServerDrawing<T>(draw: ServerDrawer<T>): ServerDrawing {
  const id = `sd${useId().replace(/:/g, "")}`;
  const drawings = useContext(ServerDrawingContext) as T | null;
  const [html] = useState<string | null>(() => {
    if (drawings) {
      try {
        return draw(drawings, id);
      } catch (error) {
        // a graphic that cannot be drawn leaves its text in place; the page still renders
        console.error(error);
        return null;
      }
    }
    if (typeof document === "undefined") return null;
    const element = document.getElementById(id);
    return element?.getAttribute("data-drawn") === "server" ? element.innerHTML : null;
  });
  return { id, html };
}

/** The element holding a server drawing: its markup as sent, untouched by React while it is shown. */
export function DrawingBox({ drawing, className, hidden }: { drawing: ServerDrawing; className?: string; hidden?: boolean }) {
  if (drawing.html === null) return null;
  return <div id={drawing.id} data-drawn="server" className={className} hidden={hidden} dangerouslySetInnerHTML={{ __html: drawing.html }} suppressHydrationWarning />;
}
