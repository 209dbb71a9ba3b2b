import { join } from "node:path";
import { type ServerType, serve } from "@hono/node-server";
import { API_VERSION } from "@okuru/core/platforms/shopify";
import type { Hono } from "hono";
import { createEcforceSimulator } from "./ecforce";
import { createShopifySimulator } from "./shopify";
import type { CostLimit, ShopifyPlan } from "./shopify/plans";

/**
 * Both shop simulators on local ports, for `npm start`, the tests and the benches.
 * The Shopify app credentials are the simulator's own; core reaches the shops
 * through OKURU_SHOPIFY_ORIGIN (`{shop}` stands for the myshopify domain), exactly
 * as it reaches real ones through `https://{shop}`.
 */
export const SIMULATED_APP = { clientId: "okuru-local-app", clientSecret: "okuru-local-app-secret" } as const;

function listen(
  app: { fetch: Hono["fetch"] },
  port: number,
): Promise<{ server: ServerType; origin: string }> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port, hostname: "127.0.0.1" }, (info) =>
      resolve({ server, origin: `http://127.0.0.1:${info.port}` }),
    );
  });
}

/**
 * The allow-list of private origins core may reach (`OKURU_ALLOWED_PRIVATE_ORIGINS`)
 * with one more: a simulator is named there by its exact origin, nothing wider.
 */
export function allowingOrigin(
  origin: string,
  list = process.env.OKURU_ALLOWED_PRIVATE_ORIGINS ?? "",
): string {
  const origins = list.split(",").filter(Boolean);
  return (origins.includes(origin) ? origins : [...origins, origin]).join(",");
}

export async function startSimulators(
  options: {
    shopifyPort?: number;
    ecforcePort?: number;
    now?: () => Date;
    /**
     * Keep the simulated shops under this directory (`simulators/*.json`) across restarts, as
     * `npm start` does with everything under `.data/`; tests leave it out and start empty.
     */
    dataDir?: string;
    /** Every simulated Shopify shop's plan unless it has its own (default `standard`). */
    shopifyBucket?: ShopifyPlan | CostLimit;
  } = {},
) {
  const kept = (name: string) =>
    options.dataDir ? { persistTo: join(options.dataDir, "simulators", `${name}.json`) } : {};
  const shopify = createShopifySimulator({
    ...SIMULATED_APP,
    ...(options.now ? { now: options.now } : {}),
    ...(options.shopifyBucket ? { bucket: options.shopifyBucket } : {}),
    ...kept("shopify"),
  });
  const ecforce = createEcforceSimulator({
    ...(options.now ? { now: options.now } : {}),
    ...kept("ecforce"),
  });
  const shopifyServer = await listen(shopify.app, options.shopifyPort ?? 0);
  const ecforceServer = await listen(ecforce.app, options.ecforcePort ?? 0);
  return {
    shopify,
    ecforce,
    shopifyOrigin: shopifyServer.origin,
    ecforceOrigin: ecforceServer.origin,
    /** What core needs to reach the simulated Shopify as the product's app. */
    env: {
      OKURU_SHOPIFY_ORIGIN: `${shopifyServer.origin}/{shop}`,
      OKURU_SHOPIFY_CLIENT_ID: SIMULATED_APP.clientId,
      OKURU_SHOPIFY_CLIENT_SECRET: SIMULATED_APP.clientSecret,
      /** Ecforce shops are reached at the base URL a merchant enters, a private address here. */
      OKURU_ALLOWED_PRIVATE_ORIGINS: allowingOrigin(ecforceServer.origin),
    },
    /** A simulated shop's Admin GraphQL endpoint, at the one version the product speaks. */
    shopifyGraphqlUrl: (domain: string) =>
      `${shopifyServer.origin}/${domain}/admin/api/${API_VERSION}/graphql.json`,
    /** An Ecforce shop's base URL, as a merchant enters it. */
    ecforceBaseUrl: (shopName: string) => `${ecforceServer.origin}/${shopName}`,
    stop: async () => {
      shopify.flush();
      ecforce.flush();
      await Promise.all(
        [shopifyServer.server, ecforceServer.server].map(
          (server) => new Promise<void>((resolve) => server.close(() => resolve())),
        ),
      );
    },
  };
}

export type Simulators = Awaited<ReturnType<typeof startSimulators>>;
