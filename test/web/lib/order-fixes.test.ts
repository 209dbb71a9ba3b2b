import { describe, expect, it } from "vitest";
import { recipientWithReplacement } from "../../../web/src/components/OrderList/order-fixes";
import type { Order } from "../../../web/src/lib/api";

const customer = {
  name: "髙橋 一郎",
  nameKana: "タカハシ イチロウ",
  company: "",
  postalCode: "6048005",
  prefecture: "京都府",
  city: "京都市中京区",
  address1: "恵比須町534-40",
  address2: "鷗ハイツ 201",
  phone: "075-123-4567",
};
const order = { id: "ord_1", customer } as unknown as Order;

describe("the one-click character replacement", () => {
  it("saves the whole recipient as it stands with the one field replaced", () => {
    const issue = {
      field: "customer.name",
      message: "ヤマト運輸の送り状ではJIS第1・第2水準以外の文字（髙）を使えません。",
      replacement: "高橋 一郎",
      carrier: "yamato" as const,
    };
    expect(recipientWithReplacement(order, issue)).toEqual({
      name: "高橋 一郎",
      name_kana: "タカハシ イチロウ",
      company: "",
      postal_code: "604-8005",
      prefecture: "京都府",
      city: "京都市中京区",
      address1: "恵比須町534-40",
      address2: "鷗ハイツ 201",
      phone: "075-123-4567",
    });
    const building = { field: "customer.address2", message: "…", replacement: "鴎ハイツ 201" };
    expect(recipientWithReplacement(order, building)).toMatchObject({
      name: "髙橋 一郎",
      address2: "鴎ハイツ 201",
    });
  });

  it("offers nothing for an issue without a replacement or outside the recipient's text fields", () => {
    expect(recipientWithReplacement(order, { field: "customer.name", message: "…" })).toBeNull();
    expect(
      recipientWithReplacement(order, { field: "customer.prefecture", message: "…", replacement: "京都府" }),
    ).toBeNull();
    expect(
      recipientWithReplacement(order, { field: "sender.name", message: "…", replacement: "高" }),
    ).toBeNull();
  });
});
