import type { z } from "zod";
import { assertAdmin } from "../../actor";
import { isConditionalFailure } from "../../db/attributes";
import { CarrierMappingUpdate, mappingOf } from "../../entities/shop/carrier-mapping";
import { ShopEntity, type ShopItem, ShopLinkEntity } from "../../entities/shop/entity";
import { InputError } from "../../error";
import type { Platform } from "../../platforms/imported-order";
import { ShopSettings, ShopSettingsUpdate } from "../../shared/shop";
import { ecforceCarriersOf } from "./ecforce";
import { shopOn } from "./save";

// ---------------------------------------------------------------------------
// Both

export const SettingsUpdate = ShopSettingsUpdate;

/** An Ecforce shop's settings also hold its delivery-company mapping (店舗設定「配送業者の対応」). */
export const EcforceSettingsUpdate = ShopSettingsUpdate.extend({
  carrier_mapping: CarrierMappingUpdate.optional(),
});

/**
 * The mapping after the change, each id checked against the shop's live list of
 * delivery companies: an id the shop does not have is a field error, nothing saved.
 */
async function mappingAfter(shop: ShopItem, change: z.output<typeof CarrierMappingUpdate>) {
  const next = { ...mappingOf(shop.carrierMapping) };
  const set = Object.entries(change).filter(([, v]) => v !== undefined) as [
    keyof typeof next,
    string | null,
  ][];
  if (set.some(([, v]) => v !== null)) {
    const live = await ecforceCarriersOf(shop);
    const fields: Record<string, string> = {};
    for (const [carrier, id] of set)
      if (id !== null && !live.some((c) => c.id === id))
        fields[`carrier_mapping.${carrier}`] =
          "ショップに登録されていない配送業者です。一覧から選択してください";
    if (Object.keys(fields).length)
      throw new InputError("shop.unknown_carrier", "入力内容に誤りがあります。", fields);
  }
  for (const [carrier, id] of set) next[carrier] = id;
  return next;
}

export async function updateSettings(
  platform: Platform,
  shopId: string,
  input: z.input<typeof EcforceSettingsUpdate>,
): Promise<ShopItem> {
  assertAdmin();
  const shop = await shopOn(platform, shopId);
  const { carrier_mapping, ...value } =
    platform === "ecforce"
      ? EcforceSettingsUpdate.parse(input)
      : { ...SettingsUpdate.parse(input), carrier_mapping: undefined };
  const { name, ...settings } = value;
  const current = ShopSettings.parse(shop.settings ?? {});
  const changed = Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined));
  const carrierMapping = carrier_mapping ? await mappingAfter(shop, carrier_mapping) : undefined;
  await ShopEntity.patch({ tenantId: shop.tenantId, shopId: shop.shopId })
    .set({
      settings: { ...current, ...changed },
      ...(name ? { name } : {}),
      ...(carrierMapping ? { carrierMapping } : {}),
    })
    .go();
  return (await ShopEntity.get({ tenantId: shop.tenantId, shopId }).go()).data!;
}

/** Disconnects: credentials dropped, the sync stops (inactive), the link freed for another company; orders stay. */
export async function disconnect(platform: Platform, shopId: string): Promise<ShopItem> {
  assertAdmin();
  const shop = await shopOn(platform, shopId);
  await ShopEntity.patch({ tenantId: shop.tenantId, shopId: shop.shopId })
    .set({ status: "inactive" })
    .remove(["credentials"])
    .go();
  await ShopLinkEntity.delete({ platform: shop.platform, domain: shop.domain })
    .where((attr, op) => op.eq(attr.tenantId, shop.tenantId))
    .go()
    .catch((err) => {
      if (!isConditionalFailure(err)) throw err;
    });
  return (await ShopEntity.get({ tenantId: shop.tenantId, shopId }).go()).data!;
}
