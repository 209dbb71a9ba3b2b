/**
 * Examples for the calls an integrator makes first, where the schema alone does not say
 * what a real answer looks like. Kept apart from the route files so the document gets
 * them without touching each route; the lint test checks each against its schema.
 */
export type OperationExamples = {
  /** Query or path parameter values, by name. */
  parameters?: Record<string, string>;
  /** The request body, for every media type the operation takes. */
  body?: unknown;
  /** The answer of each status, for its JSON content. */
  responses?: Record<string, unknown>;
};

const orderId = "ord_01JQ8Z6W3M4T5V6X7Y8Z9A0B1C";
const shipmentId = "shp_01JQ8Z8P1Q2R3S4T5V6W7X8Y9Z";
const labelId = "lbl_01JQ8Z7C2D3E4F5G6H7J8K9M0N";
const trackingNumber = "441234567890";

const address = {
  name: "山田 花子",
  name_kana: "ヤマダ ハナコ",
  company: "",
  postal_code: "1500001",
  prefecture: "東京都",
  city: "渋谷区",
  address1: "神宮前1-2-3",
  address2: "送るマンション101",
  phone: "0312345678",
};

const notShippedOrder = {
  id: orderId,
  shop_id: "shop_01JQ8Z5A1B2C3D4E5F6G7H8J9K",
  platform: "shopify",
  order_number: "#1001",
  shopify_order_id: "5678901234567",
  shopify_shop_url: "https://okuru-demo.myshopify.com",
  shipment_status: "notShipped",
  is_error: false,
  errors: [],
  purchased_at: "2026-03-02T10:15:00+09:00",
  email: "hanako@example.jp",
  purchaser: address,
  customer: address,
  delivery: null,
  sender_id: null,
  line_items: [{ sku: "TEA-001", name: "深蒸し煎茶 100g", quantity: 2, unit_price: 1200 }],
  total_amount: 2400,
  cod_amount: null,
  requested_delivery_date: null,
  requested_time_slot: null,
  note: "",
  memo: "",
  is_gift: false,
  shop_changes: null,
  exported: null,
  labels: null,
  created_at: "2026-03-02T10:16:04+09:00",
  updated_at: "2026-03-02T10:16:04+09:00",
  shipping_carrier: "yamato",
  tracking_numbers: [],
};

const tooManyFailures = {
  error: "slow_down",
  error_description: "認証の失敗が続いたため、しばらく受け付けません。",
};

export const operationExamples: Readonly<Record<string, OperationExamples>> = {
  "POST /api/oauth_token": {
    body: { grant_type: "client_credentials", scope: "orders:read labels:write tracking:write" },
    responses: {
      200: {
        access_token: "okt_3q9VbQ7m2Xc8Lr5Tn1Kp4Wd6Zy0Hs2Jf",
        token_type: "Bearer",
        expires_in: 3600,
        scope: "orders:read labels:write tracking:write",
      },
      401: {
        error: "invalid_client",
        error_description: "クライアントIDまたはシークレットが正しくありません。",
      },
      429: tooManyFailures,
    },
  },
  "GET /api/orders": {
    parameters: { shipment_status: "notShipped", is_error: "false", limit: "20" },
    responses: {
      200: {
        items: [notShippedOrder],
        next_cursor: "eyJwayI6Ik9SREVSIy4uLiJ9",
        counts: { notShipped: 42, partiallyShipped: 1, shipped: 318, cancelled: 3, archived: 0, error: 2 },
      },
      400: {
        code: "input.invalid",
        message: "入力内容に誤りがあります。",
        fields: { shipment_status: "出荷状況の値が正しくありません" },
      },
    },
  },
  "POST /api/shipments/labels": {
    body: { order_ids: [orderId] },
    responses: { 202: { label_id: labelId } },
  },
  "GET /api/shipments/labels": {
    parameters: { label_id: labelId },
    responses: {
      200: {
        label_id: labelId,
        status: "done",
        progress: { done: 1, total: 1 },
        files: [{ carrier: "yamato", url: "https://…/labels/lbl_….pdf?X-Amz-Signature=…", labels: 1 }],
        start_position: 1,
        parts: [
          { part: 1, carrier: "yamato", url: "https://…/labels/lbl_…-1.pdf?X-Amz-Signature=…", labels: 1 },
        ],
        results: [
          {
            order_id: orderId,
            shipment_ids: [shipmentId],
            tracking_numbers: [trackingNumber],
            cancelled_tracking_numbers: [],
            reprint: false,
            changed: false,
            error: null,
          },
        ],
      },
    },
  },
  "PUT /api/shipments/{id}/upload_tracking_number": {
    parameters: { id: shipmentId },
    responses: {
      200: {
        shipment_id: shipmentId,
        order_id: orderId,
        order_number: "#1001",
        status: "uploaded",
        shipment_ids: [shipmentId],
        tracking_numbers: [trackingNumber],
        fulfillment_id: "4567890123456",
        order_shipment_status: "shipped",
        already_uploaded: false,
        error: null,
      },
    },
  },
};
