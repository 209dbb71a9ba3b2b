import { z } from "zod";
import type { DeliveryCarrier } from "./carrier-names";
import { CalendarDate } from "./dates";
import { optionalText, requiredText } from "./fields";
import { sjisByteLength } from "./text";

/**
 * Delivery values shared by the order screens, the API and the exporters
 * (browser-safe). The requested time slot is stored in the app's own carrier-neutral
 * code, the slot's start as HHMM (docs/requirements.md#entities-and-enumerations;
 * docs/carriers.md#time-slot-mapping); each carrier's exporter maps it to its own code, and a slot a
 * carrier cannot honour is flagged on the order.
 */
export const timeSlots = ["", "0900", "1200", "1400", "1600", "1800", "1900"] as const;
/**
 * Yamato タイム's two delivery times, 10時まで and 17時まで, stored as B2 writes them
 * (docs/carriers.md#yamato-b2-time-codes). They are not slots of the neutral scheme: only a
 * Yamato delivery with 送り状種類 タイム takes them, and no shop's requested slot becomes one.
 */
export const yamatoTimeServiceSlots = ["0010", "0017"] as const;
/** Every time a delivery can hold: the neutral slots and タイム's times. */
export const deliveryTimeSlots = [...timeSlots, ...yamatoTimeServiceSlots] as const;
export type NeutralTimeSlot = (typeof timeSlots)[number];
export type YamatoTimeServiceSlot = (typeof yamatoTimeServiceSlots)[number];
export type TimeSlot = (typeof deliveryTimeSlots)[number];

export const timeSlotLabels: Record<TimeSlot, string> = {
  "": "指定なし",
  "0900": "午前中",
  "1200": "12時〜14時",
  "1400": "14時〜16時",
  "1600": "16時〜18時",
  "1800": "18時〜20時",
  "1900": "19時〜21時",
  "0010": "10時まで",
  "0017": "17時まで",
};

export const isYamatoTimeServiceSlot = (slot: unknown): slot is YamatoTimeServiceSlot =>
  yamatoTimeServiceSlots.some((s) => s === slot);

// ---------------------------------------------------------------------------
// An order's delivery per carrier (PUT /api/orders/{id}/delivery/{carrier}). Codes
// are the carriers' own where the spec names them (docs/carriers.md#code-sets-at-a-glance); what a
// carrier cannot honour is refused on the field it concerns, in Japanese.

export { type DeliveryCarrier, deliveryCarrierLabels, deliveryCarriers } from "./carrier-names";

/** Yamato B2 送り状種類 (the spec's 0 and 2–9). */
export const yamatoServiceTypes = {
  "0": "発払い",
  "2": "コレクト（代金引換）",
  "3": "クロネコゆうメール",
  "4": "タイム",
  "5": "着払い",
  "6": "発払い（複数口）",
  "7": "クロネコゆうパケット",
  "8": "宅急便コンパクト",
  "9": "宅急便コンパクトコレクト",
} as const;
/** Yamato クール区分: 1 is frozen, 2 chilled. */
export const yamatoCoolTypes = { "0": "通常", "1": "冷凍", "2": "冷蔵" } as const;
/** ゆうプリR 保冷種別: 1 チルド, 2 冷凍. */
export const japanPostCoolTypes = { "0": "通常", "1": "チルド", "2": "冷凍" } as const;
export const sagawaCoolTypes = { "0": "通常", "1": "冷蔵", "2": "冷凍" } as const;
/** ゆうプリR 元／着払／代引 (docs/carriers.md#cool-and-payment-codes). */
export const japanPostPaymentTypes = { "0": "元払い", "1": "着払い", "2": "代金引換" } as const;
/** e飛伝 便種 (speed) codes, Confirmed for e飛伝Ⅱ (docs/carriers.md#sagawa-service-codes). */
export const sagawaServiceTypes = {
  "000": "飛脚宅配便",
  "001": "飛脚スーパー便",
  "002": "飛脚即日配達便",
  "003": "飛脚航空便（翌日中配達）",
  "004": "飛脚航空便（翌日午前中配達）",
  "005": "飛脚ジャストタイム便",
} as const;

