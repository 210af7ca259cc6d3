import { describe, expect, it } from "vitest";
import { CHOROPLETH_PARAMS } from "../../app/features/maps/choropleth";
import { CHOROPLETH_QUERY_KEYS, choroplethResponseSchema } from "../../app/features/maps/choroplethSchema";
import { getSeeds } from "../seeds.server";
import { SampleSeriesStore } from "../series/sample/sample-store";
import { createSeriesService } from "../series/service.server";
import { choropleth } from "./choropleth.server";

describe("choropleth answers", () => {
  const seeds = getSeeds();
  const service = createSeriesService(seeds, new SampleSeriesStore());

  it("follow the answer's schema: historical years, a projection window and a warming level of a subset", async () => {
    const queries = [
      { indicator: "pr", geotype: "Basin" as const, scenario: "historical", model: "ensemble", start: 1995, end: 2014 },
      { indicator: "tas", geotype: "Country" as const, scenario: "ssp585", model: "MIROC6", window: "2080-2099" },
      { indicator: "tas", geotype: "Country" as const, scenario: "ssp245", model: "ACCESS-CM2,CanESM5,MIROC6", window: "gwl:3.0" },
    ];
    for (const query of queries) {
      const answer = await choropleth(service, seeds.warmingLevels, query);
      const parsed = choroplethResponseSchema.safeParse(answer);
      expect(parsed.success, parsed.success ? "" : `${JSON.stringify(query)}: ${parsed.error.message}`).toBe(true);
    }
  });

  it("the query schema has the parameters the route accepts", () => {
    expect(CHOROPLETH_QUERY_KEYS).toEqual([...CHOROPLETH_PARAMS]);
  });
});
