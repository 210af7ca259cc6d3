import { CONTACT_FIELDS } from "../../app/features/forms/contact";
import { DATA_SHARE_FIELDS } from "../../app/features/forms/data-share";
import type { FormKind } from "../../app/features/forms/forms";
import type { StoredSubmission } from "../services/submissions.server";

const FIELD_NAMES: Record<FormKind, string[]> = {
  contact: CONTACT_FIELDS.map((field) => field.name),
  "data-share": DATA_SHARE_FIELDS.map((field) => field.name),
};

/** The columns of an export: reference, kind and time, then the fields of the kinds included. */
export function exportColumns(kind?: FormKind): string[] {
  const fields = kind ? FIELD_NAMES[kind] : [...new Set([...FIELD_NAMES.contact, ...FIELD_NAMES["data-share"]])];
  return ["reference", "kind", "submitted_at", ...fields];
}

function row(submission: StoredSubmission): Record<string, string> {
  return { reference: submission.reference, kind: submission.kind, submitted_at: new Date(submission.createdAt).toISOString(), ...submission.fields };
}

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. Text a
 * spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage return) gets a leading
 * apostrophe, since submissions are text typed by anyone.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(submissions: readonly StoredSubmission[], kind?: FormKind): string {
  const columns = exportColumns(kind);
  const lines = [columns.join(",")];
  for (const submission of submissions) {
    const values = row(submission);
    lines.push(columns.map((column) => csvCell(values[column] ?? "")).join(","));
  }
  return lines.join("\r\n") + "\r\n";
}

export function toJson(submissions: readonly StoredSubmission[]): string {
  return JSON.stringify(submissions.map(row), null, 2) + "\n";
}
