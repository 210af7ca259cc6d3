import { toCsvText } from "../../app/lib/csv";
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

export function toCsv(submissions: readonly StoredSubmission[], kind?: FormKind): string {
  const columns = exportColumns(kind);
  return toCsvText(
    columns,
    submissions.map((submission) => {
      const values = row(submission);
      return columns.map((column) => values[column] ?? "");
    }),
  );
}

export function toJson(submissions: readonly StoredSubmission[]): string {
  return JSON.stringify(submissions.map(row), null, 2) + "\n";
}
