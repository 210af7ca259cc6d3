import { describe, expect, it } from "vitest";
import { INDEX_CODES, ONDEMAND_INDICES } from "~server/ondemand/indices";
import { isPageParameter } from "../navigation/page-parameters";

describe("the on-demand page's address", () => {
  it("carries every parameter of every process: the document cache keeps no parameter a page does not read", () => {
    const names = INDEX_CODES.flatMap((code) => ONDEMAND_INDICES[code].parameters.map((p) => p.name));
    expect(names.length).toBeGreaterThan(10);
    expect([...new Set(names)].filter((name) => !isPageParameter(name))).toEqual([]);
  });
});
