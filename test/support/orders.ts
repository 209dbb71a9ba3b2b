import type { Order } from "@okuru/core/order";

/** A recipient (or purchaser) as the normaliser stores one: a Kyoto address with old kanji. */
export function personFixture(overrides: Partial<Order.StoredPerson> = {}): Order.StoredPerson {
  return {
    name: "髙橋 一郎",
    nameKana: "タカハシ イチロウ",
    company: "",
    postalCode: "6048005",
    prefecture: "京都府",
    city: "京都市中京区",
    address1: "恵比須町534-40",
    address2: "河原町アパートメント501",
    phone: "075-123-4567",
    ...overrides,
  };
}

/**
 * The n-th order of a test shop as a sync writes it: its number, platform id and
 * purchase time follow from n, so tests can write many and compute their ids.
 */
export function shopOrderFixture(
  n: number,
  overrides: Partial<Order.ShopOrderWrite> = {},
): Order.ShopOrderWrite {
  const purchasedAt = new Date(Date.UTC(2026, 10, 1, 0, 0, 0) + n * 1000).toISOString();
  return {
    shopId: "shop_01JTESTSHOP00000000000000",
    platform: "shopify",
    platformOrderId: `gid://shopify/Order/${5_000_000 + n}`,
    orderNumber: `#${1000 + n}`,
    purchasedAt,
    platformUpdatedAt: purchasedAt,
    platformStatus: "unfulfilled",
    email: `buyer${n}@example.jp`,
    purchaser: personFixture(),
    customer: personFixture(),
    lineItems: [
      { platformLineItemId: `li${n}`, sku: "TEA-01", name: "宇治抹茶 100g", quantity: 2, unitPrice: 1800 },
    ],
    totalAmount: 3600,
    codAmount: null,
    requestedDeliveryDate: null,
    requestedTimeSlot: null,
    note: "",
    isGift: false,
    issues: [],
    shopUrl: "https://okuru-demo.myshopify.com",
    ...overrides,
  };
}
