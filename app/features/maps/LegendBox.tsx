import { useState, type ReactNode } from "react";
import { VIEWER_REGIONS } from "./regions";

/**
 * The map's legend, beside the map (under it on a narrow screen: styles/maps.css), where it covers none of
 * the map's places and controls. The reader can fold it away (a `<details>`: a key press or click on its
 * summary, also without JavaScript), to bring the region list under it closer. It is the target of the
 * viewer's "Skip to the legend" (one legend on a viewer page).
 */
export function LegendBox({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(true);
  return (
    <details id={VIEWER_REGIONS.legend} tabIndex={-1} className="sacap-viewer__legend" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="sacap-viewer__legend-toggle">{open ? "Hide legend" : "Legend"}</summary>
      {children}
    </details>
  );
}
