import { describe, expect, it } from "vitest";
import { replacementRequest } from "../../../web/src/components/OrderList/order-fixes";

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
