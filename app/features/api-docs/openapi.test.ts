import { describe, expect, it } from "vitest";
import { compactJson, describeValues, exampleRequest } from "./openapi";

describe("compactJson", () => {
  it("keeps what fits in a line on one line, and cuts long texts", () => {
    const value = { years: [2040, 2041], values: { "ACCESS-CM2": [14.1, null] }, text: "x".repeat(120) };
    expect(compactJson(value)).toBe(`{\n  "years": [2040, 2041],\n  "values": { "ACCESS-CM2": [14.1, null] },\n  "text": "${"x".repeat(120)}"\n}`);
    expect(JSON.parse(compactJson(value))).toEqual(value);
    expect(compactJson({ list: Array.from({ length: 80 }, (_, i) => ({ i, name: "n".repeat(90) })) }, 10).split("\n")).toHaveLength(11);
  });
});

describe("describeValues", () => {
  it("says what a parameter accepts", () => {
    expect(describeValues({ type: "string", enum: ["Country", "Basin"] })).toBe("one of Country, Basin");
    expect(describeValues({ type: "array", items: { type: "string", enum: ["ssp245", "ssp585"] } })).toBe("list of one of ssp245, ssp585");
    expect(describeValues({ type: "integer", minimum: 1950, maximum: 2100 })).toBe("integer 1950-2100");
    expect(describeValues({ type: "string", enum: Array.from({ length: 12 }, (_, i) => `c${i}`) })).toBe("one of 12 codes: c0, c1, c2, c3, …");
  });
});

describe("exampleRequest", () => {
  it("fills path parameters and writes lists comma-separated", () => {
    const request = exampleRequest("/api/x/{name}", [
      { name: "name", in: "path", required: true, description: "", schema: {}, example: "a b" },
      { name: "model", in: "query", required: false, description: "", schema: { type: "array" }, example: ["A", "B&C"] },
      { name: "start", in: "query", required: false, description: "", schema: {} },
    ]);
    expect(request).toBe("/api/x/a%20b?model=A,B%26C");
  });
});
