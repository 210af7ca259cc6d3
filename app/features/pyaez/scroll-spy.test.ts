import { describe, expect, it } from "vitest";
import { currentAnchor, type AnchorPosition } from "./scroll-spy";

const at = (...tops: Array<[string, number]>): AnchorPosition[] => tops.map(([anchor, top]) => ({ anchor, top }));
const view = { line: 68, viewportHeight: 900, atBottom: false };

describe("currentAnchor", () => {
  it("is the last element whose top reached the line", () => {
    const positions = at(["module-1", -900], ["module-1.1", -500], ["module-1.2", 60], ["module-1.3", 400]);
    expect(currentAnchor(positions, view)).toBe("module-1.2");
    expect(currentAnchor(at(["module-1", -900], ["module-1.1", -500], ["module-1.2", 69]), view)).toBe("module-1.1");
  });

  it("is a module while its heading is reached and its first map is not", () => {
    expect(currentAnchor(at(["module-1", -3000], ["module-1.9", -400], ["module-2", 20], ["module-2.1", 120]), view)).toBe("module-2");
  });

  it("is the first element before any is reached, and nothing without elements", () => {
    expect(currentAnchor(at(["module-1", 300], ["module-1.1", 500]), view)).toBe("module-1");
    expect(currentAnchor([], view)).toBeUndefined();
  });

  it("at the bottom of the page, is the fragment's target when it is on screen", () => {
    const positions = at(["module-5.6", -200], ["module-5.7", 40], ["module-6", 520]);
    expect(currentAnchor(positions, { ...view, atBottom: true, hashAnchor: "module-6" })).toBe("module-6");
    expect(currentAnchor(positions, { ...view, atBottom: false, hashAnchor: "module-6" })).toBe("module-5.7");
    expect(currentAnchor(positions, { ...view, atBottom: true, hashAnchor: "module-5.6" })).toBe("module-5.7");
    expect(currentAnchor(positions, { ...view, atBottom: true, hashAnchor: "module-9" })).toBe("module-5.7");
  });
});
