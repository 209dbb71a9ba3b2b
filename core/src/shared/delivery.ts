/**
 * Delivery values shared by the order screens, the API and the exporters
 * (browser-safe). The requested time slot is stored in the app's own carrier-neutral
 * code, the slot's start as HHMM (spec §3; carriers.md §8.1); each carrier's exporter
 * maps it to its own code, and a slot a carrier cannot honour is flagged on the order.
 */
export const timeSlots = ["", "0900", "1200", "1400", "1600", "1800", "1900"] as const;
export type TimeSlot = (typeof timeSlots)[number];

export const timeSlotLabels: Record<TimeSlot, string> = {
  "": "指定なし",
  "0900": "午前中",
  "1200": "12時〜14時",
  "1400": "14時〜16時",
  "1600": "16時〜18時",
  "1800": "18時〜20時",
  "1900": "19時〜21時",
};
