import { z } from "zod";
import { DAY_SHAPE, isCalendarDate } from "./calendar-date";

/**
 * Dates a caller gives us (query filters, delivery dates), browser-safe so the web
 * app's forms and URLs read them as the API does. A string shaped like a date is
 * not yet a day: 2026-02-30 and 2026-13-45 must be refused as input, not turned
 * into a 500 or into a label for a day that never comes.
 */

export { isCalendarDate };

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
    : jstInstantText(value, edge === "start" ? "00:00:00.000" : "23:59:59.999");
  return new Date(exact).toISOString();
}

// Japan keeps +09:00 all year (no summer time), so one fixed offset converts every
// instant exactly, whatever zone the code runs in. Every conversion goes through here.
const JST_OFFSET = "+09:00";
const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

/** A JST wall-clock date (YYYY-MM-DD) and time (HH:MM:SS[.sss]) as an ISO 8601 instant with its offset. */
export function jstInstantText(date: string, time: string): string {
  return `${date}T${time}${JST_OFFSET}`;
}

/** The JST wall-clock date and time of an instant (an ISO string or a Date). */
function jstWallClock(instant: string | Date): { date: string; time: string } {
  const shifted = new Date(new Date(instant).getTime() + JST_OFFSET_MS).toISOString();
  return { date: shifted.slice(0, 10), time: shifted.slice(11, 19) };
}

/** Today in Japan, YYYY-MM-DD. */
export function jstToday(now: Date = new Date()): string {
  return jstWallClock(now).date;
}

/**
 * An instant as JST `YYYY-MM-DD HH:MM:SS`, or `YYYY/MM/DD HH:MM:SS` with "/" (the two
 * ways Ecforce writes times). Throws a RangeError on a value that is no time.
 */
export function jstDateTimeText(instant: string | Date, dateSeparator: "-" | "/" = "-"): string {
  const { date, time } = jstWallClock(instant);
  return `${date.replaceAll("-", dateSeparator)} ${time}`;
}
