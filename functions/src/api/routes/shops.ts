import { createRoute, z } from "@hono/zod-openapi";
import type { Ecforce } from "@okuru/core/ecforce";
import { Shop } from "@okuru/core/shop";
import {
  authErrors,
  bearerSecurity,
  conflict,
  forbidden,
  inputErrors,
  jsonContent,
  notFound,
  router,
  toPage,
} from "../openapi";
import { jsonBody, listRoute } from "./crud";

/** The shop a platform request is about, in the body (PUT) or the query (GET, DELETE). */
const ShopIdField = z.object({ shop_id: z.string().min(1).max(64) });
const Disconnected = z.object({ shop: Shop.Info }).meta({ id: "ShopDisconnected" });

const adminErrors = { ...inputErrors, ...authErrors, ...forbidden } as const;

export const shops = router()
  .openapi(
    listRoute({
      tag: "shop",
      summary: "連携しているストアと同期の状況",
      description: "ストアの一覧",
      info: Shop.Info,
      listId: "ShopList",
    }),
    async (c) => {
      const { cursor, limit } = c.req.valid("query");
      return c.json(toPage(await Shop.list({ cursor, limit }), Shop.serialize), 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/shopify",
      tags: ["shop"],
      summary: "Shopify ストアの接続を始める（認可URLを返す）",
      security: bearerSecurity,
      request: { body: jsonBody(Shop.ShopifyStart) },
      responses: {
        200: jsonContent(
          z.object({ authorization_url: z.string() }).meta({ id: "ShopifyAuthorization" }),
          "認可URL",
        ),
        ...adminErrors,
      },
    }),
    async (c) => c.json(await Shop.startShopify(c.req.valid("json")), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/shopify/verify_request",
      tags: ["shop"],
      summary: "Shopify からの戻り（code, hmac, host, shop, state, timestamp）を検証して接続する",
      security: bearerSecurity,
      request: { body: jsonBody(Shop.ShopifyReturn) },
      responses: { 200: jsonContent(Shop.Info, "接続したストア"), ...adminErrors, ...conflict },
    }),
    async (c) => c.json(Shop.serialize(await Shop.completeShopify(c.req.valid("json"))), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/ecforce",
      tags: ["shop"],
      summary: "ecforce ショップを接続する（URLとAPIトークンを実際の呼び出しで確かめてから保存）",
      security: bearerSecurity,
      request: { body: jsonBody(Shop.EcforceConnect) },
      responses: { 201: jsonContent(Shop.Info, "接続したストア"), ...adminErrors, ...conflict },
    }),
    async (c) => c.json(Shop.serialize(await Shop.connectEcforce(c.req.valid("json"))), 201),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/ecforce/carriers",
      tags: ["shop"],
      summary: "ecforce ショップの配送業者（当社の配送会社との対応付けに使う）",
      description:
        "suggested は名前で推定した対応（保存されていない配送会社の既定値）。保存は PUT /api/shops/ecforce の carrier_mapping。",
      security: bearerSecurity,
      request: { query: ShopIdField },
      responses: {
        200: jsonContent(
          z
            .object({
              items: z.array(
                z.object({
                  id: z.string(),
                  name: z.string(),
                  delivery_times: z.array(z.object({ id: z.string(), name: z.string() })),
                }),
              ),
              suggested: Shop.CarrierMappingInfo,
            })
            .meta({ id: "EcforceCarrierList" }),
          "配送業者の一覧",
        ),
        ...adminErrors,
        ...notFound,
      },
    }),
    async (c) => {
      const carriers = await Shop.ecforceCarriers(c.req.valid("query").shop_id);
      return c.json(
        {
          items: carriers.map((carrier: Ecforce.Carrier) => ({
            id: carrier.id,
            name: carrier.name,
            delivery_times: carrier.deliveryTimes,
          })),
          suggested: Shop.suggestedMapping(carriers),
        },
        200,
      );
    },
  );

const platformNames = { shopify: "Shopify ストア", ecforce: "ecforce ショップ" } as const;
const settingsBodies = {
  shopify: Shop.SettingsUpdate.extend(ShopIdField.shape),
  ecforce: Shop.EcforceSettingsUpdate.extend(ShopIdField.shape),
} as const;

// Settings and disconnection work the same way on both platforms.
for (const platform of ["shopify", "ecforce"] as const) {
  const name = platformNames[platform];
  shops
    .openapi(
      createRoute({
        method: "put",
        path: `/${platform}`,
        tags: ["shop"],
        summary:
          platform === "ecforce"
            ? `${name}の取り込み設定と配送業者の対応（carrier_mapping）を変更する`
            : `${name}の取り込み設定を変更する`,
        security: bearerSecurity,
        request: { body: jsonBody(settingsBodies[platform]) },
        responses: { 200: jsonContent(Shop.Info, "変更したストア"), ...adminErrors, ...notFound },
      }),
      async (c) => {
        const { shop_id, ...settings } = c.req.valid("json");
        return c.json(Shop.serialize(await Shop.updateSettings(platform, shop_id, settings)), 200);
      },
    )
    .openapi(
      createRoute({
        method: "delete",
        path: `/${platform}`,
        tags: ["shop"],
        summary: `${name}の接続を解除する（注文は残る）`,
        security: bearerSecurity,
        request: { query: ShopIdField },
        responses: { 200: jsonContent(Disconnected, "解除したストア"), ...adminErrors, ...notFound },
      }),
      async (c) =>
        c.json({ shop: Shop.serialize(await Shop.disconnect(platform, c.req.valid("query").shop_id)) }, 200),
    );
}
