import { randomBytes } from "node:crypto";
import { z } from "zod";
import { assertAdmin, useTenantID, useUser } from "../actor";
import { isConditionalFailure } from "../db/attributes";
import { Ecforce } from "../ecforce";
import { InputError, NotFoundError, RuleError, VisibleError } from "../error";
import { Queue } from "../queue";
import { Secret } from "../secret";
import { ShopSettings, ShopSettingsUpdate } from "../shared/shop";
import { Shopify } from "../shopify";
import { idFor, isID } from "../util/id";
import { CarrierMappingUpdate, mappingOf } from "./carriers";
import { ShopEntity, ShopInstallEntity, type ShopItem, ShopLinkEntity } from "./entity";
import type { Platform } from "./imported-order";
import { checkPublicUrl, identityOf } from "./outbound-url";

/**
 * Connecting, configuring and disconnecting shops. Credentials are sealed with the
 * tenant and the shop bound in; a shop connects to one company only (its routing
 * link is written conditionally with it).
 */

export { ShopSettings };

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
 * Writes the shop and its routing link. The link is conditional: a shop already
 * connected to another company is refused, and nothing is written.
 */
async function saveShop(input: {
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
      throw new VisibleError(
        "conflict",
        "shop.connected_elsewhere",
        "このストアは既に別の会社に接続されています。",
      );
    }
    if (link?.uninstalledAt) {
      // The app was uninstalled from the shop: whoever installs it again owns the link now.
      await ShopLinkEntity.put({ platform: input.platform, domain: input.domain, tenantId, shopId })
        .where((attr, op) => op.exists(attr.uninstalledAt))
        .go()
        .catch((err) => {
          if (!isConditionalFailure(err)) throw err;
          throw new VisibleError(
            "conflict",
            "shop.connected_elsewhere",
            "このストアは既に別の会社に接続されています。",
          );
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
    {
      kind: "order_sync",
      shopId,
      reason: "manual",
      requestedAt: now.toISOString(),
      dedupeKey: `connect:${shopId}:${now.getTime()}`,
    },
  ]).catch(() => undefined);
}

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

// ---------------------------------------------------------------------------
// Ecforce

export const EcforceConnect = z.object({
  base_url: z
    .string({ error: "ショップのURLを入力してください" })
    .min(1, { error: "ショップのURLを入力してください" })
    .max(255),
  api_token: z
    .string({ error: "APIトークンを入力してください" })
    .min(1, { error: "APIトークンを入力してください" })
    .max(512),
  name: z.string().max(100).optional(),
});

/**
 * Anything but a refused token or the platform's rate limit, whether the address is
 * private, closed, slow, failing or not an Ecforce API, gets this one answer: the form
 * must not tell internal services apart.
 */
const unreachable = () =>
  new InputError("shop.verify_failed", Ecforce.UNREACHABLE, { base_url: Ecforce.UNREACHABLE });

/**
 * Checks the URL and token with a real call before saving; a wrong one is a field error
 * and nothing is saved. The shop is stored under its canonical URL, so every spelling of
 * one shop meets the same routing link.
 */
export async function connectEcforce(input: z.input<typeof EcforceConnect>): Promise<ShopItem> {
  assertAdmin();
  const value = EcforceConnect.parse(input);
  const baseUrl = Ecforce.baseUrlFrom(value.base_url);
  if (!baseUrl) {
    throw new InputError("shop.invalid_url", "入力内容に誤りがあります。", {
      base_url: "「https://shop.example.jp」の形式で入力してください",
    });
  }
  await checkPublicUrl(baseUrl).catch(() => {
    throw unreachable();
  });
  try {
    await Ecforce.verify({ baseUrl, apiToken: value.api_token }, { maxAttempts: 2, sleep: async () => {} });
  } catch (err) {
    if (!(err instanceof Ecforce.EcforceError)) throw err;
    if (err.kind === "auth")
      throw new InputError("shop.verify_failed", err.message, { api_token: err.message });
    if (err.kind === "throttled")
      throw new InputError("shop.verify_failed", err.message, { base_url: err.message });
    throw unreachable();
  }
  const domain = identityOf(baseUrl);
  return saveShop({
    platform: "ecforce",
    domain,
    name: value.name?.trim() || domain,
    credentials: { baseUrl, apiToken: value.api_token },
  });
}

/** The shop's delivery companies, to map to ours for the shipping update. */
export async function ecforceCarriers(shopId: string): Promise<Ecforce.Carrier[]> {
  return ecforceCarriersOf(await shopOn("ecforce", shopId));
}

async function ecforceCarriersOf(shop: ShopItem): Promise<Ecforce.Carrier[]> {
  try {
    return await Ecforce.carriers(await openCredentials(shop, EcforceCredentials), { maxAttempts: 2 });
  } catch (err) {
    if (err instanceof Ecforce.EcforceError) throw new RuleError("shop.platform_error", err.message);
    throw err;
  }
}

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

/** A shop of this company on the given platform; another company's id is not found. */
async function shopOn(platform: Platform, shopId: string): Promise<ShopItem> {
  const { data } = isID("shop", shopId)
    ? await ShopEntity.get({ tenantId: useTenantID(), shopId }).go()
    : { data: null };
  if (!data || data.platform !== platform)
    throw new NotFoundError("shop.not_found", "ストアが見つかりません。");
  return data;
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

export type { Platform };
