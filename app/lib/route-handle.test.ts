import { describe, expect, it } from "vitest";
import { flagOf, layoutOf } from "./route-handle";

describe("layoutOf", () => {
  it("is the default layout when no route names one", () => {
    expect(layoutOf([{}, {}])).toBe("default");
    expect(layoutOf([])).toBe("default");
  });
  it("takes the deepest route's choice, including false", () => {
    expect(layoutOf([{ layout: "default" }, { layout: "blank" }])).toBe("blank");
    expect(layoutOf([{ layout: "blank" }, {}])).toBe("blank");
    expect(layoutOf([{}, { layout: false }])).toBe(false);
  });
});

describe("flagOf", () => {
  it("is on when any matched route sets it", () => {
    expect(flagOf([{}, { collector: true }], "collector")).toBe(true);
    expect(flagOf([{}, {}], "collector")).toBe(false);
  });
});
