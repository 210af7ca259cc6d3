/**
 * CF time coordinates (CF conventions 4.4.1): `units` such as "days since 1850-01-01 00:00:00" in any of the
 * CF calendars, decoded as cftime does. Offsets become calendar dates of the file's own calendar, so a
 * `noleap` or `360_day` year keeps its 365 or 360 days and months (a 360-day February has 30 days), and the
 * `standard` (`gregorian`) calendar is the mixed Julian/Gregorian one: Julian before 1582-10-15, whose
 * previous day is 1582-10-04. Day counts go through Julian Day Numbers, so any reference date works
 * (`days since 0001-01-01` included: JavaScript's Date would take year 1 for 1901).
 */

export type Calendar = "standard" | "proleptic_gregorian" | "julian" | "noleap" | "all_leap" | "360_day";

export interface CalendarDate {
  year: number;
  /** 1-12 */
  month: number;
  /** 1-31 */
  day: number;
}

export class CalendarError extends Error {}

const CALENDAR_NAMES: Record<string, Calendar> = {
  standard: "standard",
  gregorian: "standard",
  proleptic_gregorian: "proleptic_gregorian",
  julian: "julian",
  noleap: "noleap",
  "365_day": "noleap",
  all_leap: "all_leap",
  "366_day": "all_leap",
  "360_day": "360_day",
};

/** The calendar of a `calendar` attribute (absent: the CF default, standard). */
export function parseCalendar(attribute: string | undefined): Calendar {
  if (attribute === undefined || attribute.trim() === "") return "standard";
  const calendar = CALENDAR_NAMES[attribute.trim().toLowerCase()];
  if (!calendar) {
    throw new CalendarError(`unsupported calendar "${attribute}" (expected standard, gregorian, proleptic_gregorian, julian, noleap, 365_day, all_leap, 366_day or 360_day)`);
  }
  return calendar;
}

const UNIT_DAYS: Record<string, number> = {
  day: 1, days: 1, d: 1,
  hour: 1 / 24, hours: 1 / 24, h: 1 / 24, hr: 1 / 24,
  minute: 1 / 1440, minutes: 1 / 1440, min: 1 / 1440,
  second: 1 / 86400, seconds: 1 / 86400, s: 1 / 86400, sec: 1 / 86400,
};

export interface TimeUnits {
  /** Days per unit of the coordinate. */
  days: number;
  origin: CalendarDate;
  /** Time of day of the origin in UTC, as a fraction of a day (may be below 0 or above 1 after a time zone). */
  originFraction: number;
}

/** Parses "UNIT since [-]Y-M-D[ |T]hh:mm:ss[ zone]" (1- to 4-digit years; zone Z, UTC or ±hh[:mm]). */
export function parseTimeUnits(units: string | undefined): TimeUnits {
  const match =
    /^\s*(\w+)\s+since\s+(-?\d{1,4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2})(?::(\d{1,2})(?::(\d{1,2}(?:\.\d*)?))?)?)?\s*(Z|UTC|GMT|[+-]\d{1,2}(?::?\d{2})?)?\s*$/i.exec(units ?? "");
  if (!match) throw new CalendarError(`time units "${units ?? ""}" are not "days since YYYY-MM-DD"`);
  const days = UNIT_DAYS[match[1].toLowerCase()];
  if (days === undefined) throw new CalendarError(`unsupported time unit "${match[1]}"`);
  const [year, month, day] = [Number(match[2]), Number(match[3]), Number(match[4])];
  if (month < 1 || month > 12 || day < 1 || day > 31) throw new CalendarError(`bad reference date in "${units}"`);
  let originFraction = ((Number(match[5] ?? 0) * 60 + Number(match[6] ?? 0)) * 60 + Number(match[7] ?? 0)) / 86400;
  const zone = match[8] && /^[+-]/.test(match[8]) ? /^([+-])(\d{1,2}):?(\d{2})?$/.exec(match[8]) : null;
  // a local time east of UTC is earlier in UTC
  if (zone) originFraction -= (zone[1] === "-" ? -1 : 1) * (Number(zone[2]) * 60 + Number(zone[3] ?? 0)) / 1440;
  return { days, origin: { year, month, day }, originFraction };
}

const gregorianLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const julianLeap = (year: number) => ((year % 4) + 4) % 4 === 0;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** Julian Day Number of 1582-10-15, the first Gregorian day of the standard calendar. */
const GREGORIAN_START = 2299161;

function isLeap(calendar: Calendar, year: number): boolean {
  switch (calendar) {
    case "noleap":
    case "360_day":
      return false;
    case "all_leap":
      return true;
    case "julian":
      return julianLeap(year);
    case "proleptic_gregorian":
      return gregorianLeap(year);
    default:
      return year < 1582 ? julianLeap(year) : gregorianLeap(year);
  }
}

export function daysInMonth(calendar: Calendar, year: number, month: number): number {
  if (calendar === "360_day") return 30;
  // the standard calendar's October 1582 goes from the 4th to the 15th
  if (calendar === "standard" && year === 1582 && month === 10) return 21;
  if (month !== 2) return MONTH_DAYS[month - 1];
  return isLeap(calendar, year) ? 29 : 28;
}

export function daysInYear(calendar: Calendar, year: number): number {
  if (calendar === "360_day") return 360;
  if (calendar === "standard" && year === 1582) return 355;
  return isLeap(calendar, year) ? 366 : 365;
}

const floorDiv = (a: number, b: number) => Math.floor(a / b);

