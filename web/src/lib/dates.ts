/**
 * Dates as the merchant's screens show them, in Japan time whatever the browser's zone:
 * 2026/12/03 and 2026/12/03 14:05. Stored times are ISO instants (UTC); a calendar date
 * (2026-12-03, no time) is shown as that day.
 */
const parts = (iso: string, withTime: boolean) =>
  Object.fromEntries(
    new Intl.DateTimeFormat("ja-JP", {
      timeZone: "Asia/Tokyo",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      ...(withTime ? { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } : {}),
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 2026/12/03: the Japan day of an instant, or a calendar date as it is. */
export function formatDate(iso: string): string {
  const calendar = CALENDAR_DATE.exec(iso);
  if (calendar) return `${calendar[1]}/${calendar[2]}/${calendar[3]}`;
  const p = parts(iso, false);
  return `${p.year}/${p.month}/${p.day}`;
}

/** 2026/12/03 14:05 in Japan time. */
export function formatDateTime(iso: string): string {
  const p = parts(iso, true);
  return `${p.year}/${p.month}/${p.day} ${p.hour}:${p.minute}`;
}

/** The calendar pickers' month heading: 2026年11月. */
export const MONTH_LABEL_FORMAT = "YYYY年M月";
/** The pickers' chosen dates: 2026/12/03. */
export const PICKER_VALUE_FORMAT = "YYYY/MM/DD";
