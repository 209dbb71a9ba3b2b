import type { SeedOrder, SeedPerson } from "../../dev/src/simulators/seed-order";
import { typedKyotoAddress } from "./orders";

/**
 * A person as a merchant's customer types them into a shop: 髙/﨑 outside JIS level 1/2,
 * full-width digits and long-vowel marks for hyphens, for the shop simulators' tests.
 */
export function seedPerson(over: Partial<SeedPerson> = {}): SeedPerson {
  return {
    familyName: "髙橋",
    givenName: "太郎",
    familyNameKana: "タカハシ",
    givenNameKana: "タロウ",
    company: "",
    postalCode: "１５０ー０００１",
    prefecture: "東京都",
    city: "渋谷区",
    address1: "神宮前１丁目２−３",
    address2: "メゾン﨑山 101号室",
    phone: "０９０ー１２３４ー５６７８",
    ...over,
  };
}

/** The n-th open order of a simulated shop (#1000+n), paid by card, to `createdAt`. */
export function seedOrderFixture(n: number, createdAt: string, over: Partial<SeedOrder> = {}): SeedOrder {
  return {
    number: 1000 + n,
    createdAt,
    email: `buyer${n}@example.jp`,
    purchaser: seedPerson(),
    recipient: seedPerson(),
    lineItems: [{ sku: `SKU-${n}`, name: `商品${n}`, quantity: 2, unitPrice: 1500 }],
    shippingFee: 600,
    payment: "credit_card",
    deliveryDate: null,
    deliveryTime: null,
    note: "",
    state: "open",
    ...over,
  };
}

/** A customer every carrier prints (JIS level 1 kanji, a plain Kyoto address), 佐藤 花子`n`. */
export function printableSeedPerson(n: number, over: Partial<SeedPerson> = {}): SeedPerson {
  return {
    ...typedKyotoAddress,
    familyName: "佐藤",
    givenName: `花子${n}`,
    familyNameKana: "サトウ",
    givenNameKana: "ハナコ",
    company: "",
    ...over,
  };
}

/**
 * The n-th open order (#2000+n) of a simulated shop to `person(n)`, placed `days` days
 * ago and a minute later for each n, so that the orders' numbers and ages go together.
 */
export function seedOrderTo(person: (n: number) => SeedPerson, n: number, days: number): SeedOrder {
  return printableSeedOrder(n, new Date(Date.now() - (days * 86_400 - n * 60) * 1000).toISOString(), {
    number: 2000 + n,
    purchaser: person(n),
    recipient: person(n),
  });
}

/**
 * The n-th open order (#1000+n) of a simulated shop that labels and uploads take as it
 * is: one 宇治抹茶 100g to `printableSeedPerson(n)`, no shipping fee.
 */
export function printableSeedOrder(n: number, createdAt: string, over: Partial<SeedOrder> = {}): SeedOrder {
  return seedOrderFixture(n, createdAt, {
    purchaser: printableSeedPerson(n),
    recipient: printableSeedPerson(n),
    lineItems: [{ sku: "TEA-01", name: "宇治抹茶 100g", quantity: 1, unitPrice: 1800 }],
    shippingFee: 0,
    ...over,
  });
}
