/**
 * A day on the calendar, in a module without schemas (dates.ts holds them): the web app's
 * routes check dates in their URLs before any page is drawn.
 */

export const DAY_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A day on the calendar, YYYY-MM-DD: 2028-02-29 is one, 2026-02-29 and 2026-02-30 are not. */
export function isCalendarDate(value: string): boolean {
  const match = DAY_SHAPE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
