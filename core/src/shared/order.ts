import { z } from "zod";
import { carriers } from "./brand";
import { CalendarDate } from "./dates";
import { timeSlots } from "./delivery";
import { optionalText, phone, postalCode, prefecture, requiredText } from "./fields";

/**
 * Order values shared by the order screens and the API (browser-safe): the list's
 * tabs and the recipient form.
 */
export {
  type OrderTab,
  orderTabLabels,
  orderTabs,
  type ShipmentStatus,
  shipmentStatuses,
} from "./order-tabs";

/** PUT /api/orders/{id}/customer/replacement: the issue (by its field) whose offered replacement to apply. */
export const OrderReplacement = z.object({
  field: z.string().max(64).meta({ description: "置き換え候補のあるエラーの項目（例: customer.name）" }),
});

/** お届け先 as the merchant corrects it (PUT /api/orders/{id}/customer); limits from the label fields. */
export const OrderCustomerUpdate = z.object({
  name: requiredText("お届け先名", 32),
  name_kana: optionalText("お届け先名（カナ）", 50),
  company: optionalText("会社名・部署名", 50),
  postal_code: postalCode,
  prefecture,
  city: requiredText("市区町村", 24),
  address1: requiredText("町名・番地", 32),
  address2: optionalText("建物名・部屋番号", 32),
  phone,
});
export type OrderCustomerUpdate = z.output<typeof OrderCustomerUpdate>;

/**
 * A Shopify shop's URL as the order filter takes it (`https://okuru-demo.myshopify.com`,
 * with or without the scheme and a trailing slash, any case), made the canonical
 * `https://{shop}.myshopify.com` the orders carry.
 */
export const shopifyShopUrl = z
  .string()
  .max(200)
  .transform((value) =>
    value
      .trim()
      .toLowerCase()
      .replace(/^https:\/\//, "")
      .replace(/\/$/, ""),
  )
  .pipe(
    z.string().regex(/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/, {
      error: "ShopifyストアのURLを指定してください（例: https://okuru-demo.myshopify.com）",
    }),
  )
  .transform((domain) => `https://${domain}`);

/** The merchant's own memo on an order, in Shift_JIS bytes (the shop never writes it). */
export const ORDER_MEMO_MAX_BYTES = 1000;

/**
 * The order's own fields the merchant edits (PUT /api/orders/{id}): the memo, the
 * requested delivery date and slot ("" and null: none), and whether it is archived.
 * Only the fields given change. The recipient, the sender and the delivery (its
 * carrier, parcels and codes) have their own calls; a key of theirs here is refused,
 * never silently dropped.
 */
export const OrderUpdate = z
  .strictObject(
    {
      memo: optionalText("メモ", ORDER_MEMO_MAX_BYTES).unwrap().optional(),
      requested_delivery_date: CalendarDate.nullable().optional(),
      requested_time_slot: z
        .enum(timeSlots, { error: "配達希望時間帯を選択してください" })
        .nullable()
        .optional(),
      archived: z.boolean({ error: "アーカイブは true か false で指定してください" }).optional(),
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? `${issue.keys.join("・")} はこの操作では変更できません（お届け先・発送元・配送設定はそれぞれの画面で変更してください）`
          : undefined,
    },
  )
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    error: "変更する項目を指定してください",
  });
export type OrderUpdate = z.output<typeof OrderUpdate>;

/** The most orders one bulk change (PUT /api/orders/bulk_update) takes. */
export const BULK_UPDATE_MAX = 100;

const bulkIds = z
  .array(z.string())
  .min(1, { error: "注文を選択してください" })
  .max(BULK_UPDATE_MAX, { error: `一度に更新できるのは${BULK_UPDATE_MAX}件までです` });

/**
 * One change for many orders (PUT /api/orders/bulk_update), each order alone: archive
 * or restore; set the 発送元 (null: the brand's default); set the carrier, each order
 * getting that carrier's delivery from its own data (core/src/shared/delivery.ts
 * `deliveryDefaults`) unless it already ships with it.
 */
export const OrderBulkUpdate = z.discriminatedUnion(
  "action",
  [
    z.object({ ids: bulkIds, action: z.enum(["archive", "restore"]) }),
    z.object({
      ids: bulkIds,
      action: z.literal("set_sender"),
      sender_id: z.string({ error: "発送元を選択してください" }).min(1).max(64).nullable(),
    }),
    z.object({
      ids: bulkIds,
      action: z.literal("set_carrier"),
      carrier: z.enum(carriers, { error: "配送会社を選択してください" }),
    }),
  ],
  { error: "操作を選択してください" },
);

/** 発送元 of one order (PUT /api/orders/{id}/sender); null goes back to the brand's default sender. */
export const OrderSenderUpdate = z.object({
  sender_id: z.string({ error: "発送元を選択してください" }).min(1).max(64).nullable(),
});

export { labelledText } from "./label-badge";

/** A person on an order as stored: the purchaser (ご注文者) or the recipient (お届け先). */
export const StoredPerson = z.object({
  name: z.string(),
  nameKana: z.string().default(""),
  company: z.string().default(""),
  postalCode: z.string(),
  prefecture: z.string(),
  city: z.string(),
  address1: z.string(),
  address2: z.string().default(""),
  phone: z.string().default(""),
});
export type StoredPerson = z.infer<typeof StoredPerson>;

/** A person with every field empty: what an erased customer becomes, and the order layout's sample. */
export const blankPerson = (): StoredPerson => ({
  name: "",
  nameKana: "",
  company: "",
  postalCode: "",
  prefecture: "",
  city: "",
  address1: "",
  address2: "",
  phone: "",
});

/** A line of an order as stored: what the shop sold, at its unit price in yen. */
export const StoredLineItem = z.object({
  platformLineItemId: z.string(),
  sku: z.string(),
  name: z.string(),
  quantity: z.number().int().min(0),
  unitPrice: z.number().int().min(0),
});
export type StoredLineItem = z.infer<typeof StoredLineItem>;

export const OrderIssue = z.object({
  field: z.string(),
  message: z.string(),
  suggestion: z.string().optional(),
  /**
   * The field's whole value with the characters the carriers refuse in their standard form
   * (鷗 → 鴎, 髙 → 高 for Yamato): applied with one click as the merchant's correction.
   */
  replacement: z.string().optional(),
  /** Set when the issue holds only for this carrier's label (byte limits, Yamato's kanji rule). */
  carrier: z.enum(carriers).optional(),
});
export type OrderIssue = z.infer<typeof OrderIssue>;
