import { describe, expect, it } from "vitest";
import { recipientFieldErrors, replacementRequest } from "../../../web/src/components/OrderList/order-fixes";

describe("the one-click character replacement", () => {
  it("sends the field of an issue that offers a replacement for the recipient", () => {
    const issue = {
      field: "customer.name",
      message: "ヤマト運輸の送り状ではJIS第1・第2水準以外の文字（髙）を使えません。",
      replacement: "高橋 一郎",
      carrier: "yamato" as const,
    };
    expect(replacementRequest(issue)).toEqual({ field: "customer.name" });
    expect(
      replacementRequest({ field: "customer.address2", message: "…", replacement: "鴎ハイツ 201" }),
    ).toEqual({
      field: "customer.address2",
    });
  });

  it("offers nothing for an issue without a replacement or outside the recipient's text fields", () => {
    expect(replacementRequest({ field: "customer.name", message: "…" })).toBeNull();
    expect(
      replacementRequest({ field: "customer.prefecture", message: "…", replacement: "京都府" }),
    ).toBeNull();
    expect(replacementRequest({ field: "sender.name", message: "…", replacement: "高" })).toBeNull();
  });
});

describe("the recipient's issues on the お届け先 form", () => {
  it("puts each recipient issue on its input, whichever way the field is spelled, first message first", () => {
    expect(
      recipientFieldErrors([
        {
          field: "customer.phone",
          message: "電話番号「090-1234-567」は日本の電話番号として正しくありません。",
        },
        { field: "customer.postalCode", message: "郵便番号がありません。" },
        { field: "customer.postal_code", message: "郵便番号と都道府県が一致しません。" },
        { field: "customer.nameKana", message: "カナは全角カタカナで入力してください。" },
        { field: "delivery.time_slot", message: "時間帯を指定できません。" },
        { field: "sender.phone", message: "発送元の電話番号がありません。" },
        { field: "customer.unknown_field", message: "…" },
      ]),
    ).toEqual({
      phone: "電話番号「090-1234-567」は日本の電話番号として正しくありません。",
      postal_code: "郵便番号がありません。",
      name_kana: "カナは全角カタカナで入力してください。",
    });
  });
});
