import type { CostLimit } from "./plans";
import { ids, type RefreshToken, type ShopState, type TokenRecord } from "./store";

/**
 * What of the Shopify simulator outlives a restart: the shops with their orders and
 * subscriptions, the tokens the app holds, the plans, and how far the id sequences have gone.
 * Webhook delivery logs, one-time codes and the cost buckets (full again) start afresh.
 */
export type ShopifySnapshot = {
  shops: (Omit<ShopState, "variants" | "deliveries"> & { variants: [string, number][] })[];
  tokens: TokenRecord[];
  refreshTokens: [string, RefreshToken][];
  plans: [string, CostLimit][];
  ids: Record<string, number>;
};

export type ShopifyState = {
  shops: Map<string, ShopState>;
  tokens: Map<string, TokenRecord>;
  refreshTokens: Map<string, RefreshToken>;
  plans: Map<string, CostLimit>;
};

export function snapshotOf(state: ShopifyState): ShopifySnapshot {
  return {
    shops: [...state.shops.values()].map(({ variants, deliveries: _, ...shop }) => ({
      ...shop,
      variants: [...variants],
    })),
    tokens: [...state.tokens.values()],
    refreshTokens: [...state.refreshTokens],
    plans: [...state.plans],
    ids: Object.fromEntries(Object.entries(ids).map(([kind, sequence]) => [kind, sequence.issued])),
  };
}

export function restore(state: ShopifyState, snapshot: ShopifySnapshot) {
  for (const [kind, issued] of Object.entries(snapshot.ids)) ids[kind as keyof typeof ids]?.skipPast(issued);
  for (const shop of snapshot.shops)
    state.shops.set(shop.domain, { ...shop, variants: new Map(shop.variants), deliveries: [] });
  for (const token of snapshot.tokens) state.tokens.set(token.token, token);
  for (const [token, record] of snapshot.refreshTokens) state.refreshTokens.set(token, record);
  for (const [domain, limit] of snapshot.plans) state.plans.set(domain, limit);
}
