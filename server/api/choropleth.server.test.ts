import { describe, expect, it } from "vitest";
import { CHOROPLETH_PARAMS } from "../../app/features/maps/choropleth";
import { CHOROPLETH_QUERY_KEYS, choroplethResponseSchema } from "../../app/features/maps/choroplethSchema";
import { getSeeds } from "../seeds.server";
import { SampleSeriesStore } from "../series/sample/sample-store";
import { createSeriesService } from "../series/service.server";
import type { SeriesStore } from "../series/store";
import { choropleth } from "./choropleth.server";
import { withAddedPlaces } from "../places/added.server";

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

  it("answer every state and province; one without series has no value and says why, and the others keep theirs", async () => {
    const query = { indicator: "tas", geotype: "State" as const, scenario: "ssp245", model: "ensemble", window: "2040-2059" };
    const states = seeds.geos.filter((g) => g.field_geotype === "State").map((g) => g.field_value);
    const all = await choropleth(service, seeds.warmingLevels, query);
    if ("status" in all) throw new Error(all.message);
    expect(all.geotype).toBe("State");
    expect(all.values.map((v) => v.geo)).toEqual(states);
    expect(all.values.every((v) => typeof v.value === "number" && v.missing === undefined)).toBe(true);

    // an archive without the Maldives' atolls (south of the models' grid: the ingest has no cell for them)
    const sample = new SampleSeriesStore();
    const withoutAtolls: SeriesStore = {
      version: `${sample.version}-without-atolls`,
      describe: () => sample.describe(),
      getSeries: async (keys) => {
        const found = await sample.getSeries(keys);
        return keys.map((k, i) => (k.geo.startsWith("MV-") ? undefined : found[i]));
      },
    };
    const answer = await choropleth(createSeriesService(seeds, withoutAtolls), seeds.warmingLevels, query);
    if ("status" in answer) throw new Error(answer.message);
    expect(choroplethResponseSchema.safeParse(answer).success).toBe(true);
    expect(answer.values).toHaveLength(states.length);
    for (const v of answer.values) {
      if (v.geo.startsWith("MV-")) {
        expect(v, v.geo).toMatchObject({ value: null, models: 0, change: null, agreement: null });
        expect(v.missing, v.geo).toMatch(new RegExp(`No annual tas series for ${v.geo}`));
      } else {
        expect(v, v.geo).toEqual(all.values.find((w) => w.geo === v.geo));
      }
    }
    // a selection without any series is still not found
    const none = await choropleth(createSeriesService(seeds, { ...withoutAtolls, getSeries: async (keys) => keys.map(() => undefined) }), seeds.warmingLevels, query);
    expect(none).toMatchObject({ status: 404 });
  });

  it("leave out the places an operator added, which the map of the states and provinces does not draw", async () => {
    const lucknow = { code: "IN-UP-LKO", name: "Lucknow", country: "IND" as const, geometry: { type: "Polygon" as const, coordinates: [[[80.7, 26.65], [81.1, 26.65], [81.1, 27.05], [80.7, 27.05], [80.7, 26.65]]] } };
    const catalogue = withAddedPlaces(seeds, [lucknow]);
    expect(catalogue.geos.some((g) => g.field_value === "IN-UP-LKO")).toBe(true);
    const query = { indicator: "tas", geotype: "State" as const, scenario: "ssp245", model: "MIROC6", window: "2040-2059" };
    const answer = await choropleth(createSeriesService(catalogue, new SampleSeriesStore()), seeds.warmingLevels, query);
    if ("status" in answer) throw new Error(answer.message);
    expect(answer.values.map((v) => v.geo)).toEqual(seeds.geos.filter((g) => g.field_geotype === "State").map((g) => g.field_value));
  });

  it("the query schema has the parameters the route accepts", () => {
    expect(CHOROPLETH_QUERY_KEYS).toEqual([...CHOROPLETH_PARAMS]);
  });
});
