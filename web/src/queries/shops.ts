import { queryOptions, useMutation } from "@tanstack/react-query";
import {
  createEcforceShop,
  createShopifyShop,
  deleteEcforceShop,
  deleteShopifyShop,
  type EcforceConnectReq,
  type EcforceSettingsUpdateReq,
  getEcforceCarriers,
  getShops,
  type Shop,
  type ShopifyStartReq,
  type ShopifyVerifyReq,
  type ShopSettingsUpdateReq,
  syncOrders,
  updateEcforceShop,
  updateShopifyShop,
  verifyShopifyRequest,
} from "../lib/api";
import { useInvalidatingMutation } from "./mutations";

export const shopKeys = { all: ["shops"] as const, list: () => [...shopKeys.all, "list"] as const };

/** The company's shops with their sync state. */
export const shopsQueryOptions = () => queryOptions({ queryKey: shopKeys.list(), queryFn: () => getShops() });

/** Starts the Shopify authorisation; the answer is the URL the browser goes to next. */
export function useStartShopifyConnection() {
  return useMutation({ mutationFn: (body: ShopifyStartReq) => createShopifyShop(body) });
}

/** Finishes the Shopify authorisation with the query the platform returned. */
export function useVerifyShopifyRequest() {
  return useInvalidatingMutation(shopKeys.all, (query: ShopifyVerifyReq) => verifyShopifyRequest(query));
}

export function useConnectEcforce() {
  return useInvalidatingMutation(shopKeys.all, (body: EcforceConnectReq) => createEcforceShop(body));
}

/** An Ecforce shop's delivery companies, with the name-matched default for each of our carriers. */
export const ecforceCarriersQueryOptions = (shopId: string) =>
  queryOptions({
    queryKey: [...shopKeys.all, "ecforce-carriers", shopId] as const,
    queryFn: () => getEcforceCarriers({ shop_id: shopId }),
  });

export function useUpdateShopSettings() {
  return useInvalidatingMutation(
    shopKeys.all,
    ({
      shop,
      body,
    }: {
      shop: Pick<Shop, "platform">;
      body: ShopSettingsUpdateReq | EcforceSettingsUpdateReq;
    }) => (shop.platform === "shopify" ? updateShopifyShop(body) : updateEcforceShop(body)),
  );
}

export function useDisconnectShop() {
  return useInvalidatingMutation(shopKeys.all, (shop: Pick<Shop, "id" | "platform">) =>
    shop.platform === "shopify"
      ? deleteShopifyShop({ shop_id: shop.id })
      : deleteEcforceShop({ shop_id: shop.id }),
  );
}

/** Queues an import of one shop's orders (all active shops without an id). */
export function useSyncShop() {
  return useInvalidatingMutation(shopKeys.all, (shopId: string) => syncOrders({ shop_id: shopId }));
}
