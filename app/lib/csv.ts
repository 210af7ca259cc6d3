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
