import { randomBytes } from "node:crypto";
import { z } from "zod";
import { assertAdmin, useTenantID, useUser } from "../../actor";
import { isConditionalFailure } from "../../db/attributes";
import { ShopInstallEntity, type ShopItem } from "../../entities/shop/entity";
import { InputError, RuleError } from "../../error";
import { Shopify } from "../../platforms/shopify";
import { saveShop } from "./save";

// ---------------------------------------------------------------------------
// Shopify

/** The install nonce lives this long: the merchant approves in Shopify within it. */
const INSTALL_TTL_SECONDS = 10 * 60;
/** Shopify's own library refuses signed queries older than 90 s. */
const QUERY_MAX_AGE_SECONDS = 90;

export const ShopifyStart = z.object({
  shop: z
    .string({ error: "ストアのURLを入力してください" })
    .min(1, { error: "ストアのURLを入力してください" })
    .max(255),
  from: z.enum(["settings", "setup"]).default("settings"),
});

/** Starts an install: a state nonce kept here, and the shop's authorisation URL to send the browser to. */
export async function startShopify(
  input: z.input<typeof ShopifyStart>,
): Promise<{ authorization_url: string }> {
  assertAdmin();
  const value = ShopifyStart.parse(input);
  const domain = Shopify.shopDomainFrom(value.shop);
  if (!domain) {
    throw new InputError("shop.invalid_domain", "ストアのURLが正しくありません。", {
      shop: "「example.myshopify.com」または管理画面のURLを入力してください",
    });
  }
  const state = randomBytes(24).toString("base64url");
  await ShopInstallEntity.create({
    tenantId: useTenantID(),
    state,
    domain,
    from: value.from,
    userId: useUser().userId,
    expiresAt: Math.floor(Date.now() / 1000) + INSTALL_TTL_SECONDS,
  }).go();
  return { authorization_url: Shopify.authorizeUrl(domain, state, value.from) };
}

export const ShopifyReturn = z.record(z.string().max(100), z.string().max(2048));

const refused = (message: string) => new InputError("shop.verify_failed", message);

/**
 * The return from Shopify: the query's HMAC, the state nonce (single use,
 * this company's, unexpired), the shop domain and the timestamp's freshness are all
 * checked before the code is exchanged; any forgery is refused and nothing is written.
 */
export async function completeShopify(query: Record<string, string>): Promise<ShopItem> {
  assertAdmin();
  const { clientSecret } = Shopify.app();
  if (!Shopify.isValidQueryHmac(query, clientSecret)) {
    throw refused("Shopify からの応答を検証できませんでした。最初から接続をやり直してください。");
  }
  const timestamp = Number(query.timestamp);
  if (!Number.isFinite(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > QUERY_MAX_AGE_SECONDS) {
    throw refused("Shopify からの応答の有効期限が切れています。最初から接続をやり直してください。");
  }
  const domain = query.shop ?? "";
  if (!Shopify.isShopDomain(domain)) throw refused("ストアのドメインが正しくありません。");
  if (!query.code || !query.state) throw refused("Shopify からの応答に必要な情報がありません。");

  const tenantId = useTenantID();
  let install: { domain: string; expiresAt: number } | null = null;
  try {
    // Deleting the nonce is what consumes it: a replay finds nothing.
    const { data } = await ShopInstallEntity.delete({ tenantId, state: query.state })
      .where((attr, op) => op.exists(attr.domain))
      .go({ response: "all_old" });
    install = data;
  } catch (err) {
    if (!isConditionalFailure(err)) throw err;
  }
  if (!install || install.expiresAt < Date.now() / 1000) {
    throw refused("接続の手続きが見つからないか、期限が切れています。最初から接続をやり直してください。");
  }
  if (install.domain !== domain) throw refused("接続を始めたストアと応答したストアが一致しません。");

  try {
    const tokens = await Shopify.exchangeCode(domain, query.code);
    const name = await Shopify.shopName(domain, tokens.accessToken).catch(() => domain);
    const shop = await saveShop({ platform: "shopify", domain, name, credentials: tokens });
    await Shopify.registerWebhooks(domain, tokens.accessToken);
    return shop;
  } catch (err) {
    // Shopify's refusals and outages are the merchant's to read, in Japanese.
    if (err instanceof Shopify.ShopifyError) throw new RuleError("shop.platform_error", err.message);
    throw err;
  }
}
