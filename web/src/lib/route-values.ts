/**
 * The few shared values the routes need before any page is drawn (their search readers
 * and loaders), from core's modules that hold no schemas: a module goes whole into the
 * chunk that needs it, and order.ts, brand.ts or dates.ts would put zod and
 * libphonenumber (about 40 KB gzip) on every first screen.
 */
export { isCalendarDate } from "@okuru/core/shared/calendar-date";
export { carrierLabels, carriers } from "@okuru/core/shared/carrier-names";
export { orderTabs } from "@okuru/core/shared/order-tabs";
