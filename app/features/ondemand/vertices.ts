import { roundedGeometry, type Geometry } from "./polygon";

/**
 * A polygon typed as text, the keyboard's way to a region beside a file and a drawing: one "longitude,
 * latitude" pair a line, in degrees (a comma, spaces or both between them; blank lines pass), the first
 * position repeated at the end when the user did not repeat it. The browser reads it as the user leaves
 * the field (`VerticesField`) and the page's action reads the posted field the same way without
 * JavaScript (`page.server.ts`), so that both give the GeoJSON Polygon a drawn one is, positions rounded
 * as the address keeps them (`roundedGeometry`).
 *
 * Only what makes the text a ring is checked here, naming the line a user fixes: a line that is not two
 * numbers, a longitude outside -180..180 or a latitude outside -90..90, fewer than three corners. Whether
 * the polygon is a region (within the grid, not too many positions, enclosing an area) is the server's to
 * name by its rules, as for a file or a drawing (`server/ondemand/request.ts`, `polygonProblem`).
 */

/** The rule a typed polygon's problems are named by, beside the field (`field: "vertices"`). */
export const VERTICES_RULE = "vertices";

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const PAIR = /^([^,\s]+)\s*(?:,\s*|\s+)([^,\s]+)$/;

const samePosition = (a: number[], b: number[]) => a[0] === b[0] && a[1] === b[1];

/**
 * The Polygon of typed vertices, `empty` for text without a position, or the first problem, naming its
 * line as the field shows it ("line 3: latitude 95 is outside -90..90").
 */
export function parseVertices(text: string): { geometry: Geometry } | { empty: true } | { error: string } {
  const ring: number[][] = [];
  const lines = text.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === "") continue;
    const at = `line ${i + 1}`;
    const pair = PAIR.exec(line);
    if (!pair || !NUMBER.test(pair[1]) || !NUMBER.test(pair[2])) {
      return { error: `${at}: "${line.length > 40 ? `${line.slice(0, 40)}…` : line}" is not a "longitude, latitude" pair of numbers` };
    }
    const [x, y] = [Number(pair[1]), Number(pair[2])];
    if (x < -180 || x > 180) return { error: `${at}: longitude ${pair[1]} is outside -180..180` };
    if (y < -90 || y > 90) return { error: `${at}: latitude ${pair[2]} is outside -90..90` };
    ring.push([x, y]);
  }
  if (ring.length === 0) return { empty: true };
  const rounded = (roundedGeometry({ type: "Polygon", coordinates: [ring] }).coordinates as number[][][])[0];
  // the ring closed for the user: the first position again at the end
  if (rounded.length === 1 || !samePosition(rounded[0], rounded[rounded.length - 1])) rounded.push([...rounded[0]]);
  const corners = rounded.length - 1;
  if (corners < 3) return { error: `a polygon needs at least three vertices: ${corners === 1 ? "one was" : `${corners} were`} given` };
  return { geometry: { type: "Polygon", coordinates: [rounded] } };
}

/**
 * A polygon as the field's text, one position a line without the closing one, or "" for what one ring
 * cannot show (a MultiPolygon, a polygon with holes): the field then starts empty.
 */
export function verticesText(g: Geometry | undefined): string {
  if (g?.type !== "Polygon" || g.coordinates.length !== 1) return "";
  const ring = g.coordinates[0];
  const open = ring.length > 1 && samePosition(ring[0], ring[ring.length - 1]) ? ring.slice(0, -1) : ring;
  return open.map(([x, y]) => `${x}, ${y}`).join("\n");
}
