import { ShopConnection } from "@okuru/core/workflows/shop-connection";
import { generateSeedOrders } from "./simulators/seed-orders";
import type { Simulators } from "./simulators/serve";

/**
 * The demo company's two shops: a simulated Shopify store and a simulated Ecforce
 * shop, each holding a few hundred realistic orders. Their admin tokens are fixed,
 * so the README can show how to add an order with each platform's own API.
 */
export const demoShops = {
  shopify: {
    domain: "okuru-demo.myshopify.com",
    name: "京都おくる茶舗 Shopify店",
    adminToken: "shpat_0kuru0demo0local0000000000000a",
  },
  ecforce: { shop: "okuru-demo", name: "京都おくる茶舗 ecforce店", apiToken: "okuru-demo-ecforce-token" },
} as const;

/**
 * Opens the demo shops in the simulators (the generator is seeded: the same orders each time);
 * a shop kept from an earlier start is left as it is, with the orders added to it since.
 */
export function openDemoShops(
  simulators: Simulators,
  options: { shopifyOrders?: number; ecforceOrders?: number } = {},
) {
  if (!simulators.shopify.hasShop(demoShops.shopify.domain))
    openDemoShopify(simulators, options.shopifyOrders);
  if (!simulators.ecforce.hasShop(demoShops.ecforce.shop)) openDemoEcforce(simulators, options.ecforceOrders);
}

function openDemoShopify(simulators: Simulators, orders = 300) {
  simulators.shopify.addShop(
    demoShops.shopify.domain,
    generateSeedOrders({
      count: orders,
      seed: 2026,
      firstNumber: 1001,
      daysBack: 25,
      mistakes: 0.04,
    }),
    { name: demoShops.shopify.name, adminToken: demoShops.shopify.adminToken },
  );
}

function openDemoEcforce(simulators: Simulators, orders = 200) {
  simulators.ecforce.addShop(
    demoShops.ecforce.shop,
    generateSeedOrders({
      count: orders,
      seed: 2027,
      firstNumber: 50001,
      daysBack: 25,
      mistakes: 0.04,
    }),
    { apiToken: demoShops.ecforce.apiToken },
  );
}

/**
 * Connects the demo company (the caller runs this as its administrator) the way a
 * merchant does: Shopify through the real OAuth exchange (authorise, the signed
 * return checked by the product), Ecforce with its URL and token. Reconnecting an
 * already connected shop only renews its credentials.
 */
export async function connectDemoShops(simulators: Simulators): Promise<void> {
  const { authorization_url } = await ShopConnection.startShopify({
    shop: demoShops.shopify.domain,
    from: "settings",
  });
  const approved = await fetch(authorization_url, { method: "POST", redirect: "manual" });
  const back = new URL(approved.headers.get("location") ?? "");
  await ShopConnection.completeShopify(Object.fromEntries(back.searchParams));
  await ShopConnection.connectEcforce({
    base_url: simulators.ecforceBaseUrl(demoShops.ecforce.shop),
    api_token: demoShops.ecforce.apiToken,
    name: demoShops.ecforce.name,
  });
}
