/**
 * CF time coordinates: `units` such as "days since 1850-01-01 00:00:00" and the calendars CMIP6 models
 * use. Offsets are turned into calendar dates of the file's own calendar, so a `noleap` or `360_day`
 * year keeps its 365 or 360 days and months (a 360-day February has 30 days).
 */

export type Calendar = "standard" | "noleap" | "all_leap" | "360_day";

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
  proleptic_gregorian: "standard",
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
  if (!calendar) throw new CalendarError(`unsupported calendar "${attribute}" (expected standard, gregorian, proleptic_gregorian, noleap, 365_day, all_leap, 366_day or 360_day)`);
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
  /** Time of day of the origin, as a fraction of a day. */
  originFraction: number;
}

/** Parses "UNIT since YYYY-M-D[ |T]hh:mm:ss". */
export function parseTimeUnits(units: string | undefined): TimeUnits {
  const match = /^\s*(\w+)\s+since\s+(-?\d{1,4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2})(?::(\d{1,2})(?::(\d{1,2}(?:\.\d*)?))?)?)?\s*(?:Z|UTC|[+-]0{1,2}(?::?00)?)?\s*$/i.exec(units ?? "");
  if (!match) throw new CalendarError(`time units "${units ?? ""}" are not "days since YYYY-MM-DD"`);
  const days = UNIT_DAYS[match[1].toLowerCase()];
  if (days === undefined) throw new CalendarError(`unsupported time unit "${match[1]}"`);
  const [year, month, day] = [Number(match[2]), Number(match[3]), Number(match[4])];
  if (month < 1 || month > 12 || day < 1 || day > 31) throw new CalendarError(`bad reference date in "${units}"`);
  const originFraction = ((Number(match[5] ?? 0) * 60 + Number(match[6] ?? 0)) * 60 + Number(match[7] ?? 0)) / 86400;
  return { days, origin: { year, month, day }, originFraction };
}

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function daysInMonth(calendar: Calendar, year: number, month: number): number {
  if (calendar === "360_day") return 30;
  if (month !== 2) return MONTH_DAYS[month - 1];
  if (calendar === "noleap") return 28;
  if (calendar === "all_leap") return 29;
  return isLeap(year) ? 29 : 28;
}

export function daysInYear(calendar: Calendar, year: number): number {
  if (calendar === "360_day") return 360;
  if (calendar === "noleap") return 365;
  if (calendar === "all_leap") return 366;
  return isLeap(year) ? 366 : 365;
}

/** Day number of a date in its calendar (any fixed origin). */
function dayNumber(calendar: Calendar, date: CalendarDate): number {
  if (calendar === "standard") return Math.round(Date.UTC(date.year, date.month - 1, date.day) / 86_400_000);
  const yearDays = daysInYear(calendar, 2001);
  let before = 0;
  for (let m = 1; m < date.month; m++) before += daysInMonth(calendar, 2001, m);
  return date.year * yearDays + before + date.day - 1;
}

function fromDayNumber(calendar: Calendar, n: number): CalendarDate {
  if (calendar === "standard") {
    const d = new Date(n * 86_400_000);
    return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
  }
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
  if (date.day < daysInMonth(calendar, date.year, date.month)) return { ...date, day: date.day + 1 };
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
