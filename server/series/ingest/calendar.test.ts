import { describe, expect, it } from "vitest";
import { daysInYear, decodeTimes, nextDay, parseCalendar, parseTimeUnits } from "./calendar";

/**
 * CF calendars decoded as cftime does, checked against Julian Day Numbers known independently of the
 * code: J2000 (2000-01-01, Gregorian) is JDN 2451545; 0001-01-01 is JDN 1721424 in the Julian calendar and
 * 1721426 in the proleptic Gregorian one; 1582-10-04 (Julian) is JDN 2299160 and the next day is
 * 1582-10-15 (Gregorian), JDN 2299161.
 */
const J2000 = 2451545;
const JULIAN_0001 = 1721424;
const GREGORIAN_0001 = 1721426;

const decode = (values: number[], units: string, calendar: string) =>
  decodeTimes(values, parseTimeUnits(units), parseCalendar(calendar)).map((d) => `${String(d.year).padStart(4, "0")}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`);

describe("CF calendars and reference dates", () => {
  it("decodes days since 0001-01-01 in the standard (mixed Julian/Gregorian) calendar", () => {
    expect(decode([0, J2000 - JULIAN_0001, J2000 - JULIAN_0001 + 0.5], "days since 0001-01-01", "standard")).toEqual(["0001-01-01", "2000-01-01", "2000-01-01"]);
    expect(decode([J2000 - JULIAN_0001], "days since 0001-01-01 00:00:00", "gregorian")).toEqual(["2000-01-01"]);
    // the day before the Gregorian reform and the day after
    expect(decode([2299160 - JULIAN_0001, 2299161 - JULIAN_0001], "days since 0001-01-01", "standard")).toEqual(["1582-10-04", "1582-10-15"]);
  });

  it("decodes the Julian and the proleptic Gregorian calendars from year 1", () => {
    expect(decode([J2000 - GREGORIAN_0001], "days since 0001-01-01", "proleptic_gregorian")).toEqual(["2000-01-01"]);
    // 2000-01-01 Gregorian is 1999-12-19 in the Julian calendar (13 days behind)
    expect(decode([J2000 - JULIAN_0001], "days since 0001-01-01", "julian")).toEqual(["1999-12-19"]);
    expect(decode([J2000 - JULIAN_0001 + 13], "days since 0001-01-01", "julian")).toEqual(["2000-01-01"]);
    // 1900 is a leap year in the Julian calendar only
    expect(decode([59, 60], "days since 1900-01-01", "julian")).toEqual(["1900-02-29", "1900-03-01"]);
    expect(decode([59], "days since 1900-01-01", "proleptic_gregorian")).toEqual(["1900-03-01"]);
  });

  it("decodes the model calendars, hours and time zones", () => {
    expect(decode([59, 365], "days since 2016-01-01", "noleap")).toEqual(["2016-03-01", "2017-01-01"]);
    expect(decode([59], "days since 2015-01-01", "all_leap")).toEqual(["2015-02-29"]);
    expect(decode([59, 360], "days since 2015-01-01", "360_day")).toEqual(["2015-02-30", "2016-01-01"]);
    expect(decode([36], "hours since 2015-01-01 12:00:00", "standard")).toEqual(["2015-01-03"]);
    // midnight at UTC+05:45 is 18:15 the day before in UTC
    expect(decode([0, 0.3], "days since 2015-01-01 00:00 +05:45", "standard")).toEqual(["2014-12-31", "2015-01-01"]);
    expect(decode([0], "days since 850-1-1", "standard")).toEqual(["0850-01-01"]);
  });

  it("counts the days of the reform year and steps over the gap", () => {
    expect(daysInYear("standard", 1582)).toBe(355);
    expect(daysInYear("julian", 1582)).toBe(365);
    expect(nextDay("standard", { year: 1582, month: 10, day: 4 })).toEqual({ year: 1582, month: 10, day: 15 });
    expect(nextDay("proleptic_gregorian", { year: 1582, month: 10, day: 4 })).toEqual({ year: 1582, month: 10, day: 5 });
  });

  it("refuses a time value that is not a number, and a reference date that does not exist", () => {
    expect(() => decode([0, Number.NaN], "days since 2015-01-01", "standard")).toThrow("time value 1 is NaN (missing or not a number)");
    expect(() => decode([0], "days since 1582-10-10", "standard")).toThrow(/does not exist in the standard calendar/);
    expect(() => parseCalendar("lunar")).toThrow(/unsupported calendar "lunar"/);
  });
});
