import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  createEcforceShop,
  createShopifyShop,
  deleteEcforceShop,
  deleteShopifyShop,
  type EcforceConnectReq,
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

export const shopKeys = { all: ["shops"] as const, list: () => [...shopKeys.all, "list"] as const };

/** The company's shops with their sync state. */
export const shopsQueryOptions = () => queryOptions({ queryKey: shopKeys.list(), queryFn: () => getShops() });

function useInvalidateShops() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: shopKeys.all });
}

/** Starts the Shopify authorisation; the answer is the URL the browser goes to next. */
export function useStartShopifyConnection() {
  return useMutation({ mutationFn: (body: ShopifyStartReq) => createShopifyShop(body) });
}

/** Finishes the Shopify authorisation with the query the platform returned. */
export function useVerifyShopifyRequest() {
  const invalidate = useInvalidateShops();
  return useMutation({
    mutationFn: (query: ShopifyVerifyReq) => verifyShopifyRequest(query),
    onSuccess: invalidate,
  });
}

export function useConnectEcforce() {
  const invalidate = useInvalidateShops();
  return useMutation({
    mutationFn: (body: EcforceConnectReq) => createEcforceShop(body),
    onSuccess: invalidate,
  });
}

export function useUpdateShopSettings() {
  const invalidate = useInvalidateShops();
  return useMutation({
    mutationFn: ({ shop, body }: { shop: Pick<Shop, "platform">; body: ShopSettingsUpdateReq }) =>
      shop.platform === "shopify" ? updateShopifyShop(body) : updateEcforceShop(body),
    onSuccess: invalidate,
  });
}

export function useDisconnectShop() {
  const invalidate = useInvalidateShops();
  return useMutation({
    mutationFn: (shop: Pick<Shop, "id" | "platform">) =>
      shop.platform === "shopify"
        ? deleteShopifyShop({ shop_id: shop.id })
        : deleteEcforceShop({ shop_id: shop.id }),
    onSuccess: invalidate,
  });
}

/** Queues an import of one shop's orders (all active shops without an id). */
export function useSyncShop() {
  const invalidate = useInvalidateShops();
  return useMutation({
    mutationFn: (shopId: string) => syncOrders({ shop_id: shopId }),
    onSuccess: invalidate,
  });
}
