import { serve } from "@hono/node-server";
import { resetCoreConfig } from "@okuru/core/config";
import { Shop } from "@okuru/core/entities/shop";
import { Shopify } from "@okuru/core/platforms/shopify";
import { ShopConnection } from "@okuru/core/workflows/shop-connection";
import { beforeAll, describe, expect, it } from "vitest";
import { ShopLinkEntity } from "../../core/src/entities/shop/entity";
import { createEcforceSimulator } from "../../dev/src/simulators/ecforce";
import { allowingOrigin } from "../../dev/src/simulators/serve";
import { asUser, testAccount } from "../support/account";
import { usePrivateOrderSyncQueue } from "../support/simulators";

/**
 * One shop, one company: every spelling of a shop's URL is the same shop, so a second
 * company is refused whichever spelling it types, and of many companies connecting one
 * shop at once exactly one wins. Through the real Ecforce simulator and DynamoDB Local.
 */

beforeAll(async () => {
  // The first syncs these connections queue stay in this file's own queue.
  await usePrivateOrderSyncQueue();
});

/**
 * This file's Ecforce simulator, allow-listed by its origin; its rate limit is raised so
 * that twenty companies checking their token at once are all answered.
 */
const simulator = createEcforceSimulator({ rateLimitPerSecond: 1000 });
let origin = "";

beforeAll(async () => {
  origin = await new Promise<string>((resolve) => {
    const server = serve({ fetch: simulator.app.fetch, port: 0, hostname: "127.0.0.1" }, (info) =>
      resolve(`http://127.0.0.1:${info.port}`),
    );
    server.unref();
  });
  process.env.OKURU_ALLOWED_PRIVATE_ORIGINS = allowingOrigin(origin);
  resetCoreConfig();
});

/** The simulated shop `name` at 127.0.0.1, with its port for spelling its URL otherwise. */
function ecforceShop(name: string) {
  const { apiToken } = simulator.addShop(name, []);
  return { base_url: `${origin}/${name}`, api_token: apiToken, port: new URL(origin).port, name };
}

/** Ways of writing one shop's URL that all reach it. */
function aliasesOf({ port, name }: { port: string; name: string }) {
  const encoded = (char: string) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`;
  return [
    `http://localhost:${port}/${name}`,
    `http://127.0.0.1:${port}/${name.replace("-", encoded("-"))}`,
    `http://127.0.0.1:${port}/${encoded(name[0]!)}${name.slice(1)}`,
    `http://127.0.0.1:${port}/${name}/`,
    `HTTP://LOCALHOST:${port}//${name}//`,
    `http://[::1]:${port}/${name}`,
    `http://127.0.0.1:${port}/${name.replace("-", "%2d")}`,
  ];
}

const connect = (account: Awaited<ReturnType<typeof testAccount>>, base_url: string, api_token: string) =>
  asUser(account, () => ShopConnection.connectEcforce({ base_url, api_token }));

describe("an Ecforce shop's identity", () => {
  it("is its canonical URL: a second company is refused under every alias", async () => {
    const shop = ecforceShop("okuru-alias");
    const [owner, other] = await Promise.all([testAccount("持ち主"), testAccount("別会社")]);
    const connected = await connect(owner, shop.base_url, shop.api_token);
    expect(connected.domain).toBe(`127.0.0.1:${shop.port}/okuru-alias`);

    for (const alias of aliasesOf(shop)) {
      await expect(connect(other, alias, shop.api_token), alias).rejects.toMatchObject({
        code: "shop.connected_elsewhere",
      });
    }
    const { data: link } = await ShopLinkEntity.get({ platform: "ecforce", domain: connected.domain }).go();
    expect(link?.tenantId).toBe(owner.tenantId);
    const others = await asUser(other, () => Shop.list());
    expect(others.items).toEqual([]);
  });

  it("reconnected by its owner under an alias is the same shop, not a second one", async () => {
    const shop = ecforceShop("okuru-again");
    const owner = await testAccount();
    const first = await connect(owner, shop.base_url, shop.api_token);
    const again = await connect(owner, `http://localhost:${shop.port}/okuru%2Dagain/`, shop.api_token);
    expect(again.shopId).toBe(first.shopId);
    expect((await asUser(owner, () => Shop.list())).items).toHaveLength(1);
  });

  it("is won by exactly one of 20 companies connecting it at once under aliases", async () => {
    const shop = ecforceShop("okuru-race");
    const accounts = await Promise.all(Array.from({ length: 20 }, (_, i) => testAccount(`会社${i + 1}`)));
    const aliases = [shop.base_url, ...aliasesOf(shop)];
    const outcomes = await Promise.allSettled(
      accounts.map((account, i) => connect(account, aliases[i % aliases.length]!, shop.api_token)),
    );
    const won = outcomes.flatMap((o, i) => (o.status === "fulfilled" ? [accounts[i]!] : []));
    expect(won).toHaveLength(1);
    for (const outcome of outcomes.filter((o) => o.status === "rejected"))
      expect((outcome as PromiseRejectedResult).reason).toMatchObject({ code: "shop.connected_elsewhere" });
    const { data: link } = await ShopLinkEntity.get({
      platform: "ecforce",
      domain: `127.0.0.1:${shop.port}/okuru-race`,
    }).go();
    expect(link?.tenantId).toBe(won[0]!.tenantId);
  });
});

describe("a Shopify shop's identity", () => {
  it.each([
    "okuru-demo.myshopify.com",
    " OKURU-DEMO.MYSHOPIFY.COM ",
    "https://okuru-demo.myshopify.com/",
    "https://okuru-demo.myshopify.com:443/admin/orders",
    "okuru%2Ddemo.myshopify.com",
    "okuru-demo.myshopify.com.",
    "https://admin.shopify.com/store/okuru-demo",
  ])("reads %j as okuru-demo.myshopify.com", (typed) => {
    expect(Shopify.shopDomainFrom(typed)).toBe("okuru-demo.myshopify.com");
  });

  it.each([
    "okuru_demo.myshopify.com",
    "okuru-demo.myshopify.com:8443",
    "user@okuru-demo.myshopify.com",
    "okuru-demo.myshopify.com@evil.example",
    "okuru-demo.myshopify.com.evil.example",
  ])("refuses %j", (typed) => {
    expect(Shopify.shopDomainFrom(typed)).toBeUndefined();
  });

  it("is matched only in its canonical spelling on the way back from Shopify and in webhooks", () => {
    expect(Shopify.isShopDomain("okuru-demo.myshopify.com")).toBe(true);
    expect(Shopify.isShopDomain("Okuru-Demo.myshopify.com")).toBe(false);
    expect(Shopify.isShopDomain("okuru_demo.myshopify.com")).toBe(false);
  });
});
