import { useTenantID } from "../../actor";
import { isConditionalFailure } from "../../db/attributes";
import { sealCredentials, shopIdFor } from "../../entities/shop/credentials";
import { ShopEntity, type ShopItem, ShopLinkEntity } from "../../entities/shop/entity";
import { NotFoundError, VisibleError } from "../../error";
import type { Platform } from "../../platforms/imported-order";
import { Queue } from "../../queue";
import { ShopSettings } from "../../shared/shop";
import { isID } from "../../util/id";

/**
 * A shop belongs to one company at a time, and only that company can let it go: the
 * merchant is told who frees it and where, or whom to ask when they never connected it.
 */
const connectedElsewhere = () =>
  new VisibleError(
    "conflict",
    "shop.connected_elsewhere",
    "このストアは既に別の会社に接続されています。接続中の会社の管理者に「設定」の「ストア管理」で接続を解除してもらってから、もう一度接続してください。お心当たりがない場合はサポートまでお問い合わせください。",
  );

/**
 * Writes the shop and its routing link. The link is conditional: a shop already
 * connected to another company is refused, and nothing is written.
 */
export async function saveShop(input: {
  platform: Platform;
  domain: string;
  name: string;
  credentials: unknown;
  settings?: ShopSettings;
}): Promise<ShopItem> {
  const tenantId = useTenantID();
  const shopId = shopIdFor(tenantId, input.platform, input.domain);
  try {
    await ShopLinkEntity.create({ platform: input.platform, domain: input.domain, tenantId, shopId }).go();
  } catch (err) {
    if (!isConditionalFailure(err)) throw err;
    const { data: link } = await ShopLinkEntity.get({ platform: input.platform, domain: input.domain }).go();
    if (link && link.tenantId !== tenantId && !link.uninstalledAt) {
      throw connectedElsewhere();
    }
    if (link?.uninstalledAt) {
      // The app was uninstalled from the shop: whoever installs it again owns the link now.
      await ShopLinkEntity.put({ platform: input.platform, domain: input.domain, tenantId, shopId })
        .where((attr, op) => op.exists(attr.uninstalledAt))
        .go()
        .catch((err) => {
          if (!isConditionalFailure(err)) throw err;
          throw connectedElsewhere();
        });
    }
  }
  const credentials = await sealCredentials(shopId, input.credentials);
  const { data: existing } = await ShopEntity.get({ tenantId, shopId }).go();
  if (existing) {
    await ShopEntity.patch({ tenantId, shopId })
      .set({ name: input.name, credentials, status: "active" })
      .go();
  } else {
    await ShopEntity.create({
      tenantId,
      shopId,
      platform: input.platform,
      domain: input.domain,
      name: input.name,
      status: "active",
      credentials,
      settings: input.settings ?? ShopSettings.parse({}),
      syncState: {},
    }).go();
  }
  const { data } = await ShopEntity.get({ tenantId, shopId }).go();
  await requestFirstSync(shopId);
  return data!;
}

/**
 * A newly connected shop's orders start arriving at once. Should the message not be
 * sent, the connection still stands and the next scheduled sync imports them.
 */
async function requestFirstSync(shopId: string): Promise<void> {
  const now = new Date();
  await Queue.send("orderSync", [
    Queue.orderSyncRequest(shopId, "manual", `connect:${shopId}:${now.getTime()}`, { at: now }),
  ]).catch(() => undefined);
}

/** A shop of this company on the given platform; another company's id is not found. */
export async function shopOn(platform: Platform, shopId: string): Promise<ShopItem> {
  const { data } = isID("shop", shopId)
    ? await ShopEntity.get({ tenantId: useTenantID(), shopId }).go()
    : { data: null };
  if (!data || data.platform !== platform)
    throw new NotFoundError("shop.not_found", "ストアが見つかりません。");
  return data;
}
