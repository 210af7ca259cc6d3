import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { aezModuleListSchema } from "../../app/features/pyaez/schema";

const modules = aezModuleListSchema.parse(JSON.parse(readFileSync("seeds/pyaez-modules.json", "utf8")));
const maps = modules.flatMap((m) => m.child);
const imagePaths = maps.flatMap((c) => [c.image, ...(c.info ? [c.info.img] : [])]);
const publicFile = (webPath: string) => path.join("public", webPath);

/** Web paths ("/aez/...") of the files under `<root>/aez`. */
function filesUnder(root: string): string[] {
  return readdirSync(path.join(root, "aez"), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `/${path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`)
    .sort();
}

describe("AEZ sample images", () => {
  const out = mkdtempSync(path.join(tmpdir(), "aez-images-"));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it("exist for every map and info chart the seeds name, small and marked SAMPLE", () => {
    expect(new Set(imagePaths).size).toBe(imagePaths.length);
    for (const webPath of imagePaths) {
      const svg = readFileSync(publicFile(webPath), "utf8");
      expect(svg, webPath).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="320" height="(280|240)"/);
      expect(svg, webPath).toContain(">SAMPLE</text>");
      expect(statSync(publicFile(webPath)).size, webPath).toBeLessThan(15_000);
    }
    expect(maps.find((c) => c.name === "Yield Class Irrigated" && c.id === "3.2")?.image).toBe("/aez/module-3.2-irrigated.svg");
    expect(filesUnder("public"), "no stale files in public/aez").toEqual([...imagePaths].sort());
  });

  it("are what the script writes (rerun it after changing legends or image paths)", () => {
    execFileSync(process.execPath, ["scripts/generate-aez-images.mjs", out], { stdio: "pipe" });
    expect(filesUnder(out)).toEqual([...imagePaths].sort());
    for (const webPath of imagePaths) {
      expect(readFileSync(path.join(out, webPath), "utf8") === readFileSync(publicFile(webPath), "utf8"), webPath).toBe(true);
    }
  });
});
