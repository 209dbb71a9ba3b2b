import {
  normalizeKana,
  normalizeOrder,
  normalizePerson,
  normalizeStreet,
  timeSlotFrom,
} from "@okuru/core/entities/order/normalize";
import type { ImportedOrder, ImportedPerson } from "@okuru/core/platforms/imported-order";
import { describe, expect, it } from "vitest";
import { typedKyotoAddress } from "../support/orders";

const person = (overrides: Partial<ImportedPerson> = {}): ImportedPerson => ({
  familyName: "髙橋",
  givenName: "一郎",
  familyNameKana: "タカハシ",
  givenNameKana: "イチロウ",
  company: "",
  ...typedKyotoAddress,
  ...overrides,
});

describe("address normalisation", () => {
  it.each([
    ["千代田１－１", "千代田1-1"],
    ["千代田１ー１ー２", "千代田1-1-2"],
    ["北一条西６‐１", "北一条西6-1"],
    ["大通西3−2", "大通西3-2"],
    ["3丁目２番地５", "3丁目2番地5"],
    ["１２３", "123"],
    ["メゾン・ド・ハーモニー１０３", "メゾン・ド・ハーモニー103"],
    ["コーポー2", "コーポー2"],
    ["河原町通四条上ル米屋町３８０－１　ツインズビル２Ｆ", "河原町通四条上ル米屋町380-1 ツインズビル2F"],
  ])("street %s → %s", (typed, stored) => {
    expect(normalizeStreet(typed)).toBe(stored);
  });

  it.each([
    ["ﾀｶﾊｼ", "タカハシ"],
    ["ｶﾞｸｾｲ", "ガクセイ"],
    ["ヤマザキ", "ヤマザキ"],
  ])("kana %s → %s", (typed, stored) => {
    expect(normalizeKana(typed)).toBe(stored);
  });

  it("keeps old kanji in names exactly as the customer wrote them", () => {
    const { person: p } = normalizePerson(person({ familyName: "山﨑", givenName: "𠮷郎" }), "customer");
    expect(p.name).toBe("山﨑 𠮷郎");
  });

  it.each([
    ["〒604-8005", "6048005"],
    ["６０４－８００５", "6048005"],
    ["6048005", "6048005"],
    ["604 8005", "6048005"],
  ])("postal code %s → %s", (typed, stored) => {
    const { person: p, issues } = normalizePerson(person({ postalCode: typed }), "customer");
    expect(p.postalCode).toBe(stored);
    expect(issues).toEqual([]);
  });

  it.each([
    ["０９０－１２３４－５６７８", "090-1234-5678"],
    ["09012345678", "090-1234-5678"],
    ["075(123)4567", "075-123-4567"],
    ["011-222-3333", "011-222-3333"],
  ])("phone %s → %s", (typed, stored) => {
    const { person: p } = normalizePerson(person({ phone: typed }), "customer");
    expect(p.phone).toBe(stored);
  });

  it("takes a prefecture typed into the city field, and a missing one from the postal code", () => {
    const typed = normalizePerson(person({ prefecture: "", city: "京都府京都市中京区" }), "customer");
    expect(typed.person).toMatchObject({ prefecture: "京都府", city: "京都市中京区" });
    expect(typed.issues).toEqual([]);
    const missing = normalizePerson(
      person({ prefecture: "", postalCode: "060-0001", city: "", address1: "札幌市中央区北一条西２－１" }),
      "customer",
    );
    expect(missing.person).toMatchObject({
      prefecture: "北海道",
      city: "札幌市中央区",
      address1: "北一条西2-1",
    });
    expect(missing.issues).toEqual([]);
  });

  it("reports each problem on its field, in Japanese", () => {
    const wrong = normalizePerson(person({ postalCode: "060-8588" }), "customer");
    expect(wrong.issues).toEqual([
      expect.objectContaining({
        field: "customer.postal_code",
        message:
          "郵便番号と都道府県が一致しません（060-8588 は北海道の郵便番号です。住所の郵便番号は 604-8005 です）。",
        suggestion: "郵便番号 604-8005 または 都道府県 北海道",
      }),
    ]);
    const broken = normalizePerson(person({ postalCode: "12345", phone: "123" }), "customer");
    expect(broken.issues.map((i) => i.field)).toEqual(["customer.postal_code", "customer.phone"]);
    expect(broken.issues[1]!.message).toBe("電話番号「123」は日本の電話番号として正しくありません。");
  });
});

