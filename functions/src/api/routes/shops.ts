import { z } from "@hono/zod-openapi";
import { Shop } from "@okuru/core/entities/shop";
import type { Ecforce } from "@okuru/core/platforms/ecforce";
import { ShopConnection } from "@okuru/core/workflows/shop-connection";
import {
  authErrors,
  conflict,
  forbidden,
  inputErrors,
  jsonContent,
  notFound,
  router,
  toPage,
} from "../openapi";
import { apiRoute, jsonBody, listRoute } from "./crud";

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
    apiRoute({
      method: "post",
      path: "/shopify",
      tag: "shop",
      summary: "Shopify ストアの接続を始める（認可URLを返す）",
      request: { body: jsonBody(ShopConnection.ShopifyStart) },
      responses: {
        200: jsonContent(
          z.object({ authorization_url: z.string() }).meta({ id: "ShopifyAuthorization" }),
          "認可URL",
        ),
        ...adminErrors,
      },
    }),
    async (c) => c.json(await ShopConnection.startShopify(c.req.valid("json")), 200),
  )
  .openapi(
    apiRoute({
      method: "post",
      path: "/shopify/verify_request",
      tag: "shop",
      summary: "Shopify からの戻り（code, hmac, host, shop, state, timestamp）を検証して接続する",
      request: { body: jsonBody(ShopConnection.ShopifyReturn) },
      responses: { 200: jsonContent(Shop.Info, "接続したストア"), ...adminErrors, ...conflict },
    }),
    async (c) => c.json(Shop.serialize(await ShopConnection.completeShopify(c.req.valid("json"))), 200),
  )
  .openapi(
    apiRoute({
      method: "post",
      path: "/ecforce",
      tag: "shop",
      summary: "ecforce ショップを接続する（URLとAPIトークンを実際の呼び出しで確かめてから保存）",
      request: { body: jsonBody(ShopConnection.EcforceConnect) },
      responses: { 201: jsonContent(Shop.Info, "接続したストア"), ...adminErrors, ...conflict },
    }),
    async (c) => c.json(Shop.serialize(await ShopConnection.connectEcforce(c.req.valid("json"))), 201),
  )
  .openapi(
    apiRoute({
      method: "get",
      path: "/ecforce/carriers",
      tag: "shop",
      summary: "ecforce ショップの配送業者（当社の配送会社との対応付けに使う）",
      description:
        "suggested は名前で推定した対応（保存されていない配送会社の既定値）。保存は PUT /api/shops/ecforce の carrier_mapping。",
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
      const carriers = await ShopConnection.ecforceCarriers(c.req.valid("query").shop_id);
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
  shopify: ShopConnection.SettingsUpdate.extend(ShopIdField.shape),
  ecforce: ShopConnection.EcforceSettingsUpdate.extend(ShopIdField.shape),
} as const;

// Settings and disconnection work the same way on both platforms.
for (const platform of ["shopify", "ecforce"] as const) {
  const name = platformNames[platform];
  shops
    .openapi(
      apiRoute({
        method: "put",
        path: `/${platform}`,
        tag: "shop",
        summary:
          platform === "ecforce"
            ? `${name}の取り込み設定と配送業者の対応（carrier_mapping）を変更する`
            : `${name}の取り込み設定を変更する`,
        request: { body: jsonBody(settingsBodies[platform]) },
        responses: { 200: jsonContent(Shop.Info, "変更したストア"), ...adminErrors, ...notFound },
      }),
      async (c) => {
        const { shop_id, ...settings } = c.req.valid("json");
        return c.json(Shop.serialize(await ShopConnection.updateSettings(platform, shop_id, settings)), 200);
      },
    )
    .openapi(
      apiRoute({
        method: "delete",
        path: `/${platform}`,
        tag: "shop",
        summary: `${name}の接続を解除する（注文は残る）`,
        request: { query: ShopIdField },
        responses: { 200: jsonContent(Disconnected, "解除したストア"), ...adminErrors, ...notFound },
      }),
      async (c) =>
        c.json(
          { shop: Shop.serialize(await ShopConnection.disconnect(platform, c.req.valid("query").shop_id)) },
          200,
        ),
    );
}
