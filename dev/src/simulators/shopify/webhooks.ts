import { createHmac, randomUUID } from "node:crypto";
import {
  addressName,
  displayFulfillmentStatus,
  fulfilledQuantity,
  isoJst,
  type MailingAddress,
  orderTotal,
  type ShopState,
  type StoredOrder,
  type WebhookDelivery,
} from "./store";

/** REST prices: JPY has no minor unit, so `3000` rather than `3000.00`. */
const price = (n: number, currency: string) => (currency === "JPY" ? String(Math.round(n)) : n.toFixed(2));

function restAddress(a: MailingAddress | null) {
  if (!a) return null;
  return {
    first_name: a.firstName,
    last_name: a.lastName,
    name: addressName(a),
    company: a.company,
    address1: a.address1,
    address2: a.address2,
    city: a.city,
    province: a.province,
    province_code: a.provinceCode,
    zip: a.zip,
    country: a.country,
    country_code: a.countryCodeV2,
    phone: a.phone,
    latitude: null,
    longitude: null,
  };
}

const REST_FULFILLMENT_STATUS = {
  UNFULFILLED: null,
  PARTIALLY_FULFILLED: "partial",
  FULFILLED: "fulfilled",
} as const;

/** The order as the REST Admin API (and so every order webhook) renders it. */
export function restOrder(shop: ShopState, o: StoredOrder) {
  const currency = o.currencyCode;
  const subtotal = o.lineItems.reduce((sum, li) => sum + li.unitPrice * li.quantity, 0);
  const shipping = o.shippingLine?.price ?? 0;
  const moneySet = (n: number) => ({
    shop_money: { amount: price(n, currency), currency_code: currency },
    presentment_money: { amount: price(n, currency), currency_code: currency },
  });
  return {
    id: o.numericId,
    admin_graphql_api_id: `gid://shopify/Order/${o.numericId}`,
    name: `#${o.number}`,
    order_number: o.number,
    number: o.number - 1000,
    email: o.email,
    contact_email: o.email,
    phone: o.phone,
    created_at: isoJst(o.createdAt),
    updated_at: isoJst(o.updatedAt),
    processed_at: isoJst(o.processedAt),
    cancelled_at: o.cancelledAt && isoJst(o.cancelledAt),
    cancel_reason: o.cancelReason?.toLowerCase() ?? null,
    closed_at: null,
    confirmed: true,
    test: false,
    currency,
    presentment_currency: currency,
    total_price: price(subtotal + shipping, currency),
    subtotal_price: price(subtotal, currency),
    total_price_set: moneySet(orderTotal(o)),
    total_shipping_price_set: moneySet(shipping),
    financial_status: o.financialStatus.toLowerCase(),
    fulfillment_status: REST_FULFILLMENT_STATUS[displayFulfillmentStatus(o)],
    note: o.note,
    note_attributes: o.customAttributes.map((a) => ({ name: a.key, value: a.value })),
    payment_gateway_names: o.paymentGatewayNames,
    tags: o.tags.join(", "),
    shop_id: shop.numericId,
    billing_address: restAddress(o.billingAddress),
    shipping_address: restAddress(o.shippingAddress),
    line_items: o.lineItems.map((li) => {
      const done = fulfilledQuantity(o, li.numericId);
      return {
        id: li.numericId,
        admin_graphql_api_id: `gid://shopify/LineItem/${li.numericId}`,
        name: li.title,
        title: li.title,
        sku: li.sku,
        quantity: li.quantity,
        current_quantity: li.currentQuantity,
        fulfillable_quantity: Math.max(0, li.currentQuantity - done),
        fulfillment_status: done === 0 ? null : done >= li.quantity ? "fulfilled" : "partial",
        price: price(li.unitPrice, currency),
        price_set: moneySet(li.unitPrice),
        variant_id: li.variantId,
        product_id: null,
        requires_shipping: true,
        grams: 0,
        variant_title: null,
        vendor: null,
      };
    }),
    shipping_lines: o.shippingLine
      ? [
          {
            id: o.numericId,
            title: o.shippingLine.title,
            code: o.shippingLine.code,
            source: o.shippingLine.source,
            price: price(o.shippingLine.price, currency),
            price_set: moneySet(o.shippingLine.price),
          },
        ]
      : [],
    fulfillments: o.fulfillments.map((f, i) => ({
      id: f.numericId,
      admin_graphql_api_id: `gid://shopify/Fulfillment/${f.numericId}`,
      order_id: o.numericId,
      name: `#${o.number}.${i + 1}`,
      status: f.status === "SUCCESS" ? "success" : "cancelled",
      created_at: isoJst(f.createdAt),
      updated_at: isoJst(f.updatedAt),
      tracking_company: f.trackingInfo[0]?.company ?? null,
      tracking_number: f.trackingInfo[0]?.number ?? null,
      tracking_numbers: f.trackingInfo.map((t) => t.number).filter(Boolean),
      tracking_url: f.trackingInfo[0]?.url ?? null,
      tracking_urls: f.trackingInfo.map((t) => t.url).filter(Boolean),
      line_items: f.lineItems.map((l) => ({ id: l.lineItemId, quantity: l.quantity })),
    })),
  };
}

export function restShop(shop: ShopState) {
  return {
    id: shop.numericId,
    name: shop.name,
    email: `owner@${shop.domain}`,
    domain: shop.domain,
    myshopify_domain: shop.domain,
    country_code: "JP",
    currency: "JPY",
    iana_timezone: "Asia/Tokyo",
    plan_name: "basic",
  };
}

/** Sign and POST one delivery; failures are recorded on the shop, never thrown. */
export async function deliver(options: {
  shop: ShopState;
  secret: string;
  topic: string;
  callbackUrl: string;
  apiVersion: string;
  payload: unknown;
  triggeredAt: Date;
}): Promise<Response | undefined> {
  const body = JSON.stringify(options.payload);
  const webhookId = randomUUID();
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "User-Agent": "Shopify-Captain-Hook",
    "X-Shopify-Hmac-Sha256": createHmac("sha256", options.secret).update(body, "utf8").digest("base64"),
    "X-Shopify-Topic": options.topic,
    "X-Shopify-Shop-Domain": options.shop.domain,
    "X-Shopify-API-Version": options.apiVersion,
    "X-Shopify-Webhook-Id": webhookId,
    "X-Shopify-Triggered-At": options.triggeredAt.toISOString(),
    "X-Shopify-Event-Id": randomUUID(),
  };
  const record: WebhookDelivery = {
    topic: options.topic,
    callbackUrl: options.callbackUrl,
    webhookId,
    body,
    headers,
    status: null,
    error: null,
  };
  options.shop.deliveries.push(record);
  try {
    const response = await fetch(options.callbackUrl, { method: "POST", headers, body });
    record.status = response.status;
    if (!response.ok) record.error = `HTTP ${response.status}`;
    return response;
  } catch (error) {
    record.error = error instanceof Error ? error.message : String(error);
    return undefined;
  }
}
