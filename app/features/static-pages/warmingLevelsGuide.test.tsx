import { readFileSync } from "node:fs";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { levelWindows } from "../cmip6/warmingLevels";
import { parseWarmingLevelsCsv, warmingLevelsSchema } from "../cmip6/warmingLevelTable";
import { UserGuide } from "./UserGuide";
import { GUIDE_LEVEL_EXAMPLE } from "./warmingLevelsGuide";

const table = warmingLevelsSchema.parse(parseWarmingLevelsCsv(readFileSync("seeds/warming-levels.csv", "utf8")));
const models = (JSON.parse(readFileSync("seeds/cmip6-models.json", "utf8")) as { field_value: string; field_variant: string }[]).map((m) => ({ code: m.field_value, variant: m.field_variant }));

describe("the user guide's worked example on warming levels", () => {
  const { scenario } = GUIDE_LEVEL_EXAMPLE;

  it("states the windows of the shipped table", () => {
    const two = levelWindows(table, scenario.code, 2, models);
    for (const w of GUIDE_LEVEL_EXAMPLE.twoDegrees) expect(two.periods[w.model]).toEqual({ start: w.start, end: w.end });
    const early = levelWindows(table, scenario.code, GUIDE_LEVEL_EXAMPLE.early.level, models);
    expect(early.periods[GUIDE_LEVEL_EXAMPLE.early.model]).toEqual({ start: GUIDE_LEVEL_EXAMPLE.early.start, end: GUIDE_LEVEL_EXAMPLE.early.end });
  });

  it("names the version and licence of the shipped table", () => {
    expect(table.version).toBe(GUIDE_LEVEL_EXAMPLE.table.version);
    expect(table.licence.startsWith(GUIDE_LEVEL_EXAMPLE.table.licence)).toBe(true);
  });

  it("counts the portal's models that reach +3 °C", () => {
    expect(models).toHaveLength(GUIDE_LEVEL_EXAMPLE.threeDegrees.of);
    const three = levelWindows(table, scenario.code, 3, models);
    expect(Object.keys(three.periods)).toHaveLength(GUIDE_LEVEL_EXAMPLE.threeDegrees.count);
    expect(three.notInTable).toEqual(GUIDE_LEVEL_EXAMPLE.threeDegrees.notInTable);
    // the page says these models are fewer than half
    expect(GUIDE_LEVEL_EXAMPLE.threeDegrees.count * 2).toBeLessThan(GUIDE_LEVEL_EXAMPLE.threeDegrees.of);
  });

  it("is on the page, with the rule of agreement and the sample-data warning", () => {
    const html = renderToString(
      <StaticRouter location="/">
        <UserGuide />
      </StaticRouter>,
    ).replace(/<!-- -->/g, "");
    expect(html).toContain('id="guide-warming-levels"');
    expect(html).toContain("ACCESS-CM2 reaches +2 °C in 2031-2050");
    expect(html).toContain("16 of the portal&#x27;s 35 models reach +3 °C");
    expect(html).toContain("+3 °C: 16 of 35 models under SSP2-4.5");
    expect(html).toContain("the table has no SSP2-4.5 rows for GFDL-CM4_gr2 and HadGEM3-GC31-MM");
    expect(html).toContain("doi:10.5281/zenodo.3591806), in its version of 2025-11-07, under the licence CC BY-SA 4.0");
    expect(html).not.toMatch(/table the Atlas uses|3591807/);
    expect(html).toContain("at least 80 %");
    expect(html).toContain("sample data");
  });
});
