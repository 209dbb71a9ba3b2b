import type { DeliveryCarrier } from "@okuru/core/shared/delivery";
import { answer, api, byId, required } from "./client";
import type { BodyOf, Camelize, QueryOf, Schemas } from "./wire";

export type Order = Camelize<Schemas["Order"]>;
export type OrderPerson = Order["customer"];
export type OrderIssue = Order["errors"][number];
export type OrderList = Camelize<Schemas["OrderList"]>;
/** An order as the list answers it: with the carrier it ships by and its live tracking numbers. */
export type OrderListItem = Camelize<Schemas["OrderListItem"]>;
/** Query of GET /orders (snake_case, as sent). */
export type OrderListQuery = QueryOf<"/api/orders", "get">;
/** Every order of a tab and its filters, by id and number, for "select all" (at most the largest bulk action). */
export type OrderIdsQuery = QueryOf<"/api/orders/ids", "get">;
export type OrderIds = Camelize<Schemas["OrderIds"]>;
/** The order's own fields (memo, requested date and slot, archive state); only those given change. */
export type OrderUpdateReq = BodyOf<"/api/orders/{id}", "put">;
export type OrderCustomerUpdateReq = BodyOf<"/api/orders/{id}/customer", "put">;
export type OrderSenderUpdateReq = BodyOf<"/api/orders/{id}/sender", "put">;
/** An order's delivery for one carrier, snake_case as sent; the API has one path per carrier. */
export type OrderDeliveryUpdateReq = {
  [C in DeliveryCarrier]: BodyOf<`/api/orders/{id}/delivery/${C}`, "put">;
};
export type OrderBulkUpdateReq = BodyOf<"/api/orders/bulk_update", "put">;
export type OrderBulkResult = Camelize<Schemas["OrderBulkResult"]>;

export const getOrders = (orderListQuery?: OrderListQuery) =>
  answer(api.GET("/api/orders", { params: { query: orderListQuery } }));
export const getOrderIds = (orderIdsQuery?: OrderIdsQuery) =>
  answer(api.GET("/api/orders/ids", { params: { query: orderIdsQuery } }));
export const getOrder = async (id: string) =>
  answer(api.GET("/api/orders/{id}", { params: byId("getOrder", id) }));

export const updateOrder = async (id: string, orderUpdateReq: OrderUpdateReq) =>
  answer(
    api.PUT("/api/orders/{id}", {
      params: byId("updateOrder", id),
      body: required("updateOrder", "orderUpdateReq", orderUpdateReq),
    }),
  );
/** The issue (by its field) whose offered character replacement to apply. */
export type OrderReplacementReq = BodyOf<"/api/orders/{id}/customer/replacement", "put">;

export const applyOrderReplacement = async (id: string, orderReplacementReq: OrderReplacementReq) =>
  answer(
    api.PUT("/api/orders/{id}/customer/replacement", {
      params: byId("applyOrderReplacement", id),
      body: required("applyOrderReplacement", "orderReplacementReq", orderReplacementReq),
    }),
  );

export const updateOrderCustomer = async (id: string, orderCustomerUpdateReq: OrderCustomerUpdateReq) =>
  answer(
    api.PUT("/api/orders/{id}/customer", {
      params: byId("updateOrderCustomer", id),
      body: required("updateOrderCustomer", "orderCustomerUpdateReq", orderCustomerUpdateReq),
    }),
  );
export const updateOrderSender = async (id: string, orderSenderUpdateReq: OrderSenderUpdateReq) =>
  answer(
    api.PUT("/api/orders/{id}/sender", {
      params: byId("updateOrderSender", id),
      body: required("updateOrderSender", "orderSenderUpdateReq", orderSenderUpdateReq),
    }),
  );

/** The operation name of each carrier's delivery update, for the required-parameter message. */
const deliveryOperation: Record<DeliveryCarrier, string> = {
  yamato: "updateOrderDeliveryYamato",
  sagawa: "updateOrderDeliverySagawa",
  japan_post: "updateOrderDeliveryJapanPost",
  sss: "updateOrderDeliverySss",
};

/** PUT /orders/{id}/delivery/{carrier}: how this order ships, in place of the brand's defaults. */
export async function updateOrderDelivery<C extends DeliveryCarrier>(
  id: string,
  carrier: C,
  body: OrderDeliveryUpdateReq[C],
): Promise<Order> {
  const operation = deliveryOperation[carrier];
  // The carrier is a fixed segment of each path (each has its own body schema), so the
  // path is one of four and the body is the one for that carrier.
  return answer(
    api.PUT(`/api/orders/{id}/delivery/${carrier as DeliveryCarrier}`, {
      params: byId(operation, id),
      body: required(operation, "orderDeliveryUpdateReq", body as OrderDeliveryUpdateReq[DeliveryCarrier]),
    }),
  );
}
/** DELETE /orders/{id}/delivery: back to the brand's defaults. */
export const resetOrderDelivery = async (id: string) =>
  answer(api.DELETE("/api/orders/{id}/delivery", { params: byId("resetOrderDelivery", id) }));

export const bulkUpdateOrders = async (orderBulkUpdateReq: OrderBulkUpdateReq) =>
  answer(
    api.PUT("/api/orders/bulk_update", {
      body: required("bulkUpdateOrders", "orderBulkUpdateReq", orderBulkUpdateReq),
    }),
  );
export const syncOrders = (orderSyncRequest?: BodyOf<"/api/orders/sync", "post">) =>
  answer(api.POST("/api/orders/sync", { body: orderSyncRequest }));
