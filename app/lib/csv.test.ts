import { describe, expect, it } from "vitest";
import { parseCsv } from "./csv";

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