/** Julian Day Number of a date of the proleptic Gregorian calendar (any year, astronomical numbering). */
function gregorianToJdn({ year, month, day }: CalendarDate): number {
  const a = floorDiv(14 - month, 12);
  const y = year + 4800 - a;
  const m = month + 12 * a - 3;
  return day + floorDiv(153 * m + 2, 5) + 365 * y + floorDiv(y, 4) - floorDiv(y, 100) + floorDiv(y, 400) - 32045;
}

/** Julian Day Number of a date of the Julian calendar. */
function julianToJdn({ year, month, day }: CalendarDate): number {
  const a = floorDiv(14 - month, 12);
  const y = year + 4800 - a;
  const m = month + 12 * a - 3;
  return day + floorDiv(153 * m + 2, 5) + 365 * y + floorDiv(y, 4) - 32083;
}

function jdnToGregorian(jdn: number): CalendarDate {
  const a = jdn + 32044;
  const b = floorDiv(4 * a + 3, 146097);
  const c = a - floorDiv(146097 * b, 4);
  const d = floorDiv(4 * c + 3, 1461);
  const e = c - floorDiv(1461 * d, 4);
  const m = floorDiv(5 * e + 2, 153);
  return { year: 100 * b + d - 4800 + floorDiv(m, 10), month: m + 3 - 12 * floorDiv(m, 10), day: e - floorDiv(153 * m + 2, 5) + 1 };
}

function jdnToJulian(jdn: number): CalendarDate {
  const c = jdn + 32082;
  const d = floorDiv(4 * c + 3, 1461);
  const e = c - floorDiv(1461 * d, 4);
  const m = floorDiv(5 * e + 2, 153);
  return { year: d - 4800 + floorDiv(m, 10), month: m + 3 - 12 * floorDiv(m, 10), day: e - floorDiv(153 * m + 2, 5) + 1 };
}

const isBefore = (a: CalendarDate, b: CalendarDate) => a.year !== b.year ? a.year < b.year : a.month !== b.month ? a.month < b.month : a.day < b.day;

/** Day number of a date in its calendar (the Julian Day Number for the real-world calendars). */
export function dayNumber(calendar: Calendar, date: CalendarDate): number {
  switch (calendar) {
    case "proleptic_gregorian":
      return gregorianToJdn(date);
    case "julian":
      return julianToJdn(date);
    case "standard":
      if (isBefore(date, { year: 1582, month: 10, day: 5 })) return julianToJdn(date);
      if (isBefore(date, { year: 1582, month: 10, day: 15 })) {
        throw new CalendarError(`${date.year}-${date.month}-${date.day} does not exist in the standard calendar (1582-10-04 is followed by 1582-10-15)`);
      }
      return gregorianToJdn(date);
    default: {
      const yearDays = daysInYear(calendar, 2001);
      let before = 0;
      for (let m = 1; m < date.month; m++) before += daysInMonth(calendar, 2001, m);
      return date.year * yearDays + before + date.day - 1;
    }
  }
}

export function fromDayNumber(calendar: Calendar, n: number): CalendarDate {
  switch (calendar) {
    case "proleptic_gregorian":
      return jdnToGregorian(n);
    case "julian":
      return jdnToJulian(n);
    case "standard":
      return n < GREGORIAN_START ? jdnToJulian(n) : jdnToGregorian(n);
    default: {
      const yearDays = daysInYear(calendar, 2001);
      const year = Math.floor(n / yearDays);
      let rest = n - year * yearDays;
      let month = 1;
      while (rest >= daysInMonth(calendar, year, month)) {
        rest -= daysInMonth(calendar, year, month);
        month++;
      }
      return { year, month, day: rest + 1 };
    }
  }
}

/**
 * The calendar date of each time value (the day it falls in: a daily mean stamped at noon, or at
 * midnight, belongs to that day).
 */
export function decodeTimes(values: ArrayLike<number>, units: TimeUnits, calendar: Calendar): CalendarDate[] {
  const origin = dayNumber(calendar, units.origin);
  const out: CalendarDate[] = [];
  for (let i = 0; i < values.length; i++) {
    if (!Number.isFinite(values[i])) throw new CalendarError(`time value ${i} is ${values[i]} (missing or not a number); every step needs a time`);
    // a tiny tolerance: 0.9999999 days from float32 rounding is still the next day
    const offset = Math.floor(values[i] * units.days + units.originFraction + 1e-6);
    out.push(fromDayNumber(calendar, origin + offset));
  }
  return out;
}

/** The day after `date` in its calendar. */
export function nextDay(calendar: Calendar, date: CalendarDate): CalendarDate {
  if (calendar === "standard" && date.year === 1582 && date.month === 10 && date.day === 4) return { ...date, day: 15 };
  const lastDay = calendar === "standard" && date.year === 1582 && date.month === 10 ? 31 : daysInMonth(calendar, date.year, date.month);
  if (date.day < lastDay) return { ...date, day: date.day + 1 };
  return date.month < 12 ? { year: date.year, month: date.month + 1, day: 1 } : { year: date.year + 1, month: 1, day: 1 };
}

/** Where a time axis stops being one step per day, or undefined when every step is the next day. */
export function dailyGap(calendar: Calendar, dates: readonly CalendarDate[]): string | undefined {
  const fmt = (d: CalendarDate) => `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;
  for (let i = 1; i < dates.length; i++) {
    const expected = nextDay(calendar, dates[i - 1]);
    const d = dates[i];
    if (d.year !== expected.year || d.month !== expected.month || d.day !== expected.day) {
      return `time steps are not consecutive days: ${fmt(dates[i - 1])} then ${fmt(d)} (step ${i})`;
    }
  }
  return undefined;
}
