import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  ONI_SEASONS,
  anomalies,
  coefficientOfVariation,
  cropSeasonPhase,
  extraterrestrialRadiation,
  hargreavesPet,
  linearTrend,
  oniEpisodes,
  parseOni,
  phaseYears,
} from "./compute";

describe("statistics", () => {
  it("fits a least-squares slope and skips missing values", () => {
    expect(linearTrend([2000, 2001, 2002, 2003], [1, 3, null, 7])).toBeCloseTo(2, 10);
    expect(linearTrend([2000, 2001], [1, 2])).toBeNull();
  });

  it("gives anomalies against the baseline mean", () => {
    expect(anomalies([1990, 1991, 1992], [1, 3, 5], { start: 1990, end: 1991 })).toEqual([-1, 1, 3]);
  });

  it("gives the coefficient of variation in percent", () => {
    expect(coefficientOfVariation([2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo((100 * Math.sqrt(32 / 7)) / 5, 10);
    expect(coefficientOfVariation([0, 0])).toBeNull();
  });
});

describe("ENSO", () => {
  const oni = parseOni(readFileSync("seeds/oni.tsv", "utf8"));

  it("reads the NOAA table from 1950", () => {
    expect(oni[1950][0]).toBe(-1.32);
    expect(Object.keys(oni)).toContain("2024");
  });

  it("is CPC's ERSSTv6 table, and its header says so", () => {
    const text = readFileSync("seeds/oni.tsv", "utf8");
    const comments = text.split("\n").filter((l) => l.startsWith("#"));
    expect(comments.join(" ")).toContain("ERSSTv6");
    expect(comments.join(" ")).toContain("not the values of CPC's earlier ERSSTv5 table");
    // values CPC's ERSSTv6 file gives (oni.ascii.txt: DJF 1950 -1.32, NDJ 1950 -0.79, DJF 1951 -0.66, NDJ 1997 2.37);
    // the ERSSTv5 table has DJF 1950 -1.53 and DJF 1951 -0.82
    expect(oni[1950].slice(0, 6)).toEqual([-1.32, -1.2, -1.12, -1.08, -1.1, -0.9]);
    expect(oni[1950][11]).toBe(-0.79);
    expect(oni[1951][0]).toBe(-0.66);
    expect(oni[1997][11]).toBe(2.37);
  });

  it("names the dated copy of oni.ascii.txt it was checked against, and holds its values", () => {
    const comments = readFileSync("seeds/oni.tsv", "utf8").split("\n").filter((l) => l.startsWith("#")).join(" ");
    // CPC's file as retrieved on 2026-09-07 (its sha256 recorded with the copy); the seasons compared one by one
    expect(comments).toContain("retrieved on 2026-09-07");
    expect(comments).toContain("93f8c86c7a660f46318abe33b38c0479d184812d95a479a1fe869c0c2363a9e4");
    const checked: [number, number, number][] = [
      [1950, 0, -1.32], [1951, 9, 1.03], [1983, 0, 2.14], [1997, 11, 2.37], [1998, 0, 2.22], [2010, 10, -1.57],
      [2015, 11, 2.59], [2016, 0, 2.5], [2023, 11, 1.99], [2024, 0, 1.84], [2025, 11, -0.6],
    ];
    for (const [year, season, value] of checked) {
      expect(oni[year][season]).toBe(value);
      const label = `${ONI_SEASONS[season]} ${year} ${value.toFixed(2)}`;
      expect(comments).toContain(label);
    }
    // the table ends with the last complete year of that copy
    expect(Math.max(...Object.keys(oni).map(Number))).toBe(2025);
  });

  it("skips comment lines and the header row", () => {
    const table = parseOni("# source: s\n# note: n\nyear\tDJF\tJFM\n1950\t-1.32\t\n# a comment\n1951\t-0.66\t-0.36\n");
    expect(Object.keys(table)).toEqual(["1950", "1951"]);
    expect(table[1950].slice(0, 2)).toEqual([-1.32, null]);
    expect(table[1951].slice(0, 2)).toEqual([-0.66, -0.36]);
  });

  const phases = oniEpisodes(oni);
  /** The [first, last] seasons ("1997AMJ") of each episode of a phase: the runs of that phase. */
  const episodes = (phase: string) => {
    const out: string[][] = [];
    let open: string[] | undefined;
    for (const year of Object.keys(phases).map(Number)) {
      phases[year].forEach((p, i) => {
        const label = `${year}${ONI_SEASONS[i]}`;
        if (p === phase) {
          if (!open) out.push((open = [label, label]));
          else open[1] = label;
        } else open = undefined;
      });
    }
    return out;
  };

  it("finds NOAA's episodes: El Nino 1997-98 and 2015-16, La Nina 1988-89 and 2010-11", () => {
    const nino = episodes("El Nino");
    const nina = episodes("La Nina");
    // the episodes NOAA CPC lists, with the first and last seasons the seed table gives them
    expect(nino).toContainEqual(["1997AMJ", "1998MAM"]);
    expect(nino).toContainEqual(["2014SON", "2016AMJ"]);
    expect(nina).toContainEqual(["1988AMJ", "1989AMJ"]);
    expect(nina).toContainEqual(["2010MJJ", "2011AMJ"]);
    // neutral years between them: 2013 has no episode
    expect(phases[2013].every((p) => p === "Neutral")).toBe(true);
    // crop seasons: kharif 1997, 2015 El Nino, 1988, 2010 La Nina; rabi 1998 (NDJFM 1997-98) El Nino, 1989 and 2011 La Nina
    expect(cropSeasonPhase(phases, "JJAS", 1997)).toBe("El Nino");
    expect(cropSeasonPhase(phases, "JJAS", 2015)).toBe("El Nino");
    expect(cropSeasonPhase(phases, "JJAS", 1988)).toBe("La Nina");
    expect(cropSeasonPhase(phases, "JJAS", 2010)).toBe("La Nina");
    expect(cropSeasonPhase(phases, "NDJFM", 1998)).toBe("El Nino");
    expect(cropSeasonPhase(phases, "NDJFM", 1989)).toBe("La Nina");
    expect(cropSeasonPhase(phases, "NDJFM", 2011)).toBe("La Nina");
    expect(cropSeasonPhase(phases, "JJAS", 2013)).toBe("Neutral");
    // rabi 1950 starts in 1949, before the table
    expect(cropSeasonPhase(phases, "NDJFM", 1950)).toBeNull();
  });

  /** A table of zeros with values set at [year, season index]. */
  const synthetic = (set: [number, number, number | null][], years = [2000, 2001, 2002]) => {
    const table: Record<number, (number | null)[]> = {};
    for (const y of years) table[y] = new Array(12).fill(0);
    for (const [y, i, v] of set) table[y][i] = v;
    return table;
  };
  /** A second, simple count of the rule: a season is in an episode when the run of same-sign seasons through it is 5 long. */
  const byCounting = (table: Record<number, (number | null)[]>) => {
    const flat = Object.keys(table).map(Number).sort().flatMap((y) => table[y].map((v) => (v === null ? null : Math.round(v * 10) / 10)));
    const sign = (v: number | null) => (v === null ? null : v >= 0.5 ? 1 : v <= -0.5 ? -1 : 0);
    return flat.map((v, k) => {
      const s = sign(v);
      if (s === null || s === 0) return s === null ? null : "Neutral";
      let a = k;
      let b = k;
      while (a > 0 && sign(flat[a - 1]) === s) a--;
      while (b < flat.length - 1 && sign(flat[b + 1]) === s) b++;
      return b - a + 1 >= 5 ? (s > 0 ? "El Nino" : "La Nina") : b === flat.length - 1 ? null : "Neutral";
    });
  };

  it("needs five consecutive seasons: a run of four at +0.5 is neutral, five is an episode, across the new year too", () => {
    const four = synthetic([[2000, 5, 0.5], [2000, 6, 0.8], [2000, 7, 1], [2000, 8, 0.6]]);
    expect(oniEpisodes(four)[2000].filter((p) => p !== "Neutral")).toEqual([]);
    const five = synthetic([[2000, 5, 0.5], [2000, 6, 0.8], [2000, 7, 1], [2000, 8, 0.6], [2000, 9, 0.5]]);
    expect(oniEpisodes(five)[2000].slice(4, 11)).toEqual(["Neutral", "El Nino", "El Nino", "El Nino", "El Nino", "El Nino", "Neutral"]);
    // SON, OND, NDJ of 2000 and DJF, JFM of 2001 at -0.5 or below: one La Nina episode across the year end
    const across = synthetic([[2000, 9, -0.5], [2000, 10, -0.9], [2000, 11, -1.2], [2001, 0, -1], [2001, 1, -0.6]]);
    const p = oniEpisodes(across);
    expect([...p[2000].slice(9), ...p[2001].slice(0, 3)]).toEqual(["La Nina", "La Nina", "La Nina", "La Nina", "La Nina", "Neutral"]);
    // NOAA shows one decimal: 0.46 is 0.5 and counts, 0.44 is 0.4 and breaks the run
    const rounded = synthetic([[2000, 5, 0.46], [2000, 6, 0.8], [2000, 7, 1], [2000, 8, 0.6], [2000, 9, 0.5]]);
    expect(oniEpisodes(rounded)[2000][5]).toBe("El Nino");
    const broken = synthetic([[2000, 5, 0.44], [2000, 6, 0.8], [2000, 7, 1], [2000, 8, 0.6], [2000, 9, 0.5]]);
    expect(oniEpisodes(broken)[2000].every((x) => x === "Neutral")).toBe(true);
    for (const table of [four, five, across, rounded, broken]) expect(Object.values(oniEpisodes(table)).flat()).toEqual(byCounting(table));
  });

  it("leaves undecided a run still short of five at the end of the table, and a missing season breaks a run", () => {
    const ending = synthetic([[2002, 9, 0.7], [2002, 10, 0.9], [2002, 11, 1.1]]);
    expect(oniEpisodes(ending)[2002].slice(8)).toEqual(["Neutral", null, null, null]);
    const gap = synthetic([[2000, 5, 0.9], [2000, 6, 0.9], [2000, 7, null], [2000, 8, 0.9], [2000, 9, 0.9], [2000, 10, 0.9]]);
    expect(oniEpisodes(gap)[2000].slice(5, 11)).toEqual(["Neutral", "Neutral", null, "Neutral", "Neutral", "Neutral"]);
    for (const table of [ending, gap]) expect(Object.values(oniEpisodes(table)).flat()).toEqual(byCounting(table));
  });

  it("classes a crop season by the majority of the ONI seasons centred in it", () => {
    // El Nino over JJA..OND 2000 (6 seasons): kharif 2000's MJJ is neutral, JJA, JAS, ASO El Nino: 3 of 4
    const table = synthetic([[2000, 6, 1], [2000, 7, 1], [2000, 8, 1], [2000, 9, 1], [2000, 10, 1], [2000, 11, 0.9], [2001, 0, 0.7]]);
    const p = oniEpisodes(table);
    expect(cropSeasonPhase(p, "JJAS", 2000)).toBe("El Nino");
    // rabi 2001: OND, NDJ 2000 and DJF 2001 in the episode, JFM and FMA not: 3 of 5
    expect(cropSeasonPhase(p, "NDJFM", 2001)).toBe("El Nino");
    // two of four is not a majority
    const half = oniEpisodes(synthetic([[2000, 2, 1], [2000, 3, 1], [2000, 4, 1], [2000, 5, 1], [2000, 6, 1]]));
    expect(cropSeasonPhase(half, "JJAS", 2000)).toBe("Neutral");
    expect(phaseYears(p, "JJAS", [2000, 2001, 2002])).toEqual({ "El Nino": [2000], Neutral: [2001, 2002], "La Nina": [] });
  });
});
