import { nextDay, type Calendar, type CalendarDate } from "../calendar";

/** Every date of the years `start` to `end` in a calendar, in order: the time axis of a test file. */
export function datesOf(calendar: Calendar, start: number, end: number): CalendarDate[] {
  const out: CalendarDate[] = [];
  for (let d: CalendarDate = { year: start, month: 1, day: 1 }; d.year <= end; d = nextDay(calendar, d)) out.push(d);
  return out;
}
