import { describe, expect, it } from "vitest";
import { pageCountOf, pageItems } from "./pagination";

const show = (current: number, count: number) =>
  pageItems(current, count)
    .map((item) => (item.kind === "page" ? String(item.page) : "…"))
    .join(" ");

describe("pageItems", () => {
  it("lists every page when there are few", () => {
    expect(show(1, 1)).toBe("1");
    expect(show(3, 7)).toBe("1 2 3 4 5 6 7");
    expect(pageItems(1, 0)).toEqual([]);
  });

  it("keeps first and last with gaps around the current page", () => {
    expect(show(1, 20)).toBe("1 2 3 4 5 … 20");
    expect(show(4, 20)).toBe("1 2 3 4 5 … 20");
    expect(show(10, 20)).toBe("1 … 9 10 11 … 20");
    expect(show(17, 20)).toBe("1 … 16 17 18 19 20");
    expect(show(20, 20)).toBe("1 … 16 17 18 19 20");
  });

  it("has a stable length while paging through many pages", () => {
    const lengths = new Set(Array.from({ length: 50 }, (_, i) => pageItems(i + 1, 50).length));
    expect([...lengths]).toEqual([7]);
  });

  it("clamps out-of-range pages", () => {
    expect(show(-3, 20)).toBe(show(1, 20));
    expect(show(99, 20)).toBe(show(20, 20));
  });
});

describe("pageCountOf", () => {
  it("rounds up and never returns zero", () => {
    expect(pageCountOf(0, 25)).toBe(1);
    expect(pageCountOf(25, 25)).toBe(1);
    expect(pageCountOf(26, 25)).toBe(2);
  });
});
