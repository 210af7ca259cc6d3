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

  it("counts the portal's models that reach +3 °C", () => {
    expect(models).toHaveLength(GUIDE_LEVEL_EXAMPLE.threeDegrees.of);
    const three = levelWindows(table, scenario.code, 3, models);
    expect(Object.keys(three.periods)).toHaveLength(GUIDE_LEVEL_EXAMPLE.threeDegrees.count);
    expect(three.notInTable).toEqual(GUIDE_LEVEL_EXAMPLE.threeDegrees.notInTable);
  });

  it("is on the page, with the rule of agreement and the sample-data warning", () => {
    const html = renderToString(
      <StaticRouter location="/">
        <UserGuide />
      </StaticRouter>,
    ).replace(/<!-- -->/g, "");
    expect(html).toContain('id="guide-warming-levels"');
    expect(html).toContain("ACCESS-CM2 reaches +2 °C in 2031-2050");
    expect(html).toContain("15 of the portal&#x27;s 35 models reach +3 °C");
    expect(html).toContain("at least 80 %");
    expect(html).toContain("sample data");
  });
});
