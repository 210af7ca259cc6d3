import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { IconNames } from "@blueprintjs/icons";
import { describe, expect, it } from "vitest";
import { BUNDLED_ICON_PATHS } from "./icon-paths";

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !name.includes(".test.") ? [file] : [];
  });
}

const ALL = new Set<string>(Object.values(IconNames));

describe("bundled icons", () => {
  it("include every icon name the code uses", () => {
    const used = new Set<string>();
    for (const file of sources("app")) {
      for (const line of readFileSync(file, "utf8").split("\n")) {
        if (!/icon/i.test(line)) continue;
        for (const [, name] of line.matchAll(/"([a-z0-9-]+)"/g)) if (ALL.has(name)) used.add(name);
      }
    }
    const missing = [...used].filter((name) => !(name in BUNDLED_ICON_PATHS));
    expect(missing).toEqual([]);
    expect(used.size).toBeGreaterThan(20);
  });
});
