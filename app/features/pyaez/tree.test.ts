import { describe, expect, it } from "vitest";
import { aezEntries } from "./anchors";
import type { AezChild, AezModule } from "./schema";
import { treeKeyAction, treeRows, visibleRows } from "./tree";

const map = (id: string): AezChild => ({ id, name: id, route: `/pyaez#module-${id}`, image: `/aez/module-${id}.svg`, desc: "x" });
const mod = (id: string, ids: string[]): AezModule => ({ id, name: id, val: `module-${id}`, route: `/pyaez#module-${id}`, child: ids.map(map) });
const rows = treeRows(aezEntries([mod("1", ["1.1", "1.2"]), mod("3", ["3.2", "3.2"]), mod("6", [])]));
const none = new Set<string>();

describe("treeRows and visibleRows", () => {
  it("list modules followed by their maps, with suffixed anchors for reused ids", () => {
    expect(rows.map((r) => r.anchor)).toEqual(["module-1", "module-1.1", "module-1.2", "module-3", "module-3.2", "module-3.2-2", "module-6"]);
    expect(rows.filter((r) => r.expandable).map((r) => r.anchor)).toEqual(["module-1", "module-3"]);
    expect(rows[5].parent).toBe("module-3");
  });
  it("hide the maps of collapsed modules", () => {
    expect(visibleRows(rows, new Set(["module-1"])).map((r) => r.anchor)).toEqual(["module-1", "module-3", "module-3.2", "module-3.2-2", "module-6"]);
  });
});

describe("treeKeyAction", () => {
  it("moves down and up through visible rows, stopping at the ends", () => {
    expect(treeKeyAction("ArrowDown", rows, none, "module-1")).toEqual({ type: "focus", anchor: "module-1.1" });
    expect(treeKeyAction("ArrowDown", rows, none, "module-1.2")).toEqual({ type: "focus", anchor: "module-3" });
    expect(treeKeyAction("ArrowDown", rows, new Set(["module-1"]), "module-1")).toEqual({ type: "focus", anchor: "module-3" });
    expect(treeKeyAction("ArrowUp", rows, none, "module-3.2-2")).toEqual({ type: "focus", anchor: "module-3.2" });
    expect(treeKeyAction("ArrowUp", rows, none, "module-1")).toBeNull();
    expect(treeKeyAction("ArrowDown", rows, none, "module-6")).toBeNull();
  });

  it("jumps to the first and last visible rows", () => {
    expect(treeKeyAction("Home", rows, none, "module-3.2")).toEqual({ type: "focus", anchor: "module-1" });
    expect(treeKeyAction("End", rows, none, "module-1")).toEqual({ type: "focus", anchor: "module-6" });
    expect(treeKeyAction("End", rows, none, "module-6")).toBeNull();
  });

  it("expands with Right, then enters the module", () => {
    const collapsed = new Set(["module-3"]);
    expect(treeKeyAction("ArrowRight", rows, collapsed, "module-3")).toEqual({ type: "expand", anchor: "module-3" });
    expect(treeKeyAction("ArrowRight", rows, none, "module-3")).toEqual({ type: "focus", anchor: "module-3.2" });
    expect(treeKeyAction("ArrowRight", rows, none, "module-3.2")).toBeNull();
    expect(treeKeyAction("ArrowRight", rows, none, "module-6")).toBeNull();
  });

  it("collapses with Left, or goes from a map to its module", () => {
    expect(treeKeyAction("ArrowLeft", rows, none, "module-3")).toEqual({ type: "collapse", anchor: "module-3" });
    expect(treeKeyAction("ArrowLeft", rows, none, "module-3.2-2")).toEqual({ type: "focus", anchor: "module-3" });
    expect(treeKeyAction("ArrowLeft", rows, new Set(["module-3"]), "module-3")).toBeNull();
    expect(treeKeyAction("ArrowLeft", rows, none, "module-6")).toBeNull();
  });

  it("ignores other keys and rows it cannot see", () => {
    expect(treeKeyAction("Enter", rows, none, "module-1")).toBeNull();
    expect(treeKeyAction("ArrowDown", rows, new Set(["module-1"]), "module-1.1")).toBeNull();
  });
});
