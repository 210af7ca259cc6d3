import { describe, expect, it } from "vitest";
import { readSubset, spreadSummary, storylineModels, subsetText, writeSubset, type ModelChange } from "./subsets";

const KNOWN = ["ACCESS-CM2", "CanESM5", "MIROC6", "NorESM2-LM"];

describe("named model subsets in the URL", () => {
  it("round-trips through the URL under the page's model parameter", () => {
    for (const param of ["model", "mod"]) {
      const subset = { name: "warm-dry", models: ["CanESM5", "MIROC6"] };
      const params = writeSubset(new URLSearchParams("indicator=tas"), param, subset);
      expect(params.toString()).toBe(`indicator=tas&${param}=CanESM5%2CMIROC6&subset=warm-dry`);
      expect(readSubset(new URLSearchParams(params.toString()), param, KNOWN)).toEqual(subset);
    }
  });

  it("keeps only known models in catalogue order and refuses a bad name", () => {
    expect(readSubset(new URLSearchParams("model=MIROC6,Nope,ACCESS-CM2&subset=Mine"), "model", KNOWN)).toEqual({ name: "mine", models: ["ACCESS-CM2", "MIROC6"] });
    expect(readSubset(new URLSearchParams("model=MIROC6&subset=<b>"), "model", KNOWN)).toBeUndefined();
    expect(readSubset(new URLSearchParams("model=Nope&subset=x"), "model", KNOWN)).toBeUndefined();
    expect(readSubset(new URLSearchParams("model=MIROC6"), "model", KNOWN)).toBeUndefined();
    expect(writeSubset(new URLSearchParams("model=A&subset=x"), "model", undefined).toString()).toBe("model=A");
    expect(subsetText({ name: "middle", models: ["MIROC6"] })).toBe("middle subset: 1 model (MIROC6)");
  });
});

describe("storylines from the models' changes", () => {
  // a 5 x 5 grid of models around (2 °C, 0 %): corners are the most pronounced
  const points: ModelChange[] = [];
  for (let i = 0; i < 5; i++) for (let j = 0; j < 5; j++) points.push({ model: `M${i}${j}`, temperature: 1 + i * 0.5, precipitation: -10 + j * 5 });

  it("summarises each axis by median, p10 and p90", () => {
    const s = spreadSummary(points);
    expect(s.temperature.median).toBe(2);
    expect(s.precipitation.median).toBe(0);
    expect(s.temperature.p10).toBeCloseTo(1);
    expect(s.precipitation.p90).toBeCloseTo(10);
  });

  it("picks the quadrant's models, the most pronounced first, and the middle around the medians", () => {
    expect(storylineModels(points, "warm-dry", 3)).toEqual(["M40", "M30", "M41"]);
    expect(storylineModels(points, "cool-wet", 1)).toEqual(["M04"]);
    expect(storylineModels(points, "warm-wet")).toHaveLength(4);
    expect(storylineModels(points, "middle", 5)).toEqual(["M22", "M12", "M21", "M23", "M32"]);
    expect(storylineModels([], "middle")).toEqual([]);
  });
});
