import { z } from "zod";
import { useTenantID } from "../../actor";
import { RuleError } from "../../error";
import type { Platform } from "../../platforms/imported-order";
import { Shopify } from "../../platforms/shopify";
import { Secret } from "../../secret";
import { idFor } from "../../util/id";
import { ShopEntity, type ShopItem } from "./entity";

const credentialsPurpose = (shopId: string) => `shop-credentials:${shopId}`;

export async function sealCredentials(shopId: string, value: unknown): Promise<string> {
  return Secret.seal(JSON.stringify(value), { tenantId: useTenantID(), purpose: credentialsPurpose(shopId) });
}

export async function openCredentials<T>(shop: ShopItem, schema: z.ZodType<T>): Promise<T> {
  if (!shop.credentials)
    throw new RuleError("shop.not_connected", "ストアの認証情報がありません。再接続してください。");
  const plain = await Secret.open(shop.credentials, {
    tenantId: shop.tenantId,
    purpose: credentialsPurpose(shop.shopId),
  });
  return schema.parse(JSON.parse(plain));
}

export const EcforceCredentials = z.object({ baseUrl: z.string(), apiToken: z.string() });

/** The shop's id follows from its platform and domain: reconnecting the same shop finds the same record. */
export function shopIdFor(tenantId: string, platform: Platform, domain: string): string {
  return idFor("shop", 0, `${tenantId}|${platform}|${domain}`);
}

/**
 * The shop's access token, refreshed first (and the new pair stored, sealed) when it is
 * about to lapse. A refresh token is single use: when two workers (a sync and a tracking
 * upload) refresh at once, the loser finds the winner's new pair stored and uses it. A
 * refresh the shop refuses is an `auth` ShopifyError in Japanese: the merchant reconnects.
 */
export async function shopifyToken(shop: ShopItem): Promise<string> {
  const tokens = await openCredentials(shop, Shopify.Tokens);
  if (!Shopify.needsRefresh(tokens) || !tokens.refreshToken) return tokens.accessToken;
  let fresh: Shopify.Tokens;
  try {
    fresh = await Shopify.refresh(shop.domain, tokens.refreshToken);
  } catch (err) {
    if (!(err instanceof Shopify.ShopifyError && err.kind === "auth")) throw err;
    const { data: stored } = await ShopEntity.get({ tenantId: shop.tenantId, shopId: shop.shopId }).go();
    if (stored?.credentials && stored.credentials !== shop.credentials) {
      const theirs = await openCredentials(stored, Shopify.Tokens);
      if (!Shopify.needsRefresh(theirs)) return theirs.accessToken;
    }
    throw new Shopify.ShopifyError(
      "Shopify のアクセストークンを更新できませんでした。ストアを再接続してください。",
      "auth",
    );
  }
  const credentials = await sealCredentials(shop.shopId, fresh);
  await ShopEntity.patch({ tenantId: shop.tenantId, shopId: shop.shopId }).set({ credentials }).go();
  shop.credentials = credentials;
  return fresh.accessToken;
}
