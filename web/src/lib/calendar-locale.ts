/**
 * Japanese month and weekday names for the calendars (DatesProvider is set to "ja" in
 * providers.tsx). Imported by the modules that draw a calendar, all of which come after
 * the first screen: registering the locale at start-up put dayjs in every page's first
 * chunk, and a closed date field (DateRangeStandIn) formats 2026/12/03 without it.
 */
import "dayjs/locale/ja";