const codes = <T extends Record<string, string>>(table: T, label: string) =>
  z.enum(Object.keys(table) as [keyof T & string, ...(keyof T & string)[]], {
    error: `${label}を選択してください`,
  });

/** What every carrier's delivery has: dates, slot, parcels, 品名 and 荷扱い, cash on delivery. */
const common = {
  ship_date: CalendarDate.nullable().default(null),
  delivery_date: CalendarDate.nullable().default(null),
  time_slot: z
    .enum(timeSlots, {
      error: (issue) =>
        isYamatoTimeServiceSlot(issue.input)
          ? "10時まで・17時まではヤマト運輸のタイムでのみ指定できます"
          : "配達時間帯を選択してください",
    })
    .default(""),
  parcels: z
    .number({ error: "個数は数値で入力してください" })
    .int({ error: "個数は整数で入力してください" })
    .min(1, { error: "個数は1以上で入力してください" })
    .max(99, { error: "個数は99以下で入力してください" })
    .default(1),
  item_name: requiredText("品名", 32),
  handling1: optionalText("荷扱い1", 20),
  handling2: optionalText("荷扱い2", 20),
  cod_amount: z
    .number({ error: "代引金額は数値で入力してください" })
    .int({ error: "代引金額は円単位の整数で入力してください" })
    .min(1, { error: "代引金額は1円以上で入力してください" })
    .max(300_000, { error: "代引金額は300,000円以下で入力してください" })
    .nullable()
    .default(null),
};

type Common = { ship_date: string | null; delivery_date: string | null };

/** Refuses the delivery with `message` on its `field`. */
function refuse(ctx: z.RefinementCtx, field: string, message: string) {
  ctx.addIssue({ code: "custom", path: [field], message });
}

/** The delivery date must not be before shipping. */
function checkDates(value: Common, ctx: z.RefinementCtx) {
  if (value.ship_date && value.delivery_date && value.delivery_date < value.ship_date) {
    refuse(ctx, "delivery_date", "お届け希望日は発送予定日以降の日付にしてください");
  }
}

/** 代引金額 is given exactly when the delivery collects cash: required then, refused otherwise. */
function checkCodAmount(
  value: { cod_amount: number | null },
  ctx: z.RefinementCtx,
  collects: boolean,
  messages: { required: string; refused: string },
) {
  if (collects && value.cod_amount === null) refuse(ctx, "cod_amount", messages.required);
  if (!collects && value.cod_amount !== null) refuse(ctx, "cod_amount", messages.refused);
}

export const YamatoDelivery = z
  .object({
    ...common,
    time_slot: z.enum(deliveryTimeSlots, { error: "配達時間帯を選択してください" }).default(""),
    service_type: codes(yamatoServiceTypes, "送り状種類"),
    cool_type: codes(yamatoCoolTypes, "クール区分").default("0"),
  })
  .superRefine((value, ctx) => {
    checkDates(value, ctx);
    const collect = value.service_type === "2" || value.service_type === "9";
    checkCodAmount(value, ctx, collect, {
      required: "コレクトでは代引金額を入力してください",
      refused: "代引金額は送り状種類がコレクトのときだけ入力できます",
    });
    // タイム delivers by 10:00 or 17:00 and has no slots; the other services have no such times.
    const timeService = value.service_type === "4";
    if (timeService && value.time_slot !== "" && !isYamatoTimeServiceSlot(value.time_slot))
      refuse(ctx, "time_slot", "タイムでは配達時間帯を10時まで・17時までから選択してください");
    if (!timeService && isYamatoTimeServiceSlot(value.time_slot))
      refuse(ctx, "time_slot", "10時まで・17時までは送り状種類がタイムのときだけ指定できます");
    // Yamato abolished 12–14; its mail-box services take no date, time or cool.
    if (value.time_slot === "1200" && !timeService)
      refuse(ctx, "time_slot", "ヤマト運輸では12時〜14時の時間帯指定はできません");
    const mailbox = value.service_type === "3" || value.service_type === "7";
    if (mailbox && (value.time_slot !== "" || value.delivery_date !== null))
      refuse(ctx, "time_slot", "この送り状種類ではお届け日時を指定できません");
    if ((mailbox || value.service_type === "8" || value.service_type === "9") && value.cool_type !== "0")
      refuse(ctx, "cool_type", "この送り状種類ではクール便を指定できません");
    if (value.parcels > 1 && value.service_type !== "6" && value.service_type !== "0")
      refuse(ctx, "parcels", "複数口は発払いでのみ指定できます");
  });

