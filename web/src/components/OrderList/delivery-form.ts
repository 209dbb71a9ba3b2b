import {
  type DeliveryCarrier,
  deliveryCarrierLabels,
  deliveryCarriers,
  deliveryDefaults,
  deliverySchemas,
  type TimeSlot,
  timeSlots,
} from "@okuru/core/shared/delivery";
import { labelled } from "@okuru/core/shared/labelled";
import { z } from "zod";
import type { Order, OrderDeliveryUpdateReq } from "../../lib/api";
import { toSnakeCase } from "../../lib/case";

/**
 * The order drawer's 配送設定 form, kept out of the component: what it starts from
 * (the order's own setting, or defaults taken from the order), what changes when the
 * carrier or its service changes, and which choices a carrier refuses. Every rule is
 * read from the shared schemas (core/src/shared/delivery.ts) by trying values on them,
 * so the browser never holds a second copy of a carrier's rules.
 */

export { deliveryCarrierChoices } from "./delivery-carrier-choices";

/**
 * Every field any carrier has, under its wire name, so a server `fields` key is the
 * form path and what the merchant typed survives a change of carrier. The carrier's
 * schema keeps only its own fields when the form is sent.
 */
export type DeliveryFormValues = {
  carrier: DeliveryCarrier | null;
  /** Yamato 送り状種類 or Sagawa 便種. */
  service_type: string;
  /** Japan Post 元払い／着払い／代金引換. */
  payment_type: string;
  /** クール区分 / 保冷種別 (the codes differ per carrier). */
  cool_type: string;
  ship_date: string | null;
  delivery_date: string | null;
  time_slot: TimeSlot;
  /** "" while the merchant has cleared the box. */
  parcels: number | "";
  item_name: string;
  handling1: string;
  handling2: string;
  cod_amount: number | null;
  carrier_name: string;
  tracking_number: string;
};

/** What the form sends: the carrier and its body, as PUT /orders/{id}/delivery/{carrier} takes it. */
export type DeliveryRequest = {
  [C in DeliveryCarrier]: { carrier: C; body: OrderDeliveryUpdateReq[C] };
}[DeliveryCarrier];

/**
 * The form's schema: the chosen carrier's own schema, its messages on the same paths.
 * A form without a carrier asks for one.
 */
export const DeliveryFormSchema = z.custom<DeliveryFormValues>().transform((values, ctx): DeliveryRequest => {
  const carrier = values.carrier;
  if (!carrier || !deliveryCarriers.includes(carrier)) {
    ctx.addIssue({ code: "custom", path: ["carrier"], message: "配送会社を選択してください" });
    return z.NEVER;
  }
  const result = deliverySchemas[carrier].safeParse(values);
  if (!result.success) {
    for (const issue of result.error.issues)
      ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
    return z.NEVER;
  }
  return { carrier, body: result.data } as DeliveryRequest;
});

/** The order's stored delivery with its keys as sent (the client camelCases every answer). */
function storedDelivery(order: Order): Record<string, unknown> | null {
  if (!order.delivery) return null;
  return Object.fromEntries(Object.entries(order.delivery).map(([key, value]) => [toSnakeCase(key), value]));
}

/** The carrier of the order's own delivery setting; null while it ships by the brand's defaults. */
export function storedCarrier(order: Order): DeliveryCarrier | null {
  const carrier = storedDelivery(order)?.carrier;
  return deliveryCarriers.find((c) => c === carrier) ?? null;
}

const isTimeSlot = (value: unknown): value is TimeSlot => timeSlots.some((slot) => slot === value);

/**
 * What the form starts from when the order has no setting for this carrier: the
 * order's own wishes, through the same `deliveryDefaults` the bulk carrier change uses.
 */
function defaultsFor(order: Order, carrier: DeliveryCarrier | null): DeliveryFormValues {
  const source = {
    codAmount: order.codAmount,
    requestedDeliveryDate: order.requestedDeliveryDate,
    requestedTimeSlot: order.requestedTimeSlot,
    lineItems: order.lineItems,
  };
  const blank: DeliveryFormValues = {
    carrier,
    service_type: "",
    payment_type: "",
    cool_type: "0",
    ship_date: null,
    delivery_date: order.requestedDeliveryDate,
    time_slot: isTimeSlot(order.requestedTimeSlot) ? order.requestedTimeSlot : "",
    parcels: 1,
    item_name: "",
    handling1: "",
    handling2: "",
    cod_amount: null,
    carrier_name: "",
    tracking_number: "",
  };
  const carrierDefaults = deliveryDefaults(carrier && carrier !== "sss" ? carrier : "yamato", source);
  // その他 has no service or money of its own; it keeps only the 品名 the others would print.
  if (!carrier || carrier === "sss") return { ...blank, item_name: String(carrierDefaults.item_name ?? "") };
  return { ...blank, ...carrierDefaults } as DeliveryFormValues;
}

/**
 * The form's starting values for `carrier` (by default the order's own): the stored
 * setting when it is for that carrier, otherwise defaults from the order (品名 from the
 * first item, cash on delivery with the carrier's COD service, the requested date and slot).
 */
