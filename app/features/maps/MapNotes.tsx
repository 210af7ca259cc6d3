import { BOUNDARY_DISCLAIMER } from "~/features/places/disclaimer";

/**
 * What every viewer's map says under it: where the outlines of the regions it colours come from, when
 * they are the states and provinces (`sources`: source and licence, and the countries whose units are not
 * today's), and the standard disclaimer on boundaries and names. In the server's HTML, so it is there
 * without JavaScript, and kept apart from the legend over the map, which the reader may fold away.
 */
export function MapNotes({ sources = [] }: { sources?: readonly string[] }) {
  return (
    <div className="sacap-viewer__map-notes" data-testid="map-notes">
      {sources.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <p>{BOUNDARY_DISCLAIMER}</p>
    </div>
  );
}
