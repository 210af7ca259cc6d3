import { describe, expect, it } from "vitest";
import { HASH_SCROLL_OFFSET, hashScrollTop } from "./scroll";

describe("hashScrollTop", () => {
  it("leaves the spec's 60 px above the target", () => {
    expect(HASH_SCROLL_OFFSET).toBe(60);
    expect(hashScrollTop(500, 0)).toBe(440);
    expect(hashScrollTop(100, 1000)).toBe(1040);
  });
  it("never scrolls above the page", () => {
    expect(hashScrollTop(20, 0)).toBe(0);
  });
});
