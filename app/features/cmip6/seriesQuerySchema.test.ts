import { describe, expect, it } from "vitest";
import * as z from "zod";
import { getSeeds } from "~server/seeds.server";
import { parseSeriesQuery, seriesParamsFor, SERIES_FREQUENCIES, type SeriesCatalog, type SeriesFrequency } from "./seriesQuery";
import { seriesQuerySchema, WINDOW_PATTERN } from "./seriesQuerySchema";
import { WINDOW_CHOICES } from "./warmingLevels";

const seeds = getSeeds();
const catalog: SeriesCatalog = { indicators: seeds.indicators, geos: seeds.geos, scenarios: seeds.scenarios, models: seeds.cmip6Models };
const BASE = "indicator=tas&geo=NPL";

/** The `allowed` of the parser's 400 for a bad value of one parameter. */
function allowedFor(frequency: SeriesFrequency, name: string, bad: string) {
  const parsed = parseSeriesQuery(new URLSearchParams(`${name === "indicator" ? "geo=NPL" : name === "geo" ? "indicator=tas" : BASE}&${name}=${bad}`), catalog, frequency);
  if (parsed.ok) throw new Error(`${name}=${bad} parsed`);
  expect(parsed.problem.field).toBe(name);
  return parsed.problem.allowed;
}

/** The values a field of the schema accepts: the enum's options, or the numbers' bounds. */
function acceptedBy(field: z.ZodType): unknown {
  const json = z.toJSONSchema(field, { io: "input" }) as { enum?: string[]; items?: { enum?: string[] }; minimum?: number; maximum?: number };
  const values = json.enum ?? json.items?.enum;
  return values ?? { min: json.minimum, max: json.maximum };
}

describe("seriesQuerySchema", () => {
  for (const frequency of SERIES_FREQUENCIES) {
    const schema = seriesQuerySchema(catalog, frequency);
    it(`${frequency}: has the parser's parameters, and accepts the values the parser's 400 answers list`, () => {
      expect(Object.keys(schema.shape)).toEqual(seriesParamsFor(frequency));
      const shape = schema.shape as Record<string, z.ZodType>;
      const fields = frequency === "monthly" ? ["indicator", "geo", "scenario", "model", "start", "end", "month", "season"] : ["indicator", "geo", "scenario", "model", "start", "end"];
      for (const name of fields) {
        const bad = name === "start" || name === "end" ? "1066" : name === "month" ? "13" : "nowhere";
        expect(acceptedBy(shape[name]), name).toEqual(allowedFor(frequency, name, bad));
      }
    });

    it(`${frequency}: every query the parser accepts is valid against the schema`, () => {
      for (const search of [BASE, `${BASE}&scenario=ssp245,ssp585&model=MIROC6&start=2030&end=2040&window=gwl:2`, `indicator=pr&geo=amu-darya&model=ensemble&window=2040-2059`]) {
        const parsed = parseSeriesQuery(new URLSearchParams(search), catalog, frequency);
        if (!parsed.ok) throw new Error(parsed.problem.message);
        expect(schema.safeParse(parsed.query).success, search).toBe(true);
      }
    });
  }

  it("scale: the schema's values are the parser's, per path", () => {
    for (const frequency of SERIES_FREQUENCIES) {
      const scale = (seriesQuerySchema(catalog, frequency).shape as Record<string, z.ZodType>).scale;
      const json = z.toJSONSchema(scale, { io: "input" }) as { enum?: number[]; const?: number };
      const values = (json.enum ?? [json.const]).map(String);
      const parsed = parseSeriesQuery(new URLSearchParams("indicator=spi&geo=NPL&scale=5"), catalog, frequency);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect([...values].sort()).toEqual([...(parsed.problem.allowed as string[])].sort());
      const ok = parseSeriesQuery(new URLSearchParams(`indicator=spi&geo=NPL&scale=${values[0]}`), catalog, frequency);
      expect(ok.ok && seriesQuerySchema(catalog, frequency).safeParse(ok.query).success).toBe(true);
    }
  });

  it("window: the choices and ranges the parser reads match the pattern, and what it refuses does not", () => {
    for (const code of [...WINDOW_CHOICES.map((c) => c.code), "gwl:2", "gwl:1.50", "1995-2014"]) {
      expect(WINDOW_PATTERN.test(code), code).toBe(true);
      expect(parseSeriesQuery(new URLSearchParams(`${BASE}&window=${code}`), catalog, "annual").ok, code).toBe(true);
    }
    for (const code of ["gwl:2.5", "gwl:5", "2040", "gwl:", "2040-59"]) {
      expect(WINDOW_PATTERN.test(code), code).toBe(false);
      expect(parseSeriesQuery(new URLSearchParams(`${BASE}&window=${code}`), catalog, "annual").ok, code).toBe(false);
    }
  });
});
