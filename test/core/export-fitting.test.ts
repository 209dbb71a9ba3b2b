import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { parseCsv } from "../../core/src/carriers/csv/csv";
import {
  type ExportFormat,
  type ExportOrder,
  type ExportRecipient,
  type ExportResult,
  exportFile,
  exportFormats,
} from "../../core/src/carriers/csv/index";
import { JapanPostDelivery, SagawaDelivery, YamatoDelivery } from "../../core/src/shared/delivery";
import { sjisByteLength } from "../../core/src/shared/text";
import { exportRecipient, exportSender, longNameRecipients } from "../support/carrier-files";

/**
 * Issue 24 point 3, "fitting, not refusing": what a careful exporter writes instead of
 * refusing the row (names carried on from 名称１ into 名称２, postal codes with debris, a
 * phone's extension in the layout's own place), and what still cannot fit held with a
 * reason naming the columns and their width. Nothing is left out without a warning.
 */

const TODAY = "2026-06-03";

interface Wanted {
  recipient?: Partial<ExportRecipient>;
  sender?: Partial<ReturnType<typeof exportSender>>;
  orderNumber?: string;
  handling?: [string, string];
}

const base = (reference: string, wanted: Wanted) => ({
  reference,
  orderNumber: wanted.orderNumber ?? `#${reference}`,
  recipient: exportRecipient(wanted.recipient),
  sender: exportSender(wanted.sender),
  lineItems: [{ name: "宇治抹茶", quantity: 1 }],
});
const items = (wanted: Wanted) => ({
  item_name: "宇治抹茶",
  handling1: wanted.handling?.[0] ?? "",
  handling2: wanted.handling?.[1] ?? "",
});

function exportOne(format: ExportFormat, wanted: Wanted[]): ExportResult {
  const refs = wanted.map((_, i) => `F${i + 1}`);
  switch (format) {
    case "yamato_b2":
      return exportFile(
        format,
        wanted.map(
          (w, i): ExportOrder<"yamato_b2"> => ({
            ...base(refs[i]!, w),
            delivery: YamatoDelivery.parse({ service_type: "0", ...items(w) }),
            account: { customerCode: "012345678901" },
          }),
        ),
        { today: TODAY },
      );
    case "sagawa_ehiden3":
      return exportFile(
        format,
        wanted.map(
          (w, i): ExportOrder<"sagawa_ehiden3"> => ({
            ...base(refs[i]!, w),
            delivery: SagawaDelivery.parse({ service_type: "000", ...items(w) }),
            account: { customerCode: "123456789012" },
          }),
        ),
        { today: TODAY },
      );
    case "japan_post_yuprir":
      return exportFile(
        format,
        wanted.map(
          (w, i): ExportOrder<"japan_post_yuprir"> => ({
            ...base(refs[i]!, w),
            delivery: JapanPostDelivery.parse({ payment_type: "0", ...items(w) }),
            account: { formCodes: { "0": "1100780" } },
          }),
        ),
        { today: TODAY },
      );
    case "clickpost":
      return exportFile(
        format,
        wanted.map(
          (w, i): ExportOrder<"clickpost"> => ({
            ...base(refs[i]!, w),
            delivery: JapanPostDelivery.parse({ payment_type: "0", ...items(w) }),
          }),
        ),
        { today: TODAY },
      );
  }
}

/** Data rows read back as CP932, cells by 1-based column number. */
function rows(result: ExportResult): ((no: number) => string)[] {
  return parseCsv(iconv.decode(Buffer.from(result.bytes), "cp932"))
    .slice(1)
    .map(
      ({ cells }) =>
        (no: number) =>
          cells[no - 1]!,
    );
}

const reasonsOf = (result: ExportResult) =>
  result.excluded.flatMap((e) => e.reasons.map((r) => [e.reference, r.field, r.message]));

