import { describe, expect, it } from "vitest";
import { csvCell, parseCsv, toCsvText } from "./csv";

describe("parseCsv", () => {
  it("reads quoted fields, doubled quotes, commas and newlines inside quotes", () => {
    const { header, rows } = parseCsv('name,note\r\n"Dhaka, BGD","said ""hi""\nthen left"\r\nKathmandu,\n');
    expect(header).toEqual(["name", "note"]);
    expect(rows).toEqual([
      ["Dhaka, BGD", 'said "hi"\nthen left'],
      ["Kathmandu", ""],
    ]);
  });

  it("stops after maxRows data rows and says so", () => {
    const text = "a\n" + Array.from({ length: 10 }, (_, i) => String(i)).join("\n");
    const result = parseCsv(text, 3);
    expect(result.rows).toEqual([["0"], ["1"], ["2"]]);
    expect(result.truncated).toBe(true);
    expect(parseCsv(text, 50).truncated).toBe(false);
  });

  it("ignores a byte-order mark and blank lines", () => {
    expect(parseCsv("\uFEFFx,y\n\n1,2\n")).toEqual({ header: ["x", "y"], rows: [["1", "2"]], truncated: false });
  });
});

/**
 * The cells a spreadsheet would see if it split CSV text into lines at every line break (even inside
 * quotes) and each line on `separator` without honouring quotes, as some list-separator settings do, each
 * with its leading quote marks and spaces and its trailing quote marks dropped.
 */
function naiveCells(text: string, separator: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .flatMap((line) => line.split(separator))
    .map((cell) => cell.replace(/^[" ]+|"+$/g, ""));
}
const FORMULA = /^[=+\-@\t\r]/;
/**
 * A cell a spreadsheet reads as a formula: a formula start that is not a number written bare (alone, or
 * followed by the rest of its row for a reader that splits on another separator than the comma).
 */
const isFormula = (cell: string) => FORMULA.test(cell) && !/^-\d+(\.\d+)?(,|$)/.test(cell);

describe("csvCell", () => {
  it("quotes every text cell (quotes doubled) and writes numbers bare", () => {
    expect(csvCell("plain")).toBe('"plain"');
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("one\r\ntwo")).toBe('"one\r\ntwo"');
    expect(csvCell(-2.5)).toBe("-2.5");
    expect(csvCell(12)).toBe("12");
    expect(csvCell(Number.NaN)).toBe("");
    expect(csvCell(null)).toBe("");
    expect(csvCell("")).toBe("");
  });

  it("neutralises formula starts at the beginning and after any common separator", () => {
    expect(csvCell("=1+1")).toBe(`"'=1+1"`);
    expect(csvCell("@SUM(A1)")).toBe(`"'@SUM(A1)"`);
    expect(csvCell("ok;-2+3+cmd|' /C calc'!A0")).toBe(`"ok;'-2+3+cmd|' /C calc'!A0"`);
    expect(csvCell("a\t=1")).toBe(`"a\t'=1"`);
    expect(csvCell(";\t=cmd")).toBe(`";'\t'=cmd"`);
    expect(csvCell("a=b; c")).toBe('"a=b; c"');
    // A plain decimal number is no formula: it stays as written.
    expect(csvCell("-2.5")).toBe('"-2.5"');
    expect(csvCell("-2+3")).toBe(`"'-2+3"`);
  });

  it("neutralises a formula start after a line break inside a cell", () => {
    expect(csvCell("note\n=cmd|' /C calc'!A0")).toBe(`"note\n'=cmd|' /C calc'!A0"`);
    expect(csvCell("a\r\n@SUM(1)")).toBe(`"a\r\n'@SUM(1)"`);
  });

  it("neutralises a formula start behind quote marks or spaces after a separator", () => {
    expect(csvCell('x;"=1+1"')).toBe(`"x;""'=1+1"""`);
    expect(csvCell("x, =1+1")).toBe(`"x, '=1+1"`);
  });

  const hostile = [
    "ok;-2+3+cmd|' /C calc'!A0",
    'x,=HYPERLINK("http://e.example")',
    'x,"=HYPERLINK(""http://e.example"")"',
    "t\t@SUM(1)",
    "+1;+2",
    "a;\t-b",
    "\r=x",
    '"=q',
    "line\n=cmd",
    "line\r\n+cmd",
    "x; -1+1",
  ];

  for (const separator of [",", ";", "\t"]) {
    it(`leaves no cell or comment piece starting a formula for a spreadsheet splitting on ${JSON.stringify(separator)}`, () => {
      const text = toCsvText(["name", "note"], [...hostile.map((value) => [value, value]), [-1.5, "-2"]], hostile);
      const cells = naiveCells(text, separator);
      expect(cells.filter(isFormula)).toEqual([]);
      // the numbers are still numbers: -1.5 bare, the text "-2" as written
      expect(text).toContain('\r\n-1.5,"-2"\r\n');
    });
  }

  it("reads back through parseCsv as the text written, formula starts marked", () => {
    const text = toCsvText(["a", "b"], [["ok;-2+3", 4], ["plain", null]], ["indicator: x;=1"]);
    expect(text.split("\r\n")[0]).toBe("# indicator: x;'=1");
    expect(toCsvText(["a"], [], ['sources: a.nc,"=HYPERLINK(""http://e.example"")"']).split("\r\n")[0]).toBe(`# sources: a.nc,"'=HYPERLINK(""http://e.example"")"`);
    expect(toCsvText(["a"], [], ["sources: a.nc\n=cmd"]).split("\r\n")[0]).toBe("# sources: a.nc '=cmd");
    const { header, rows } = parseCsv(text.split("\r\n").slice(1).join("\r\n"));
    expect(header).toEqual(["a", "b"]);
    expect(rows).toEqual([
      ["ok;'-2+3", "4"],
      ["plain", ""],
    ]);
  });
});
