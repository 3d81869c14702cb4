// Real calendar dates and times. `Date.parse` rolls impossible ones over (2026-02-30 is
// read as 2026-03-02), so a date is checked field by field before anyone parses it.

/** Days in a month of the proleptic Gregorian calendar (month 1–12). */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** True for YYYY-MM-DD naming a day that exists (2024-02-29 yes, 2026-02-30 no). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-](\d{2})(?::?(\d{2}))?)?$/i;

/**
 * Why an ISO 8601 date-time (as log timestamps are written) names no real instant, or null
 * when it does: the day must exist, hours 00–23, minutes and seconds 00–59, an offset at
 * most ±23:59.
 */
export function impossibleDateTimeReason(text: string): string | null {
  const match = DATE_TIME.exec(text);
  if (!match) return "is not an ISO 8601 date-time";
  const [, date, hour, minute, second, offsetHour, offsetMinute] = match;
  if (!isCalendarDate(date)) return `${date} is not a day of the calendar`;
  if (Number(hour) > 23 || Number(minute) > 59 || (second !== undefined && Number(second) > 59)) return "the time of day is out of range";
  if ((offsetHour !== undefined && Number(offsetHour) > 23) || (offsetMinute !== undefined && Number(offsetMinute) > 59)) return "the UTC offset is out of range";
  return null;
}