export function deliveryFormValues(
  order: Order,
  carrier: DeliveryCarrier | null = storedCarrier(order),
): DeliveryFormValues {
  const defaults = defaultsFor(order, carrier);
  const stored = storedDelivery(order);
  if (!carrier || stored?.carrier !== carrier) return defaults;
  const values = { ...defaults };
  for (const key of Object.keys(values) as (keyof DeliveryFormValues)[]) {
    if (key !== "carrier" && key in stored) Object.assign(values, { [key]: stored[key] });
  }
  return values;
}

/**
 * The form after the merchant picks another carrier: that carrier's stored setting if
 * the order has one, else its defaults with what the merchant already typed (dates,
 * slot, parcels, 品名, 荷扱い) kept. Service and cool codes differ per carrier, so they restart.
 */
export function switchCarrier(
  order: Order,
  current: DeliveryFormValues,
  carrier: DeliveryCarrier,
): DeliveryFormValues {
  const next = deliveryFormValues(order, carrier);
  if (storedCarrier(order) === carrier) return next;
  const { ship_date, delivery_date, time_slot, parcels, item_name, handling1, handling2 } = current;
  return { ...next, ship_date, delivery_date, time_slot, parcels, item_name, handling1, handling2 };
}

/** The form after a change of service (送り状種類・支払方法): the amount follows whether the service collects. */
export function withService(
  order: Order,
  current: DeliveryFormValues,
  field: "service_type" | "payment_type",
  code: string,
): DeliveryFormValues {
  const next = { ...current, [field]: code };
  if (!codAccepted(next)) return { ...next, cod_amount: null };
  if (next.cod_amount === null && codRequired(next)) return { ...next, cod_amount: order.codAmount };
  return next;
}

/** The values with everything unrelated to the question made valid, so only the rule asked about can fail. */
function probe(values: DeliveryFormValues, changes: Partial<DeliveryFormValues>) {
  return {
    ...values,
    parcels: 1,
    item_name: "品名",
    handling1: "",
    handling2: "",
    ship_date: null,
    delivery_date:
      values.delivery_date && /^\d{4}-\d{2}-\d{2}$/.test(values.delivery_date) ? values.delivery_date : null,
    ...changes,
  };
}

/** The messages the carrier's schema gives on `field` for these values. */
function messagesOn(values: ReturnType<typeof probe>, field: keyof DeliveryFormValues): string[] {
  const carrier = values.carrier;
  if (!carrier) return [];
  const result = deliverySchemas[carrier].safeParse(values);
  if (result.success) return [];
  return result.error.issues.filter((issue) => issue.path[0] === field).map((issue) => issue.message);
}

/** Whether the chosen carrier and service take a 代引金額 (the field is shown only then). */
export function codAccepted(values: DeliveryFormValues): boolean {
  if (!values.carrier || values.carrier === "sss") return false;
  return messagesOn(probe(values, { cod_amount: 1 }), "cod_amount").length === 0;
}

/** Whether the chosen service collects on delivery, so it cannot go without an amount. */
export function codRequired(values: DeliveryFormValues): boolean {
  if (!values.carrier || values.carrier === "sss") return false;
  return messagesOn(probe(values, { cod_amount: null }), "cod_amount").length > 0;
}

/**
 * The time slots the chosen carrier and service refuse, with the carrier's reason
 * (Yamato has no 12–14; mail-box services take no time at all).
 */
export function refusedTimeSlots(values: DeliveryFormValues): Partial<Record<TimeSlot, string>> {
  const refused: Partial<Record<TimeSlot, string>> = {};
  for (const slot of timeSlots) {
    if (slot === "") continue;
    const [message] = messagesOn(probe(values, { time_slot: slot }), "time_slot");
    if (message) refused[slot] = message;
  }
  return refused;
}

// ---------------------------------------------------------------------------
// The drawer's sections, and which of them each of the order's issues belongs to.

export const { values: orderSections, labels: orderSectionLabels } = labelled({
  order: "注文内容",
  recipient: "お届け先",
  delivery: "配送設定",
});
export type OrderSection = (typeof orderSections)[number];

type Issue = Pick<Order["errors"][number], "field" | "carrier">;

/**
 * Where an issue is fixed: a carrier's own issue (its label refuses the recipient)
 * is settled in 配送設定 as well as by correcting the recipient, so it is counted
 * there; other recipient issues in お届け先; requested delivery in 配送設定.
 */
export function sectionOf(issue: Issue): OrderSection {
  if (issue.carrier || issue.field.startsWith("delivery.")) return "delivery";
  if (issue.field.startsWith("customer.")) return "recipient";
  return "order";
}

export function issueCounts(issues: readonly Issue[]): Record<OrderSection, number> {
  const counts: Record<OrderSection, number> = { order: 0, recipient: 0, delivery: 0 };
  for (const issue of issues) counts[sectionOf(issue)] += 1;
  return counts;
}

/** The section the drawer opens on: the first with something to fix, else 注文内容. */
export function firstSection(issues: readonly Issue[]): OrderSection {
  const counts = issueCounts(issues);
  return orderSections.find((section) => counts[section] > 0) ?? "order";
}

export { deliveryCarrierLabels };
