/**
 * A drawing's markup made smaller without changing what is drawn: the server draws every chart twice (a
 * wide and a phone box), so its SVG is a large part of a page. Coordinates go to a tenth of a pixel (the
 * drawings are at most 680 px wide: a twentieth of a pixel at most moves), straight-line paths are written
 * in relative steps, what draws nothing or repeats a default goes, and one font is named once.
 */

/** A number of tenths as SVG writes it: "12", "12.3", ".3", "-.3". */
function tenths(n: number): string {
  const text = n % 10 === 0 ? String(n / 10) : (n / 10).toFixed(1);
  return text.replace(/^(-?)0\./, "$1.");
}

const toTenths = (value: string) => Math.round(Number(value) * 10);

/** Numbers joined as path data: a separator only where the next does not start with a minus sign. */
function joined(numbers: string[]): string {
  return numbers.reduce((out, n, i) => (i === 0 || n.startsWith("-") ? out + n : `${out},${n}`), "");
}

const NUMBER = /-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi;

/**
 * Path data to a tenth of a pixel. A path of absolute moves and lines only (Vega's lines and areas) is
 * written as its first point, then relative steps between the rounded points (so no error adds up); any
 * other path keeps its commands with its numbers rounded.
 */
export function compactPath(d: string): string {
  if (!/^[MLZ\d\s,.eE+-]*$/.test(d) || !d.startsWith("M")) return d.replace(NUMBER, (n) => tenths(toTenths(n)));
  let out = "";
  let x = 0;
  let y = 0;
  let last = "";
  for (const [, command, args] of d.matchAll(/([MLZ])([^MLZ]*)/g)) {
    if (command === "Z") {
      out += "Z";
      last = "Z";
      continue;
    }
    const numbers = (args.match(NUMBER) ?? []).map(toTenths);
    for (let i = 0; i + 1 < numbers.length; i += 2) {
      const [px, py] = [numbers[i], numbers[i + 1]];
      // a move (and a move's further pairs, which are lines) after M is absolute; lines are relative steps
      if (command === "M" && i === 0) {
        out += `M${joined([tenths(px), tenths(py)])}`;
        last = "M";
      } else {
        const step = joined([tenths(px - x), tenths(py - y)]);
        out += last === "l" ? (step.startsWith("-") ? step : `,${step}`) : `l${step}`;
        last = "l";
      }
      [x, y] = [px, py];
    }
  }
  return out;
}

/**
 * One font for every text: written once on the drawing's root (texts inherit it) instead of on each. A
 * drawing with several fonts keeps them where they are.
 */
function oneFont(svg: string): string {
  const fonts = new Set([...svg.matchAll(/ font-family="([^"]*)"/g)].map((m) => m[1]));
  if (fonts.size !== 1) return svg;
  const [font] = fonts;
  return svg.replaceAll(` font-family="${font}"`, "").replace(/^<svg\b/, `<svg font-family="${font}"`);
}

/** The drawing's markup with the same marks in fewer bytes. */
export function compactSvg(svg: string): string {
  // a stroke width of 1 is the default, unless a group sets another for what it holds
  const defaultStroke = !/<g\b[^>]* stroke-width=/.test(svg);
  const compact =
    svg
      .replace(/ d="([^"]*)"/g, (_, d: string) => ` d="${compactPath(d)}"`)
      .replace(/ transform="translate\(([^)]*)\)"/g, (_, args: string) => {
        const [x, y] = args.split(/[\s,]+/).map((n) => tenths(toTenths(n)));
        return x === "0" && (y === undefined || y === "0") ? "" : ` transform="translate(${x}${y === undefined ? "" : `,${y}`})"`;
      })
      // the default opacity (not fill- or stroke-opacity: those are preceded by a hyphen)
      .replaceAll(' opacity="1"', "")
      // the empty background and foreground of Vega's groups without a fill or stroke: nothing is drawn
      .replaceAll('<path class="background" aria-hidden="true" d="M0,0h0v0h0Z" pointer-events="none"/>', "")
      .replaceAll('<path class="foreground" aria-hidden="true" d="" pointer-events="none" display="none"/>', "")
      // a line's end points default to 0
      .replace(/<line\b[^>]*>/g, (tag) => tag.replace(/ (?:x1|y1|x2|y2)="0"/g, ""))
      // a drawing in the document has no pointer handlers of its own: what its marks let through goes to its box
      .replaceAll(' pointer-events="none"', "");
  return oneFont(defaultStroke ? compact.replaceAll(' stroke-width="1"', "") : compact);
}