describe("名称１ carrying on into 名称２", () => {
  it("e飛伝Ⅲ continues a company too long for 名称１ into 名称２ with the person, for both parties", () => {
    const result = exportOne("sagawa_ehiden3", [
      {
        recipient: longNameRecipients.kyotoCompany,
        sender: { company: "京都烏丸御池メディカルサービス株式会社", name: "オクル商店" },
      },
    ]);
    expect(result.excluded).toEqual([]);
    const [row] = rows(result);
    // Split where katakana meets kanji, inside 32 bytes; the person stays whole.
    expect([row!(8), row!(9)]).toEqual(["京都烏丸御池メディカルサービス", "株式会社 京田 都子"]);
    expect([row!(22), row!(23)]).toEqual(["京都烏丸御池メディカルサービス", "株式会社 オクル商店"]);
    for (const no of [8, 9, 22, 23]) expect(sjisByteLength(row!(no))).toBeLessThanOrEqual(32);
  });

  it("ゆうプリR continues a 60-byte company into 名称２, followed by the person", () => {
    const result = exportOne("japan_post_yuprir", [{ recipient: longNameRecipients.kyotoLongCompany }]);
    expect(result.excluded).toEqual([]);
    const [row] = rows(result);
    expect([row!(17), row!(18)]).toEqual([
      "京都烏丸御池メディカルサービス",
      "株式会社中京営業所総務部経理課 京田 都子",
    ]);
    for (const no of [17, 18]) expect(sjisByteLength(row!(no))).toBeLessThanOrEqual(50);
  });

  it("B2 continues a long company in 会社・部門名2, its own second column", () => {
    const result = exportOne("yamato_b2", [{ recipient: longNameRecipients.kyotoLongCompany }]);
    expect(result.excluded).toEqual([]);
    const [row] = rows(result);
    expect([row!(14), row!(15), row!(16)]).toEqual([
      "京都烏丸御池メディカルサービス",
      "株式会社中京営業所総務部経理課",
      "京田 都子",
    ]);
  });

  it("holds what cannot fit at all with a reason naming the columns and their width", () => {
    const sagawa = exportOne("sagawa_ehiden3", [{ recipient: longNameRecipients.kyotoLongCompany }]);
    expect(reasonsOf(sagawa)).toEqual([
      [
        "F1",
        "customer.name",
        "お届け先名（会社名・名前）が佐川急便（e飛伝Ⅲ）のお届け先名称１・２（各全角16文字・半角32文字×2欄）に収まりません。短くしてください。",
      ],
    ]);
    const tooLong = `${longNameRecipients.kyotoLongCompany.company}烏丸御池メディカルビルディング分室`;
    const yuprir = exportOne("japan_post_yuprir", [{ sender: { company: tooLong } }]);
    expect(reasonsOf(yuprir)).toEqual([
      [
        "F1",
        "sender.name",
        "ご依頼主名（会社名・名前）が日本郵便（ゆうプリR）のご依頼主名称１・２（各全角25文字・半角50文字×2欄）に収まりません。短くしてください。",
      ],
    ]);
  });
});

describe("postal codes as typed", () => {
  const typed = ["〒６０４−８５７１", "604-8571 🏠", "〒 604 8571", "６０４ー８５７１（京都市中京区）"];
  const postalColumn: Record<ExportFormat, number> = {
    yamato_b2: 11,
    sagawa_ehiden3: 4,
    japan_post_yuprir: 13,
    clickpost: 1,
  };

  it.each(exportFormats)(
    "%s writes 〒, full-width digits and debris around 7 digits as 123-4567",
    (format) => {
      const result = exportOne(
        format,
        typed.map((postalCode) => ({ recipient: { postalCode }, sender: { postalCode: "〒150-0002 🏢" } })),
      );
      expect(result.excluded).toEqual([]);
      const written = rows(result);
      expect(written.map((row) => row(postalColumn[format]))).toEqual(typed.map(() => "604-8571"));
    },
  );

  it.each(exportFormats)("%s holds a postal code that is not 7 digits, with a reason", (format) => {
    const result = exportOne(format, [
      { recipient: { postalCode: "60485" } },
      { recipient: { postalCode: "604-85711" } },
      { recipient: { postalCode: "〒🏠" } },
    ]);
    expect(result.included).toEqual([]);
    expect(reasonsOf(result)).toEqual(
      [
        ["F1", "60485"],
        ["F2", "604-85711"],
        ["F3", "〒🏠"],
      ].map(([reference, value]) => [
        reference,
        "customer.postalCode",
        `お届け先郵便番号（${value}）から7桁の郵便番号を読み取れません。郵便番号を確認してください。`,
      ]),
    );
  });
});

