import { describe, expect, it } from "vitest";
import { daysInMonth, daysInYear, type Calendar } from "./calendar";

/**
 * Month lengths of the CF calendars, written out: the days monthly totals of a rate are taken over. Leap
 * years: every fourth year in the Julian calendar; in the Gregorian one not 1900 or 2100, but 2000.
 */
describe("days of each month in the CF calendars", () => {
  it("February: 1996, 2000 and 2100 have 29, 29 and 28 days in the standard calendar", () => {
    expect(daysInMonth("standard", 1996, 2)).toBe(29);
    expect(daysInMonth("standard", 2000, 2)).toBe(29);
    expect(daysInMonth("standard", 2100, 2)).toBe(28);
    expect(daysInMonth("standard", 2015, 2)).toBe(28);
    // Julian before the reform: 1500 is a leap year
    expect(daysInMonth("standard", 1500, 2)).toBe(29);
  });

  it("February in the other calendars", () => {
    const cases: [Calendar, number, number][] = [
      ["noleap", 1996, 28],
      ["noleap", 2000, 28],
      ["360_day", 1996, 30],
      ["360_day", 2100, 30],
      ["all_leap", 2001, 29],
      ["all_leap", 2100, 29],
      ["proleptic_gregorian", 2100, 28],
      ["proleptic_gregorian", 2000, 29],
      ["proleptic_gregorian", 1500, 28],
      ["julian", 2100, 29],
      ["julian", 2001, 28],
    ];
    for (const [calendar, year, days] of cases) expect([calendar, year, daysInMonth(calendar, year, 2)]).toEqual([calendar, year, days]);
  });

  it("the whole year: 30-day months in 360_day, the usual months elsewhere", () => {
    const months = (calendar: Calendar, year: number) => Array.from({ length: 12 }, (_, m) => daysInMonth(calendar, year, m + 1));
    expect(months("360_day", 2016)).toEqual([30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30]);
    expect(months("standard", 1996)).toEqual([31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]);
    expect(months("noleap", 1996)).toEqual([31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]);
    expect(months("all_leap", 2015)).toEqual([31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]);
    expect([daysInYear("standard", 1996), daysInYear("standard", 2100), daysInYear("julian", 2100), daysInYear("noleap", 2000), daysInYear("all_leap", 2001), daysInYear("360_day", 2000)]).toEqual([366, 365, 366, 365, 366, 360]);
  });
});
