import { describe, expect, it } from "vitest";
import { WINDOW_CHOICES } from "../cmip6/warmingLevels";
import type { PlaceProfile, ProfileCell, ProfileRow } from "./profile";
import { slugOf as placeSlug } from "../places/places";
import { profilePlaces } from "./profile";
import { profileSignals } from "./signals";

const cell = (median: number, agree: number, count = 10, extra: Partial<ProfileCell> = {}): ProfileCell => ({
  median,
  p10: median - 1,
  p90: median + 1,
  count,
  of: count,
  agreement: { sign: median > 0 ? 1 : median < 0 ? -1 : 0, agree, count, robust: agree / count >= 0.8 },
  ...extra,
});

function row(code: string, name: string, units: string, category: string, base: number, changes: Record<string, Record<string, ProfileCell>>): ProfileRow {
  // the profile's rounding (period statistics: one decimal more than the values); the text uses the display decimals
  return { code, name, units, decimals: 3, category, baseline: { median: base, p10: base - 1, p90: base + 1, count: 10 }, changes };
}

function profile(rows: ProfileRow[]): PlaceProfile {
  return {
    place: { code: "NPL", name: "Nepal", type: "Country", slug: "nepal" },
    version: "test",
    baseline: { start: 1995, end: 2014, label: "1995-2014" },
    scenarios: [
      { code: "ssp245", name: "SSP2-4.5" },
      { code: "ssp585", name: "SSP5-8.5" },
    ],
    choices: WINDOW_CHOICES.map(({ code, label, kind }) => ({ code, label, kind })),
    rows,
    cycle: [],
    levels: [],
    origin: { kind: "sample", ingestedRuns: [], sampleRuns: 0, ingestedSources: [], text: "Sample data." },
    signals: [],
    methods: [],
  };
}

const ROWS = [
  row("pr", "Precipitation", "mm/day", "1000", 4.5, { ssp585: { "2080-2099": cell(-0.2, 6) } }),
  row("tas", "Mean temperature", "°C", "1000", 13.07, { ssp245: { "gwl:2.0": cell(1.37, 10, 9) }, ssp585: { "2080-2099": cell(4.46, 10) } }),
  // relative to its baseline the largest, but a temperature: no true zero
  row("txn", "Coldest day (TXn)", "°C", "1001", 0.5, { ssp585: { "2080-2099": cell(3, 10) } }),
  row("fd", "Frost days (FD)", "days", "1001", 80, { ssp585: { "2080-2099": cell(-26.37, 10) } }),
  row("tx90p", "Warm days (TX90p)", "%", "1001", 10, { ssp585: { "2080-2099": cell(30.5, 10) } }),
  // larger still, but the models disagree on its sign
  row("r99ptot", "Extremely wet day precipitation (R99pTOT)", "mm", "1001", 20, { ssp585: { "2080-2099": cell(80, 5) } }),
];

describe("profile signals", () => {
  const sentences = profileSignals(profile(ROWS));

  it("states the end-of-century temperature change with its range, baseline and agreement, to a tenth of a degree", () => {
    expect(sentences[0]).toBe(
      "Under SSP5-8.5, mean temperature rises by +4.5 °C (+3.5 to +5.5) by 2080-2099 from its 1995-2014 value of 13.1 °C; 10 of 10 models agree on the sign (robust).",
    );
  });

  it("states the change at +2 °C with the models that reach it", () => {
    expect(sentences[1]).toContain("at +2 °C of global warming (9 of 9 models reach it)");
    expect(sentences[1]).toContain("+1.4 °C (+0.4 to +2.4)");
  });

  it("says when the models do not agree on the sign, precipitation to a tenth of a millimetre a day", () => {
    expect(sentences[2]).toBe(
      "Under SSP5-8.5, precipitation falls by -0.2 mm/day (-1.2 to +0.8) by 2080-2099 from its 1995-2014 value of 4.5 mm/day; only 6 of 10 models agree on the sign (not robust).",
    );
  });

  it("names the largest robust relative change among indices with a true zero", () => {
    // TX90p: +30.5 on 10 % is 3.05 times its baseline; FD 0.33; TXn (°C) and R99pTOT (not robust) do not count
    expect(sentences[3]).toContain("Warm days (TX90p): +30.5 % (+29.5 to +31.5) from 10.0 %");
  });

  it("counts the robust indicators", () => {
    expect(sentences[4]).toBe("Under SSP5-8.5 by 2080-2099, the models agree on the sign of the change (at least 80 % of them) for 4 of the 6 indicators.");
  });

  it("leaves out what the profile has no numbers for", () => {
    expect(profileSignals(profile([]))).toEqual([]);
  });
});

describe("profile places", () => {
  it("have readable slugs", () => {
    expect(placeSlug("Sri Lanka")).toBe("sri-lanka");
    expect(placeSlug("Harirud-Murghab")).toBe("harirud-murghab");
    expect(profilePlaces([{ field_value: "amu-darya", name: "Amu Darya", field_geotype: "Basin" }])).toEqual([
      { code: "amu-darya", name: "Amu Darya", type: "Basin", slug: "amu-darya" },
    ]);
  });
});
