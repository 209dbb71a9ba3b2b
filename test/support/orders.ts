import type { Order } from "@okuru/core/entities/order";

const prefecture = "京都府";
const city = "京都市中京区";
const address1 = "恵比須町534-40";
const phone = "075-123-4567";

/** The tests' Kyoto address with its phone, no building, in the API's fields (a company's, a sender's, a recipient's). */
export const kyotoAddress = {
  postal_code: "6048005",
  prefecture,
  city,
  address1,
  address2: "",
  phone,
} as const;

/** The same address as a customer types it into a shop (postal code with its hyphen), in the shops' fields. */
export const typedKyotoAddress = { postalCode: "604-8005", prefecture, city, address1, address2: "", phone };

/**
 * A recipient (or purchaser) as the normaliser stores one, at the Kyoto address, printable
 * by every carrier: tests of old kanji (髙, 﨑), which Yamato refuses, name them.
 */
export function personFixture(overrides: Partial<Order.StoredPerson> = {}): Order.StoredPerson {
  return {
    name: "高橋 一郎",
    nameKana: "タカハシ イチロウ",
    company: "",
    postalCode: kyotoAddress.postal_code,
    prefecture,
    city,
    address1,
    address2: "河原町アパートメント501",
    phone,
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
