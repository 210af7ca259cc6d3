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

/** A number as written: finite numbers bare, anything else an empty cell. */
const PLAIN_NUMBER = /^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
/** A formula start (=, +, -, @, tab, carriage return) at the start of the text or after a common list separator. */
const FORMULA_START = /(?<=^|[,;\t])(?=[=+\-@\t\r])/g;

/**
 * One CSV cell (RFC 4180) that no spreadsheet runs as a formula, whichever list separator it splits on
 * (OWASP "CSV Injection"): numbers are written bare; every text cell is quoted with quotes doubled, and a
 * formula start at the beginning or after a `,` `;` or tab gets an apostrophe in front. Text that is a
 * plain decimal number ("-2.5") is a number, not a formula, and stays as it is.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (value === "") return "";
  const safe = PLAIN_NUMBER.test(value) ? value : value.replace(FORMULA_START, "'");
  return `"${safe.replace(/"/g, '""')}"`;
}

/** Formula starts neutralised as in `csvCell`, without quoting: for "# name: value" comment lines. */
export function csvCommentText(value: string): string {
  return value.replace(/[\r\n]+/g, " ").replace(FORMULA_START, "'");
}

/** CSV text (CRLF line ends) of a header row and data rows, every cell through `csvCell`. */
export function toCsvText(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[], comments: readonly string[] = []): string {
  const lines = [...comments.map((line) => `# ${csvCommentText(line)}`), header.map(csvCell).join(","), ...rows.map((row) => row.map(csvCell).join(","))];
  return `${lines.join("\r\n")}\r\n`;
}
