import { expect, it } from "vitest";
import { OBSERVATION_DATASETS, OBSERVATION_IDS, observationDataset } from "./datasets";

it("lists the same ids as the light list the series query codec reads, each with licence and reference", () => {
  expect(OBSERVATION_DATASETS.map((d) => d.id)).toEqual(OBSERVATION_IDS);
  for (const d of OBSERVATION_DATASETS) {
    expect(d.licence.length, d.id).toBeGreaterThan(20);
    expect(d.reference, d.id).toMatch(/\(20\d\d\)/);
    expect(observationDataset(d.flags[0])).toBe(d);
  }
});
