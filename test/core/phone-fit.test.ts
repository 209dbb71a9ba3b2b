import { describe, expect, it } from "vitest";
import { parseCsv } from "../../core/src/carriers/csv/csv";
import { type ExportOrder, type ExportResult, exportFile } from "../../core/src/carriers/csv/index";
import { SagawaDelivery } from "../../core/src/shared/delivery";
import { exportRecipient, exportSender } from "../support/carrier-files";

/**
 * Issue 24 point 3: phones as shops let customers type them. The international form is
 * written in the national one; an extension is left out of the phone column with a warning,
 * where the exporter used to refuse the whole order.
 */

const TODAY = "2026-06-03";

const order = (reference: string, phone: string): ExportOrder<"sagawa_ehiden3"> => ({
  reference,
  orderNumber: `#${reference}`,
  recipient: exportRecipient({ phone }),
  sender: exportSender(),
  lineItems: [{ name: "宇治抹茶", quantity: 1 }],
  delivery: SagawaDelivery.parse({ service_type: "000", item_name: "宇治抹茶" }),
  account: { customerCode: "123456789012" },
});

const rowsOf = (result: ExportResult) =>
  parseCsv(new TextDecoder("shift_jis", { fatal: true }).decode(result.bytes))
    .slice(1)
    .map((row) => row.cells);

describe("a recipient's phone in an e飛伝Ⅲ file", () => {
  it("writes +81 in the national form and leaves an extension out with a warning", () => {
    const typed = [
      "+81 80-1234-5678",
      "075-123-4567 内線12",
      "03-1234-5678 ext. 45",
      "０７５－１２３－４５６７（内線３）",
    ];
    const result = exportFile(
      "sagawa_ehiden3",
      typed.map((phone, i) => order(`P${i + 1}`, phone)),
      { today: TODAY },
    );
    expect(result.excluded).toEqual([]);
    const rows = rowsOf(result);
    for (const [i, written] of ["080-1234-5678", "075-123-4567", "03-1234-5678", "075-123-4567"].entries())
      expect(rows[i], typed[i]).toContain(written);
    expect(result.warnings.map((w) => [w.reference, w.field, w.message])).toEqual(
      [
        ["P2", "12"],
        ["P3", "45"],
        ["P4", "3"],
      ].map(([reference, extension]) => [
        reference,
        "customer.phone",
        `お届け先電話番号の内線（${extension}）は佐川急便（e飛伝Ⅲ）の電話番号の欄に書けないため、番号だけを出力しました。`,
      ]),
    );
  });

  it("still holds a number that is no phone", () => {
    const result = exportFile("sagawa_ehiden3", [order("P9", "12345")], { today: TODAY });
    expect(result.included).toEqual([]);
    expect(result.excluded[0]!.reasons[0]!.field).toBe("customer.phone");
  });
});