describe("a phone's extension in the layout's own place", () => {
  it("B2 writes an extension of up to 2 digits in 電話番号枝番, for both parties, with a warning", () => {
    const result = exportOne("yamato_b2", [
      { recipient: { phone: "075-123-4567 内線12" }, sender: { phone: "03-1234-5678 (ext. 3)" } },
      { recipient: { phone: "075-123-4567 内線123" } },
    ]);
    expect(result.excluded).toEqual([]);
    const [short, long] = rows(result);
    expect([short!(9), short!(10), short!(20), short!(21)]).toEqual([
      "075-123-4567",
      "12",
      "03-1234-5678",
      "3",
    ]);
    // 枝番 holds 2 digits: a longer extension is left out, as before.
    expect([long!(9), long!(10)]).toEqual(["075-123-4567", ""]);
    expect(result.warnings.map((w) => [w.reference, w.field, w.message])).toEqual([
      [
        "F1",
        "customer.phone",
        "お届け先電話番号の内線（12）はヤマト運輸（B2クラウド）の電話番号の欄に書けないため、電話番号枝番に出力しました。",
      ],
      [
        "F1",
        "sender.phone",
        "ご依頼主電話番号の内線（3）はヤマト運輸（B2クラウド）の電話番号の欄に書けないため、電話番号枝番に出力しました。",
      ],
      [
        "F2",
        "customer.phone",
        "お届け先電話番号の内線（123）はヤマト運輸（B2クラウド）の電話番号の欄に書けないため、番号だけを出力しました。",
      ],
    ]);
  });

  it("ゆうプリR prints the extension as a 記事名 line while one is free", () => {
    const result = exportOne("japan_post_yuprir", [
      { recipient: { phone: "075-123-4567 内線123" }, handling: ["要冷暗所", ""] },
      { recipient: { phone: "075-123-4567 内線123" }, handling: ["要冷暗所", "手渡し希望"] },
    ]);
    expect(result.excluded).toEqual([]);
    const [free, full] = rows(result);
    expect([free!(20), free!(73), free!(74)]).toEqual(["075-123-4567", "要冷暗所", "お届け先電話 内線123"]);
    expect([full!(20), full!(73), full!(74)]).toEqual(["075-123-4567", "要冷暗所", "手渡し希望"]);
    expect(result.warnings.map((w) => [w.reference, w.message])).toEqual([
      [
        "F1",
        "お届け先電話番号の内線（123）は日本郵便（ゆうプリR）の電話番号の欄に書けないため、記事名２に出力しました。",
      ],
      [
        "F2",
        "お届け先電話番号の内線（123）は日本郵便（ゆうプリR）の電話番号の欄に書けないため、番号だけを出力しました。",
      ],
    ]);
  });
});

describe("nothing left out silently", () => {
  it("B2 warns when the kana name or the order number cannot be written", () => {
    const result = exportOne("yamato_b2", [
      { recipient: { nameKana: "山田 タロウ" }, orderNumber: "EC-2026-0001" },
      { recipient: { nameKana: "ア".repeat(51) }, orderNumber: `#${"9".repeat(21)}` },
    ]);
    expect(result.excluded).toEqual([]);
    for (const row of rows(result)) expect([row(17), row(78)]).toEqual(["", ""]);
    expect(result.warnings.map((w) => [w.reference, w.field])).toEqual([
      ["F1", "customer.nameKana"],
      ["F1", "orderNumber"],
      ["F2", "customer.nameKana"],
      ["F2", "orderNumber"],
    ]);
    expect(result.warnings[2]!.message).toContain("半角50文字");
    expect(result.warnings[3]!.message).toContain("半角英数字20文字");
  });

  it("ゆうプリR warns when the order number does not fit 受注番号", () => {
    const result = exportOne("japan_post_yuprir", [{ orderNumber: `#${"9".repeat(30)}` }]);
    expect(result.excluded).toEqual([]);
    expect(rows(result)[0]!(54)).toBe("");
    expect(result.warnings.map((w) => [w.field, w.message])).toEqual([
      [
        "orderNumber",
        `注文番号（#${"9".repeat(30)}）は日本郵便（ゆうプリR）の受注番号の欄（半角英数記号30文字まで）に書けないため、出力しませんでした。`,
      ],
    ]);
  });
});
