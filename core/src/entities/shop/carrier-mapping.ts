import { z } from "zod";
import { type Carrier, carriers } from "../../shared/brand";

/**
 * Which of an Ecforce shop's delivery companies (shipping_carriers.json, by id) stands
 * for each of our carriers, for the shipping update (docs/platforms.md#ecforce-delivery-companies). The
 * merchant saves it per shop in 店舗設定; a shop without one is matched by the companies' names.
 */

/** The stored mapping: our carrier → the shop's delivery company id (absent: not set). */
export const CarrierMapping = z.object(
  Object.fromEntries(carriers.map((c) => [c, z.string().nullable().default(null)])) as Record<
    Carrier,
    z.ZodDefault<z.ZodNullable<z.ZodString>>
  >,
);
export type CarrierMapping = z.output<typeof CarrierMapping>;

const companyId = z
  .string({ error: "配送業者を選択してください" })
  .trim()
  .max(64, { error: "配送業者が正しくありません" })
  .transform((v) => v || null)
  .nullable()
  .optional();

/**
 * A change of the mapping: each carrier named is set (an id) or cleared (null or ""),
 * one left out keeps its stored value.
 */
export const CarrierMappingUpdate = z
  .object(Object.fromEntries(carriers.map((c) => [c, companyId])) as Record<Carrier, typeof companyId>)
  .strict()
  .meta({ id: "EcforceCarrierMappingUpdate" });

export const CarrierMappingInfo = z
  .object(
    Object.fromEntries(carriers.map((c) => [c, z.string().nullable()])) as Record<
      Carrier,
      z.ZodNullable<z.ZodString>
    >,
  )
  .meta({ id: "EcforceCarrierMapping" });

export function mappingOf(stored: unknown): CarrierMapping {
  const parsed = CarrierMapping.safeParse(stored ?? {});
  return parsed.success ? parsed.data : CarrierMapping.parse({});
}

/** How our carriers are usually named among a shop's delivery companies. */
const carrierNames: Record<Carrier, RegExp> = {
  yamato: /ヤマト|クロネコ|yamato/i,
  sagawa: /佐川|sagawa/i,
  japan_post: /日本郵便|ゆうパック|郵便|japan\s*post/i,
};

/** The shop's delivery company whose name is our carrier's, if one is. */
export function nameMatch<T extends { id: string; name: string }>(
  list: T[],
  carrier: Carrier,
): T | undefined {
  return list.find((c) => carrierNames[carrier].test(c.name));
}

/** The name-matched default for each carrier (what 店舗設定 preselects when nothing is saved). */
export function suggestedMapping(list: { id: string; name: string }[]): CarrierMapping {
  return Object.fromEntries(carriers.map((c) => [c, nameMatch(list, c)?.id ?? null])) as CarrierMapping;
}

/** Where the merchant sets the mapping, as the messages name it. */
export const MAPPING_PLACE = "「設定 → ストア管理」でこのショップの「設定」を開き、「配送業者の対応」";