describe("requested time slots", () => {
  it.each([
    ["午前中", "0900"],
    ["8時～12時", "0900"],
    ["12時～14時", "1200"],
    ["14時～16時", "1400"],
    ["14-16", "1400"],
    ["１６時〜１８時", "1600"],
    ["18:00-20:00", "1800"],
    ["19時～21時", "1900"],
    ["20時～21時", "1900"],
    ["指定なし", ""],
    [null, ""],
  ] as const)("%s → %s", (text, slot) => {
    expect(timeSlotFrom(text)).toBe(slot);
  });

  it("leaves what it cannot read undefined", () => {
    expect(timeSlotFrom("夕方ごろ")).toBeUndefined();
    expect(timeSlotFrom("13時～15時")).toBeUndefined();
  });
});

const imported = (overrides: Partial<ImportedOrder> = {}): ImportedOrder => ({
  platform: "shopify",
  platformOrderId: "gid://shopify/Order/5531000001001",
  orderNumber: "#1001",
  purchasedAt: "2026-11-20T14:03:00+09:00",
  platformUpdatedAt: "2026-11-20T14:03:00+09:00",
  email: "T.Takahashi@Example.jp",
  purchaser: person(),
  recipient: person(),
  lineItems: [{ platformLineItemId: "li1", sku: "TEA-001", name: "宇治抹茶", quantity: 2, unitPrice: 1800 }],
  totalAmount: 3600,
  codAmount: null,
  paymentMethodName: "",
  requestedDeliveryDate: "2026-11-24",
  requestedTimeSlot: "14時～16時",
  note: "",
  fulfillmentStatus: "unfulfilled",
  cancelled: false,
  fulfillmentOrders: [],
  ...overrides,
});

describe("normalizeOrder", () => {
  it("maps a gift order with COD and a slot", () => {
    const write = normalizeOrder(
      imported({
        recipient: person({
          familyName: "山﨑",
          givenName: "花子",
          postalCode: "０６０－０００１",
          prefecture: "北海道",
          city: "札幌市中央区",
          address1: "北一条西２－１",
        }),
        codAmount: 4150,
      }),
      { shopId: "shop_01" },
    );
    expect(write).toMatchObject({
      isGift: true,
      codAmount: 4150,
      requestedTimeSlot: "1400",
      email: "t.takahashi@example.jp",
      platformStatus: "unfulfilled",
      issues: [],
      customer: { name: "山﨑 花子", postalCode: "0600001", address1: "北一条西2-1" },
    });
  });

  it("flags an unreadable slot and text no label can print", () => {
    const write = normalizeOrder(
      imported({ requestedTimeSlot: "夕方", recipient: person({ address2: "\u{2000B}ビル" }) }),
      { shopId: "shop_01" },
    );
    expect(write.issues.map((i) => i.field)).toEqual(["delivery.time_slot", "customer.address2"]);
    expect(write.issues[1]!.message).toContain("\u{2000B}");
  });

  it("turns a cancelled order into the cancelled status", () => {
    expect(normalizeOrder(imported({ cancelled: true }), { shopId: "shop_01" }).platformStatus).toBe(
      "cancelled",
    );
  });

  it("offers the address's own postal code when the code is of another prefecture", () => {
    // A 秋田市 street with a 長野市 code: either may be the mistake, so both are offered.
    const akita = normalizePerson(
      person({ postalCode: "380-0801", prefecture: "秋田県", city: "秋田市", address1: "中通２－３－８" }),
      "customer",
    );
    expect(akita.issues).toEqual([
      {
        field: "customer.postal_code",
        message:
          "郵便番号と都道府県が一致しません（380-0801 は長野県の郵便番号です。住所の郵便番号は 010-0001 です）。",
        suggestion: "郵便番号 010-0001 または 都道府県 長野県",
      },
    ]);
    // Kyoto's 通り addresses name the town after the street.
    const kyoto = normalizePerson(
      person({
        postalCode: "060-0001",
        prefecture: "京都府",
        city: "京都市東山区",
        address1: "大和大路通四条下る４丁目小松町５８４",
      }),
      "customer",
    );
    expect(kyoto.issues[0]?.suggestion).toBe("郵便番号 605-0811 または 都道府県 北海道");
    // An address that names no known town offers only the prefecture, as before.
    const unknown = normalizePerson(
      person({ postalCode: "380-0801", prefecture: "秋田県", city: "秋田市", address1: "存在しない町1-1" }),
      "customer",
    );
    expect(unknown.issues[0]?.suggestion).toBe("長野県");
  });
});
