import type { ShopState } from "./store";

/**
 * What of the Ecforce simulator outlives a restart: each shop with its orders, customers and
 * id sequences. The request and shipping-update logs and the rate-limit windows start afresh.
 */
export type EcforceSnapshot = {
  shops: (Omit<ShopState, "customers" | "requests" | "shippingUpdates" | "hits" | "signIns"> & {
    customers: [string, number][];
  })[];
};

export function snapshotOf(shops: Map<string, ShopState>): EcforceSnapshot {
  return {
    shops: [...shops.values()].map(
      ({ customers, requests: _r, shippingUpdates: _s, hits: _h, signIns: _i, ...shop }) => ({
        ...shop,
        customers: [...customers],
      }),
    ),
  };
}

export function restore(shops: Map<string, ShopState>, snapshot: EcforceSnapshot) {
  for (const shop of snapshot.shops)
    shops.set(shop.name, {
      ...shop,
      customers: new Map(shop.customers),
      requests: [],
      shippingUpdates: [],
      hits: [],
      signIns: [],
    });
}
