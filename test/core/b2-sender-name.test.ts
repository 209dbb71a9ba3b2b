import { describe, expect, it } from "vitest";
import { parseCsv } from "../../core/src/carriers/csv/csv";
import { type ExportOrder, type ExportResult, exportFile } from "../../core/src/carriers/csv/index";
import { YamatoDelivery } from "../../core/src/shared/delivery";
import { exportRecipient, exportSender } from "../support/carrier-files";

/**
 * Issue 24: B2クラウド has one ご依頼主名 column of 32 bytes for the company and the person
 * together. The label prints both; the file composes what fits instead of refusing the order.
 */

const TODAY = "2026-06-03";

function b2Order(reference: string, sender: { company: string; name: string }): ExportOrder<"yamato_b2"> {
  return {
    reference,
    orderNumber: `#${reference}`,
    recipient: exportRecipient(),
    sender: { ...exportSender(), ...sender },
    lineItems: [{ name: "宇治抹茶", quantity: 1 }],
    delivery: YamatoDelivery.parse({ service_type: "0", item_name: "宇治抹茶" }),
    account: { customerCode: "012345678901" },
  };
}

const senderNames = (result: ExportResult) =>
  parseCsv(new TextDecoder("shift_jis", { fatal: true }).decode(result.bytes))
    .slice(1)
    .map((row) => row.cells[24]);

describe("B2クラウド's ご依頼主名", () => {
  it("writes company and name when both fit, else the company alone with a warning, else the name alone", () => {
    const result = exportFile(
      "yamato_b2",
      [
        b2Order("S1", { company: "まるや製菓", name: "山田 太郎" }),
        // 15 full-width characters of company: with the name it passes 16.
        b2Order("S2", { company: "有限会社まるや製菓本舗京都店", name: "山田 太郎" }),
        b2Order("S3", { company: "", name: "山田 太郎" }),
        // A company of 19 characters never fits: the person's name goes, said as such.
        b2Order("S4", { company: "株式会社京都伏見宇治抹茶製菓本舗総本店", name: "山田 太郎" }),
      ],
      { today: TODAY },
    );
    expect(result.excluded).toEqual([]);
    expect(senderNames(result)).toEqual([
      "まるや製菓 山田 太郎",
      "有限会社まるや製菓本舗京都店",
      "山田 太郎",
      "山田 太郎",
    ]);
    const warning = (what: string) =>
      `ご依頼主名はヤマト運輸（B2クラウド）の上限（全角16文字）に会社名と名前が収まらないため、${what}だけを出力しました。`;
    expect(result.warnings).toEqual([
      { reference: "S2", field: "sender.name", message: warning("会社名") },
      { reference: "S4", field: "sender.name", message: warning("名前") },
    ]);
  });

  it("holds the order with the column and its limit when nothing fits", () => {
    const result = exportFile(
      "yamato_b2",
      [b2Order("S5", { company: "株式会社京都伏見宇治抹茶製菓本舗総本店", name: "" })],
      { today: TODAY },
    );
    expect(result.included).toEqual([]);
    expect(result.excluded[0]!.reasons[0]!.message).toContain(
      "ご依頼主の会社名・名前がヤマト運輸（B2クラウド）の上限（全角16文字",
    );
  });
});
