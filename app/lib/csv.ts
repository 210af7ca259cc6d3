/**
 * Parses CSV text (RFC 4180: quoted fields, doubled quotes, CRLF or LF) into rows of fields, stopping
 * after `maxRows` data rows (the header does not count).
 */
export function parseCsv(text: string, maxRows = Infinity): { header: string[]; rows: string[][]; truncated: boolean } {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  let truncated = false;
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const endRecord = () => {
    record.push(field);
    field = "";
    if (record.length > 1 || record[0] !== "") records.push(record);
    record = [];
    return records.length > maxRows;
  };
  for (let i = 0; i < input.length; i++) {
    const ch = input[i];
    if (quoted) {
      if (ch === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"' && field === "") quoted = true;
    else if (ch === ",") {
      record.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && input[i + 1] === "\n") i++;
      if (endRecord()) {
        truncated = i < input.length - 1;
        break;
      }
    } else field += ch;
  }
  if (!truncated && (field !== "" || record.length > 0)) endRecord();
  const [header = [], ...rows] = records;
  if (rows.length > maxRows) {
    rows.length = maxRows;
    truncated = true;
  }
  return { header, rows, truncated };
}

/** Text that is a plain decimal number ("-2.5", "1e3"): a number to a spreadsheet, not a formula. */
const PLAIN_NUMBER = /^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
/**
 * Where a spreadsheet could start reading a formula: a formula character (=, +, -, @, tab, carriage return)
 * at the start of the text or after a line break or a common list separator (`,` `;` tab), with any quote
 * marks or spaces in between, since a reader that splits a line on its own separator drops the quotes of
 * `"=x"` and may trim ` =x`.
 */
const FORMULA_START = /(?<=(?:^|[,;\t\r\n])[" ]*)(?=[=+\-@\t\r])/g;

/**
 * Text with an apostrophe in front of every formula start (OWASP "CSV Injection"), so that no piece of it
 * starts a formula whichever separator a spreadsheet splits it on. Text that is a plain decimal number
 * ("-2.5") is a number, not a formula, and stays as it is.
 */
function neutralise(text: string): string {
  return PLAIN_NUMBER.test(text) ? text : text.replace(FORMULA_START, "'");
}

/**
 * One CSV cell (RFC 4180) that no spreadsheet runs as a formula: numbers are written bare; every text cell
 * is quoted with quotes doubled, formula starts neutralised (`neutralise`).
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (value === "") return "";
  return `"${neutralise(value).replace(/"/g, '""')}"`;
}

/**
 * The text of a "# name: value" comment line: formula starts neutralised as in a cell, then put on one
 * line, left unquoted so that readers which skip `#` lines still do. Its text can come from outside (an
 * ingested file's name in "sources:"), and a spreadsheet reads a comment line as cells like any other.
 */
export function csvCommentText(value: string): string {
  return neutralise(value).replace(/[\r\n]+/g, " ");
}

/** CSV text (CRLF line ends) of a header row and data rows, every cell through `csvCell`. */
export function toCsvText(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[], comments: readonly string[] = []): string {
  const lines = [...comments.map((line) => `# ${csvCommentText(line)}`), header.map(csvCell).join(","), ...rows.map((row) => row.map(csvCell).join(","))];
  return `${lines.join("\r\n")}\r\n`;
}
