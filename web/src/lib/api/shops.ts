import { answer, api, mayBeLeftOut, required } from "./client";
import type { BodyOf, Camelize, QueryOf, ResponseOf, Schemas } from "./wire";

export type Shop = Camelize<Schemas["Shop"]>;
export type ShopList = Camelize<Schemas["ShopList"]>;
export type ShopifyAuthorization = ResponseOf<"/api/shops/shopify", "post">;
export type ShopifyStartReq = BodyOf<"/api/shops/shopify", "post">;
export type ShopifyVerifyReq = BodyOf<"/api/shops/shopify/verify_request", "post">;
export type ShopSettingsUpdateReq = BodyOf<"/api/shops/shopify", "put">;
export type EcforceConnectReq = BodyOf<"/api/shops/ecforce", "post">;
export type EcforceCarrierList = ResponseOf<"/api/shops/ecforce/carriers", "get">;
/** An Ecforce shop's settings with its delivery-company mapping (`carrier_mapping`, snake_case keys as sent). */
export type EcforceSettingsUpdateReq = BodyOf<"/api/shops/ecforce", "put">;

export const getShops = () => answer(api.GET("/api/shops"));

// A platform's shops: connect (its own body), settings and disconnect, each shop by `shop_id`.

export const createShopifyShop = async (shopifyStartReq: ShopifyStartReq) =>
  answer(
    api.POST("/api/shops/shopify", {
      body: required("createShopifyShop", "shopifyStartReq", shopifyStartReq),
    }),
  );
export const updateShopifyShop = async (shopSettingsUpdateReq: ShopSettingsUpdateReq) =>
  answer(
    api.PUT("/api/shops/shopify", {
      body: required("updateShopifyShop", "shopSettingsUpdateReq", shopSettingsUpdateReq),
    }),
  );
export const deleteShopifyShop = (shop?: QueryOf<"/api/shops/shopify", "delete">) =>
  answer(api.DELETE("/api/shops/shopify", { params: { query: mayBeLeftOut(shop) } }));
export const verifyShopifyRequest = async (shopifyVerifyReq: ShopifyVerifyReq) =>
  answer(
    api.POST("/api/shops/shopify/verify_request", {
      body: required("verifyShopifyRequest", "shopifyVerifyReq", shopifyVerifyReq),
    }),
  );

export const createEcforceShop = async (ecforceConnectReq: EcforceConnectReq) =>
  answer(
    api.POST("/api/shops/ecforce", {
      body: required("createEcforceShop", "ecforceConnectReq", ecforceConnectReq),
    }),
  );
export const updateEcforceShop = async (shopSettingsUpdateReq: EcforceSettingsUpdateReq) =>
  answer(
    api.PUT("/api/shops/ecforce", {
      body: required("updateEcforceShop", "shopSettingsUpdateReq", shopSettingsUpdateReq),
    }),
  );
export const deleteEcforceShop = (shop?: QueryOf<"/api/shops/ecforce", "delete">) =>
  answer(api.DELETE("/api/shops/ecforce", { params: { query: mayBeLeftOut(shop) } }));
export const getEcforceCarriers = (shop?: QueryOf<"/api/shops/ecforce/carriers", "get">) =>
  answer(api.GET("/api/shops/ecforce/carriers", { params: { query: mayBeLeftOut(shop) } }));
