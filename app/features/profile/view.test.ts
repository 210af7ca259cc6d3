import { describe, expect, it } from "vitest";
import { WINDOW_CHOICES } from "../cmip6/warmingLevels";
import { formatNumber } from "~/lib/format";
import type { PlaceProfile, ProfileCell, ProfileRow } from "./profile";
import { buildProfileView, rowsChoice } from "./view";

const cell = (median: number, extra: Partial<ProfileCell> = {}): ProfileCell => ({
  median,
  p10: median - 0.123456,
  p90: median + 0.987654,
  count: 9,
  of: 10,
  agreement: { sign: 1, agree: 9, count: 9, robust: true },
  leftOut: "NorESM2-MM (baseline not ingested)",
  ...extra,
});

const row = (code: string, category: string, decimals = 3): ProfileRow => ({
  code,
  name: code.toUpperCase(),
  units: "°C",
  decimals,
  category,
  baseline: { median: 13.07049, p10: 12, p90: 14, count: 35 },
  changes: { ssp245: { "2080-2099": cell(2.41149), "gwl:4.0": cell(Number.NaN, { median: null, incomplete: "incomplete: 1 of 20 years" }) } },
});

const profile: PlaceProfile = {
  place: { code: "NPL", name: "Nepal", type: "Country", slug: "nepal" },
  version: "v1",
  baseline: { start: 1995, end: 2014, label: "1995-2014" },
  scenarios: [{ code: "ssp245", name: "SSP2-4.5" }],
  choices: WINDOW_CHOICES.map(({ code, label, kind }) => ({ code, label, kind })),
  rows: [row("pr", "1000", 4), row("hurs", "1000"), row("huss", "1000"), row("rsds", "1000"), row("rlds", "1000"), row("sfcWind", "1000"), row("tas", "1000"), row("fd", "1001", 2)],
  cycle: [{ code: "tas", name: "Mean temperature", units: "°C", decimals: 3, months: Array.from({ length: 12 }, () => ({ median: 1.23456, p10: 1, p90: 2, count: 35 })) }],
  levels: [{ scenario: "ssp245", code: "gwl:2.0", count: 33, of: 35, text: "+2 °C: 33 of 35 models", method: "Windows from the table." }],
  origin: { kind: "sample", ingestedRuns: [], sampleRuns: 4, ingestedSources: [], text: "Sample data." },
  signals: ["Under SSP2-4.5, mean temperature rises by +2.411 °C."],
  methods: ["Ensemble: median across the models."],
};

describe("buildProfileView", () => {
  it("holds the first rows and those the charts draw by default, every row when asked", () => {
    const first = buildProfileView(profile, { rows: "first", url: "https://sacap.example/profiles/nepal", outline: "Outline: test." });
    expect(first.rows.map((r) => r.code)).toEqual(["pr", "hurs", "huss", "rsds", "rlds", "sfcWind", "tas"]);
    expect(first).toMatchObject({ rowCount: 8, allRows: false, models: 35, sample: true, url: "https://sacap.example/profiles/nepal" });
    const all = buildProfileView(profile, { rows: "all", url: "", outline: "Outline: test." });
    expect(all.rows.map((r) => r.code)).toEqual(["pr", "hurs", "huss", "rsds", "rlds", "sfcWind", "tas", "fd"]);
    expect(all.allRows).toBe(true);
  });

  it("keeps the profile's rounding, so the page's text and charts are the profile's", () => {
    const view = buildProfileView(profile, { rows: "all", url: "", outline: "Outline: test." });
    profile.rows.forEach((full, i) => {
      const shown = view.rows[i];
      expect(formatNumber(shown.baseline, shown.decimals)).toBe(formatNumber(full.baseline!.median, full.decimals));
      const [a, b] = [full.changes.ssp245["2080-2099"], shown.changes.ssp245["2080-2099"]];
      for (const key of ["median", "p10", "p90"] as const) expect(formatNumber(b[key], full.decimals, { signed: true })).toBe(formatNumber(a[key], full.decimals, { signed: true }));
      expect(b.agreement).toEqual(a.agreement);
    });
    expect(view.rows[6].changes.ssp245["2080-2099"]).toEqual({ median: 2.411, p10: 2.288, p90: 3.399, agreement: { sign: 1, agree: 9, count: 9, robust: true } });
    expect(view.rows[6].changes.ssp245["gwl:4.0"]).toMatchObject({ median: null, incomplete: "incomplete: 1 of 20 years" });
    expect(view.cycle[0].months[0]).toEqual({ median: 1.235, p10: 1, p90: 2, count: 35 });
  });

  it("carries what the page says besides the tables, and nothing of the models it does not show", () => {
    const view = buildProfileView(profile, { rows: "first", url: "", outline: "Outline: test." });
    expect(view.signals).toEqual(profile.signals);
    expect(view.levels).toEqual(profile.levels);
    expect(view.origin).toEqual(profile.origin);
    expect(JSON.stringify(view)).not.toContain("NorESM2-MM");
  });

  it("reads rows= leniently for pages", () => {
    expect(rowsChoice("all")).toBe("all");
    expect(rowsChoice(null)).toBe("first");
    expect(rowsChoice("everything")).toBe("first");
  });
});
