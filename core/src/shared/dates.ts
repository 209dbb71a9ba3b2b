import { z } from "zod";

/**
 * Dates a caller gives us (query filters, delivery dates), browser-safe so the web
 * app's forms and URLs read them as the API does. A string shaped like a date is
 * not yet a day: 2026-02-30 and 2026-13-45 must be refused as input, not turned
 * into a 500 or into a label for a day that never comes.
 */

const DAY_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A day on the calendar, YYYY-MM-DD: 2028-02-29 is one, 2026-02-29 and 2026-02-30 are not. */
export function isCalendarDate(value: string): boolean {
  const match = DAY_SHAPE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** An instant with its offset or Z; a time without one would be read in whatever zone runs the code. */
const instant = z.iso.datetime({ offset: true });

function dayProblem(value: string): string | undefined {
  if (!DAY_SHAPE.test(value)) return "日付は YYYY-MM-DD で指定してください";
  if (!isCalendarDate(value)) return `存在しない日付です（${value}）`;
  return undefined;
}

function dayOrInstantProblem(value: string): string | undefined {
  if (!value.includes("T")) return dayProblem(value);
  if (instant.safeParse(value).success) return undefined;
  return "日時は 2026-01-31T09:00:00+09:00 の形式で指定してください";
}

const refusing = (problemOf: (value: string) => string | undefined) =>
  z.string().superRefine((value, ctx) => {
    const message = problemOf(value);
    if (message) ctx.addIssue({ code: "custom", message, input: value });
  });

/** A day on the calendar, YYYY-MM-DD. */
export const CalendarDate = refusing(dayProblem).meta({ format: "date", example: "2026-01-31" });

/** A day in Japan (YYYY-MM-DD, the whole JST day) or an exact instant with its offset. */
export const CalendarDateOrTime = refusing(dayOrInstantProblem).meta({
  description: "YYYY-MM-DD（日本時間のその日）または時刻つきの日時（2026-01-31T09:00:00+09:00）",
});

/**
 * One end of a range given as `CalendarDateOrTime`, as a UTC ISO string (how times
 * are stored, so it compares as text): a day reaches from its first to its last JST
 * millisecond.
 */
export function jstRangeEdge(value: string, edge: "start" | "end"): string {
  const exact = value.includes("T")
    ? value
    : `${value}T${edge === "start" ? "00:00:00.000" : "23:59:59.999"}+09:00`;
  return new Date(exact).toISOString();
}
