import { describe, expect, it } from "vitest";
import type { StoredSubmission } from "../services/submissions.server";
import { exportColumns, toCsv, toJson } from "./export.server";

const contact: StoredSubmission = {
  reference: "CT-0000-0000-0000-0001",
  kind: "contact",
  createdAt: Date.UTC(2026, 1, 3, 4, 5, 6),
  fields: {
    name: 'Asha "AR" Rana',
    email: "asha@example.org",
    organisation: "DHM, Nepal",
    country: "NPL",
    topic: "data-request",
    message: "Line one\nLine two",
  },
};
const share: StoredSubmission = {
  reference: "DS-0000-0000-0000-0002",
  kind: "data-share",
  createdAt: Date.UTC(2026, 1, 4),
  fields: { title: "Koshi rainfall", sector: "Weather & Climate", link: "https://example.org/k", description: "=HYPERLINK(\"x\")", licence: "CC-BY-4.0", contactEmail: "c@example.org" },
};

describe("CSV export", () => {
  it("has the columns of the kinds exported", () => {
    expect(exportColumns("contact")).toEqual(["reference", "kind", "submitted_at", "name", "email", "organisation", "country", "topic", "message"]);
    expect(exportColumns("data-share")).toEqual(["reference", "kind", "submitted_at", "title", "sector", "link", "description", "licence", "contactEmail"]);
    expect(exportColumns()).toHaveLength(3 + 6 + 6);
  });

  it("writes one CRLF-terminated row per submission, empty cells for the other kind's fields", () => {
    expect(toCsv([contact], "contact")).toBe(
      '"reference","kind","submitted_at","name","email","organisation","country","topic","message"\r\n' +
        '"CT-0000-0000-0000-0001","contact","2026-02-03T04:05:06.000Z","Asha ""AR"" Rana","asha@example.org","DHM, Nepal","NPL","data-request","Line one\nLine two"\r\n',
    );
    const both = toCsv([contact, share]).split("\r\n");
    expect(both).toHaveLength(4);
    expect(both[2]).toBe(`"DS-0000-0000-0000-0002","data-share","2026-02-04T00:00:00.000Z",,,,,,,"Koshi rainfall","Weather & Climate","https://example.org/k","'=HYPERLINK(""x"")","CC-BY-4.0","c@example.org"`);
    expect(toCsv([])).toBe(exportColumns().map((c) => `"${c}"`).join(",") + "\r\n");
  });

  it("JSON has the same fields, unaltered", () => {
    const parsed = JSON.parse(toJson([contact, share]));
    expect(parsed[0]).toEqual({ reference: contact.reference, kind: "contact", submitted_at: "2026-02-03T04:05:06.000Z", ...contact.fields });
    expect(parsed[1].description).toBe('=HYPERLINK("x")');
  });
});