export const JapanPostDelivery = z
  .object({
    ...common,
    payment_type: codes(japanPostPaymentTypes, "支払方法").default("0"),
    cool_type: codes(japanPostCoolTypes, "保冷種別").default("0"),
  })
  .superRefine((value, ctx) => {
    checkDates(value, ctx);
    checkCodAmount(value, ctx, value.payment_type === "2", {
      required: "代金引換では代引金額を入力してください",
      refused: "代引金額は支払方法が代金引換のときだけ入力できます",
    });
  });

export const SagawaDelivery = z
  .object({
    ...common,
    service_type: codes(sagawaServiceTypes, "便種").default("000"),
    cool_type: codes(sagawaCoolTypes, "クール区分").default("0"),
  })
  .superRefine(checkDates);

/** Another carrier (sss): the merchant ships by themselves and types what to send back to the shop. */
export const OtherCarrierDelivery = z.object({
  carrier_name: requiredText("配送会社名", 40),
  tracking_number: z
    .string({ error: "追跡番号を入力してください" })
    .trim()
    .regex(/^[A-Za-z0-9-]{4,40}$/, { error: "追跡番号は英数字とハイフン（4〜40文字）で入力してください" }),
});

export const deliverySchemas = {
  yamato: YamatoDelivery,
  japan_post: JapanPostDelivery,
  sagawa: SagawaDelivery,
  sss: OtherCarrierDelivery,
} as const;

/** What an order offers towards its delivery before the merchant sets one. */
export interface DeliverySource {
  codAmount: number | null;
  requestedDeliveryDate: string | null;
  requestedTimeSlot: string | null;
  lineItems: readonly { name: string }[];
}

/** 品名 and 荷扱い printed when the merchant chose nothing else (the brand's 備考欄設定). */
export interface ItemDefaults {
  name: string;
  handling1: string;
  handling2: string;
}

/** The longest start of the text within a byte budget, never cutting a character in two. */
function withinBytes(value: string, bytes: number): string {
  let out = "";
  let used = 0;
  for (const ch of value) {
    used += sjisByteLength(ch);
    if (used > bytes) break;
    out += ch;
  }
  return out;
}

/**
 * The delivery an order gets for a carrier when the merchant picks the carrier without
 * filling in the rest: the service that collects cash on delivery when the order is
 * COD, the requested date and slot from the shop, and 品名/荷扱い from the brand's
 * 備考欄設定 (else the first item's name, cut to the 32-byte field). The drawer's
 * prefill and the bulk carrier change both start from it; the carrier's schema still
 * decides (a slot the carrier cannot honour is refused, not dropped).
 */
export function deliveryDefaults(
  carrier: Exclude<DeliveryCarrier, "sss">,
  order: DeliverySource,
  items?: ItemDefaults,
): Record<string, unknown> {
  const cod = order.codAmount !== null && order.codAmount > 0 ? order.codAmount : null;
  // Only the neutral slots: タイム's 10時まで・17時まで are the merchant's choice of service, never a shop's wish.
  const slot: NeutralTimeSlot = timeSlots.find((s) => s !== "" && s === order.requestedTimeSlot) ?? "";
  const common = {
    delivery_date: order.requestedDeliveryDate,
    time_slot: slot,
    item_name: items?.name || withinBytes(order.lineItems[0]?.name.trim() ?? "", 32),
    handling1: items?.handling1 ?? "",
    handling2: items?.handling2 ?? "",
    cod_amount: cod,
    parcels: 1,
  };
  switch (carrier) {
    case "yamato":
      return { ...common, service_type: cod ? "2" : "0", cool_type: "0" };
    case "japan_post":
      return { ...common, payment_type: cod ? "2" : "0", cool_type: "0" };
    case "sagawa":
      return { ...common, service_type: "000", cool_type: "0" };
  }
}
