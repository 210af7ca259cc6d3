import { expect, it } from "vitest";
import { GEO_CLIMATES } from "~server/series/sample/geo-climates";
import geos from "../../../seeds/geos.json";
import { GEO_LATITUDES } from "./latitudes";

it("has the series store's latitude of every geo", () => {
  expect(GEO_LATITUDES).toEqual(Object.fromEntries(Object.entries(GEO_CLIMATES).map(([code, c]) => [code, c.lat])));
  // the countries and basins here; the states and provinces and the disputed areas from their outlines
  // (`placeLatitudes`, server side)
  for (const geo of geos.filter((g) => g.field_geotype === "Country" || g.field_geotype === "Basin")) expect(GEO_LATITUDES[geo.field_value], geo.field_value).toBeTypeOf("number");
});
