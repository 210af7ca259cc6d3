import { describe, expect, it } from "vitest";
import { decodeSpellYear, encodeSpellYear, resolveSpellYear, SpellCounter, type SpellYear } from "./spells";

/**
 * climdex.pcic's rule, written the simple way for comparison: over the whole series (a missing day breaks a
 * spell), each spell's length is put on its last day; a year's value is the longest length put on one of
 * its days, and a year whose days all hold without a spell ending in it has none.
 */
function climdexSpells(years: { days: (boolean | undefined)[] }[]): number[] {
  const all = years.flatMap((y) => y.days.map((d) => d === true));
  const atEnds = new Array<number>(all.length).fill(0);
  let run = 0;
  all.forEach((holds, i) => {
    run = holds ? run + 1 : 0;
    if (holds && (i === all.length - 1 || !all[i + 1])) atEnds[i] = run;
  });
  let offset = 0;
  return years.map((y) => {
    const slice = atEnds.slice(offset, offset + y.days.length);
    const every = all.slice(offset, offset + y.days.length).every(Boolean);
    offset += y.days.length;
    const longest = Math.max(...slice);
    return longest === 0 && every ? NaN : longest;
  });
}

/** Summaries of one cell's years, as the indexer leaves them. */
function summaries(years: { days: (boolean | undefined)[] }[], span = { fromStart: true, toEnd: true }): SpellYear[] {
  const counter = new SpellCounter(1);
  return years.map((y) => {
    for (const d of y.days) counter.day(0, d);
    return counter.endYear(y.days.length, () => y.days.every((d) => d !== undefined), span);
  });
}

const days = (n: number, holds: (d: number) => boolean | undefined) => ({ days: Array.from({ length: n }, (_, d) => holds(d)) });
const resolve = (states: SpellYear[], first = 2014) => states.map((_, k) => resolveSpellYear(first + k, (y) => states[y - first])![0]);

describe("spells across the new year", () => {
  it("counts a dry season from October to May in the year it ends, in full", () => {
    // 2014: dry from 1 October (day 273) to 31 December; 2015: dry until 20 May (day 139), then wet
    const y2014 = days(365, (d) => d < 100 ? d % 3 !== 0 : d >= 273);
    const y2015 = days(365, (d) => d < 140 || (d > 300 && d % 2 === 0));
    const [a, b] = resolve(summaries([y2014, y2015]));
    // 2014 has only its two-day spells; the 92 days from October run on into 2015: 92 + 140 there
    expect(a).toBe(2);
    expect(b).toBe(92 + 140);
    // alone, each year counts its own days only (the data ends or starts there)
    expect(resolve(summaries([y2014]))[0]).toBe(92);
    expect(resolve(summaries([y2015]), 2015)[0]).toBe(140);
  });

  it("gives a year wholly inside one spell no value, and the spell to the year it ends", () => {
    const years = [days(365, (d) => d >= 300), days(366, () => true), days(365, (d) => d < 10), days(360, () => false)];
    // 2014: the spell from day 300 runs on; 2015: inside it; 2016: it ends on day 10 after 65 + 366 + 10 days
    expect(resolve(summaries(years))).toEqual([0, NaN, 65 + 366 + 10, 0]);
    expect(climdexSpells(years)).toEqual([0, NaN, 65 + 366 + 10, 0]);
  });

  it("matches climdex on random sequences with missing days and odd calendars, in any order of reading", () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let trial = 0; trial < 200; trial++) {
      const length = [360, 365, 366][trial % 3];
      const wetness = random();
      const years = Array.from({ length: 6 }, () =>
        days(length, () => (random() < 0.002 ? undefined : random() > wetness * (random() < 0.5 ? 0.05 : 1))),
      );
      const expected = climdexSpells(years).map((v, k) => (years[k].days.includes(undefined) ? NaN : v));
      const states = summaries(years);
      expect(resolve(states)).toEqual(expected);
      // the same summaries decoded from storage resolve to the same values
      expect(resolve(states.map((s) => decodeSpellYear(encodeSpellYear(s))))).toEqual(expected);
    }
  });

  it("does not carry a spell across a year it has not read, or into a year read from mid-year", () => {
    const dryEnd = days(365, (d) => d > 200);
    const dryStart = days(365, (d) => d < 50);
    const states = summaries([dryEnd, dryStart]);
    // 2015 missing: 2014 and 2016 are separate runs of data
    expect(resolveSpellYear(2014, (y) => (y === 2014 ? states[0] : y === 2016 ? states[1] : undefined))![0]).toBe(164);
    expect(resolveSpellYear(2016, (y) => (y === 2014 ? states[0] : y === 2016 ? states[1] : undefined))![0]).toBe(50);
    // a year whose data starts after 1 January: its first run is not known to continue the year before's
    const [late] = summaries([dryStart], { fromStart: false, toEnd: true });
    expect(resolveSpellYear(2014, (y) => (y === 2014 ? states[0] : y === 2015 ? late : undefined))![0]).toBe(164);
    expect(resolveSpellYear(2015, (y) => (y === 2014 ? states[0] : y === 2015 ? late : undefined))![0]).toBe(50);
  });

  it("keeps cells apart and matches them by grid cell between years", () => {
    const span = { fromStart: true, toEnd: true };
    const before = new SpellCounter(2);
    for (let d = 0; d < 365; d++) {
      before.day(0, d > 355); // 9 days to 31 December
      before.day(1, d < 3);
    }
    const first = { ...before.endYear(365, () => true, span), cells: Uint32Array.of(10, 20) };
    // the next year is read on a wider list of cells: 5, 10 and 20
    const after = new SpellCounter(3);
    for (let d = 0; d < 365; d++) {
      after.day(0, d < 30);
      after.day(1, d < 5);
      after.day(2, d < 7);
    }
    const second = { ...after.endYear(365, () => true, span), cells: Uint32Array.of(5, 10, 20) };
    const values = resolveSpellYear(2015, (y) => (y === 2014 ? first : y === 2015 ? second : undefined))!;
    expect([...values]).toEqual([30, 9 + 5, 7]);
    // and 2014's spell of cell 10 goes on into 2015, so it does not end there
    expect([...resolveSpellYear(2014, (y) => (y === 2014 ? first : y === 2015 ? second : undefined))!]).toEqual([0, 3]);
  });
});
