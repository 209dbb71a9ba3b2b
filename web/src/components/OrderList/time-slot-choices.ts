import {
  type DeliveryCarrier,
  isYamatoTimeServiceSlot,
  type TimeSlot,
  timeSlots,
  yamatoTimeServiceSlots,
} from "@okuru/core/shared/delivery";

/**
 * The 配達時間帯 choices of the drawer's form. Yamato タイム has no slots, only its two
 * delivery times (10時まで・17時まで), which no other service takes.
 */

type SlotValues = { carrier: DeliveryCarrier | null; service_type: string; time_slot: TimeSlot };

const isYamatoTimeService = (values: SlotValues) =>
  values.carrier === "yamato" && values.service_type === "4";

/**
 * The times the select offers: タイム's times only with タイム (first, as its own choices),
 * or while one is still chosen after a change of service, so the schema's message shows on
 * a value the merchant can see.
 */
export function slotChoices(values: SlotValues): TimeSlot[] {
  if (isYamatoTimeService(values))
    return ["", ...yamatoTimeServiceSlots, ...timeSlots.filter((slot) => slot !== "")];
  if (isYamatoTimeServiceSlot(values.time_slot)) return [...timeSlots, values.time_slot];
  return [...timeSlots];
}

/**
 * Marks a タイム time still chosen on another service as refused, next to what the carrier's
 * schema refuses among the neutral slots (`refusedTimeSlots`, which tries only those).
 */
export function withTimeServiceRefusal(
  values: SlotValues,
  refused: Partial<Record<TimeSlot, string>>,
): Partial<Record<TimeSlot, string>> {
  if (!isYamatoTimeServiceSlot(values.time_slot) || isYamatoTimeService(values)) return refused;
  return { ...refused, [values.time_slot]: "10時まで・17時までは送り状種類がタイムのときだけ指定できます" };
}
