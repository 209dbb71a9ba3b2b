import { isCalendarDate } from "./route-values";

/**
 * Readers of a URL's search params, for the routes' `validateSearch`. Every route's
 * reader runs before any page is drawn, so they stay out of zod (about 29 KB gzip on
 * every first screen). A param that is missing or unreadable (a hand-edited URL, an old
 * link) is left out, never an error page. Values arrive as the router parsed them:
 * `?search=1041` typed by hand is the number 1041, which a text param does not take.
 */
type Reader<T> = (value: unknown) => T | undefined;

/** One of `values`. */
export const oneOf =
  <const Values extends readonly string[]>(values: Values): Reader<Values[number]> =>
  (value) =>
    values.includes(value as string) ? (value as Values[number]) : undefined;

/** Text of at most `max` characters (after trimming, when `trim`). */
export const text =
  (max?: number, { trim = false } = {}): Reader<string> =>
  (value) => {
    if (typeof value !== "string") return undefined;
    const read = trim ? value.trim() : value;
    return max === undefined || read.length <= max ? read : undefined;
  };

/** A day on the calendar, YYYY-MM-DD. */
export const calendarDate: Reader<string> = (value) =>
  typeof value === "string" && isCalendarDate(value) ? value : undefined;

export const flag: Reader<boolean> = (value) => (typeof value === "boolean" ? value : undefined);

/** At most `max` texts of at most `maxLength` characters (a list's page cursors). */
export const texts =
  (max: number, maxLength: number): Reader<string[]> =>
  (value) =>
    Array.isArray(value) && value.length <= max && value.every((item) => text(maxLength)(item) !== undefined)
      ? (value as string[])
      : undefined;

type Shape = Record<string, Reader<unknown>>;
export type SearchOf<S extends Shape> = { [K in keyof S]?: NonNullable<ReturnType<S[K]>> };

/** The params of `shape` that read, each under its name; others are dropped. Usable as `validateSearch`. */
export function searchParams<S extends Shape>(shape: S) {
  return {
    shape,
    parse(input: unknown): SearchOf<S> {
      const params = (input && typeof input === "object" ? input : {}) as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [name, read] of Object.entries(shape)) {
        const value = read(params[name]);
        if (value !== undefined) out[name] = value;
      }
      return out as SearchOf<S>;
    },
  };
}
