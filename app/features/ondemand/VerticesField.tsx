import { FormGroup } from "@blueprintjs/core";
import { TextField } from "~/components/TextField";
import { useState } from "react";
import type { Geometry } from "./polygon";
import { invalidProps, Problems } from "./Problems";
import type { FieldProblem } from "./types";
import { parseVertices, VERTICES_RULE, verticesText } from "./vertices";

interface VerticesFieldProps {
  /** The region's polygon, from whichever way it came: the field shows its vertices. */
  polygon?: Geometry;
  /** Text posted without JavaScript that was no polygon, shown again with its problem. */
  posted?: string;
  /** The typed polygon, or none when the text is no polygon (its problem is then beside the field). */
  onPolygon: (polygon: Geometry | undefined) => void;
  problems: readonly FieldProblem[];
}

const problemOf = (error: string): FieldProblem => ({ field: "vertices", rule: VERTICES_RULE, message: error });

/**
 * The polygon's vertices typed, one "longitude, latitude" pair a line (`vertices.ts`): the way to a
 * polygon of the keyboard alone, and without JavaScript the form's field `vertices`, which the page's
 * action reads the same way. Read when the user leaves the field, so that what is typed is not announced
 * key by key; a problem, naming its line, is shown then and follows the typing until it is mended. A
 * polygon read from a file or drawn on the map is shown here as its vertices (one ring only: a
 * MultiPolygon or a polygon with holes leaves the field empty), to be mended from the keyboard.
 */
export function VerticesField({ polygon, posted, onPolygon, problems }: VerticesFieldProps) {
  const [text, setText] = useState(() => posted ?? verticesText(polygon));
  const [typedProblem, setTypedProblem] = useState<FieldProblem | null>(null);
  // the polygon last shown or typed here: another one (a file, a drawing) replaces the text
  const [shown, setShown] = useState(polygon);
  if (polygon !== shown) {
    setShown(polygon);
    if (polygon) {
      setText(verticesText(polygon));
      setTypedProblem(null);
    }
  }
  const read = (value: string) => {
    const parsed = parseVertices(value);
    return "error" in parsed ? problemOf(parsed.error) : null;
  };
  const all = typedProblem ? [typedProblem] : problems;
  return (
    <FormGroup label={'Vertices: one "longitude, latitude" pair per line, in degrees'} labelFor="od-vertices">
      <TextField
        id="od-vertices"
        name="vertices"
        rows={4}
        fill
        spellCheck={false}
        placeholder={"85.1, 27.4\n85.7, 27.4\n85.7, 28.0"}
        value={text}
        {...invalidProps("vertices", all)}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setText(value);
          if (typedProblem) setTypedProblem(read(value));
        }}
        onBlur={() => {
          const parsed = parseVertices(text);
          if ("empty" in parsed) return setTypedProblem(null);
          setTypedProblem("error" in parsed ? problemOf(parsed.error) : null);
          const typed = "geometry" in parsed ? parsed.geometry : undefined;
          // unchanged text keeps the polygon it shows (a file's or a drawing's, as read)
          if (typed && polygon && verticesText(polygon) === verticesText(typed)) return;
          setShown(typed);
          onPolygon(typed);
        }}
      />
      <Problems part="vertices" problems={all} />
    </FormGroup>
  );
}
