import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { clickpost } from "../../core/src/carriers/csv/clickpost";
import { parseCsv } from "../../core/src/carriers/csv/csv";
import {
  type ExportFormat,
  type ExportOrder,
  type ExportRecipient,
  type ExportResult,
  exportFile,
  exportFormats,
  formatColumns,
} from "../../core/src/carriers/csv/index";
import { japanPostYuprir } from "../../core/src/carriers/csv/japan-post-yuprir";
import { splitLines } from "../../core/src/carriers/csv/lines";
import { sagawaEhiden3 } from "../../core/src/carriers/csv/sagawa-ehiden3";
import { yamatoB2 } from "../../core/src/carriers/csv/yamato-b2";
import {
  outsideJisX0208,
  toFullWidthKana,
  toHalfWidthKana,
  unencodableCharacters,
} from "../../core/src/carriers/text";
import type { NeutralTimeSlot as TimeSlot } from "../../core/src/shared/delivery";
import { sjisByteLength } from "../../core/src/shared/text";
import {
  exportRecipient,
  exportSender,
  longAddressRecipients,
  longNameRecipients,
} from "../support/carrier-files";

/**
 * Golden files: the exact bytes each format writes for orders with the hard cases.
 * `UPDATE_GOLDEN=1 npx vitest run test/core/carrier-export.test.ts` rewrites them;
 * read a rewritten file decoded (iconv -f CP932 -t UTF-8) before committing it.
 */
const goldenDir = resolve(import.meta.dirname, "../fixtures/carrier-files");
const TODAY = "2026-06-03";

const sender = exportSender();

/** Each format's columns with the byte limits the layouts give (docs/carriers.md). */
const layouts: Record<ExportFormat, { no: number; header: string; maxBytes?: number }[]> = {
  yamato_b2: yamatoB2.columns,
  sagawa_ehiden3: sagawaEhiden3.columns,
  japan_post_yuprir: japanPostYuprir.columns,
  clickpost: clickpost.columns,
};
const person = exportRecipient;

const jisHardCase = person({
  name: "髙橋 﨑子",
  nameKana: "たかはし さきこ",
  company: "㈱テスト商事",
  postalCode: "210-0001",
  prefecture: "神奈川県",
  city: "川崎市川崎区",
  address1: "吉野町1-2",
  address2: "①号棟 101",
  phone: "044-200-1234",
});

/** One order in carrier-neutral terms; each format's delivery is derived from it. */
interface Case {
  reference: string;
  recipient: ExportRecipient;
  slot?: TimeSlot;
  date?: string;
  ship?: string;
  cool?: "chilled" | "frozen";
  cod?: number;
  handling?: [string, string];
  item?: string;
}

const cases: Case[] = [
  { reference: "A0001", recipient: person({ nameKana: "ヤマダ タロウ" }) },
  {
    // Extension kanji and NEC specials, which CP932 holds: B2 holds the order for 髙 and 﨑
    // (JIS X 0208 only) until the merchant takes the offered 高 and 崎; the others write them.
    reference: "A0002",
    recipient: jisHardCase,
    slot: "0900",
  },
  {
    // Full-width digits, U+2212 and ー between digits, NBSP, full-width space.
    reference: "A0003",
    recipient: person({
      name: "鈴木\u00A0一郎",
      nameKana: "",
      postalCode: "１００－０００５",
      city: "千代田区",
      address1: "丸の内２\u2212７ー２",
      address2: "ＪＰタワー　２０階",
      phone: "０９０ー１２３４\u2212５６７８",
    }),
    slot: "1400",
  },
  { reference: "A0004", recipient: person({ name: "佐藤 花子🌸" }) },
  {
    reference: "A0005",
    recipient: person(longAddressRecipients.kyoto),
    slot: "1600",
  },
  {
    // Company + department over two lines, a long Hokkaido address with the building split.
    reference: "A0006",
    recipient: person(longAddressRecipients.hokkaidoCompany),
    slot: "1800",
  },
  {
    reference: "A0007",
    recipient: person({ name: "寿限無寿限無五劫の擦り切れ海砂利水魚の水行" }),
    slot: "1900",
  },
  { reference: "A0008", recipient: person({ name: "代引 払子" }), cod: 12800 },
  { reference: "A0009", recipient: person({ name: "冷蔵 ひえ子" }), cool: "chilled", date: "2026-06-05" },
  {
    reference: "A0010",
    recipient: person({ name: "冷凍 こおる" }),
    cool: "frozen",
    date: "2026-06-06",
    slot: "1900",
  },
  { reference: "A0011", recipient: person({ name: "昼 十二" }), slot: "1200" },
  { reference: "A0012", recipient: person({ name: "日付 違子" }), date: "2026-02-30" },
  {
    reference: "A0013",
    recipient: person({ name: "ﾔﾏﾀﾞ ﾊﾅｺ", nameKana: "ﾔﾏﾀﾞ ﾊﾅｺ", phone: "+81 90-1111-2222" }),
    handling: ["ワレモノ注意", "天地無用"],
    ship: "2026-06-04",
  },
  // Issue 24 point 3: names that carry on into 名称２, postal-code debris, a phone extension.
  { reference: "A0014", recipient: person(longNameRecipients.kyotoCompany) },
  { reference: "A0015", recipient: person(longNameRecipients.kyotoLongCompany) },
  { reference: "A0016", recipient: person({ postalCode: "〒６０４−８５７１" }) },
  { reference: "A0017", recipient: person({ postalCode: "604-8571 🏠" }) },
  { reference: "A0018", recipient: person({ postalCode: "60485" }) },
  { reference: "A0019", recipient: person({ phone: "075-123-4567 内線12" }) },
  // A0002 once the merchant took the replacement offered for B2 (高橋 崎子): B2 writes ① and ㈱
  // by their compatibility forms without a word, since they print the same.
  {
    reference: "A0020",
    recipient: { ...jisHardCase, name: "高橋 崎子" },
    slot: "0900",
  },
  // Characters CP932 has no code for: held everywhere, the replacement only offered on the order.
  { reference: "A0021", recipient: person({ name: "森 鷗外", address1: "𠮷野町1-2" }) },
];

const common = (c: Case) => ({
  ship_date: c.ship ?? null,
  delivery_date: c.date ?? null,
  time_slot: c.slot ?? ("" as TimeSlot),
  parcels: 1,
  item_name: c.item ?? "衣類",
  handling1: c.handling?.[0] ?? "",
  handling2: c.handling?.[1] ?? "",
  cod_amount: c.cod ?? null,
});

const base = (c: Case) => ({
  reference: c.reference,
  orderNumber: `#${c.reference.slice(1)}`,
  recipient: c.recipient,
  sender,
  lineItems: [
    { name: "Tシャツ", quantity: 2 },
    { name: "靴下", quantity: 1 },
  ],
});

const yamatoOrder = (c: Case): ExportOrder<"yamato_b2"> => ({
  ...base(c),
  delivery: {
    ...common(c),
    service_type: c.cod ? "2" : "0",
    // Yamato クール区分: 1 frozen, 2 chilled (docs/carriers.md#cool-and-payment-codes).
    cool_type: c.cool === "frozen" ? "1" : c.cool === "chilled" ? "2" : "0",
  },
  account: { customerCode: "012345678901" },
});
const sagawaOrder = (c: Case): ExportOrder<"sagawa_ehiden3"> => ({
  ...base(c),
  delivery: { ...common(c), service_type: "000", cool_type: c.cool === "frozen" ? "2" : c.cool ? "1" : "0" },
  account: { customerCode: "123456789012", collectPayment: "any" },
});
const yuprirOrder = (c: Case): ExportOrder<"japan_post_yuprir"> => ({
  ...base(c),
  delivery: {
    ...common(c),
    payment_type: c.cod ? "2" : "0",
    cool_type: c.cool === "frozen" ? "2" : c.cool ? "1" : "0",
  },
  account: { formCodes: { "0": "1100780", "2": "1100740" } },
});
/** クリックポスト orders come without a time slot; dates and handling become warnings, cool and COD are refused. */
const clickpostOrder = (c: Case): ExportOrder<"clickpost"> => ({
  ...base(c),
  delivery: { ...common(c), time_slot: "", payment_type: c.cod ? "2" : "0", cool_type: c.cool ? "1" : "0" },
});

const ordersFor = {
  yamato_b2: () => cases.map(yamatoOrder),
  sagawa_ehiden3: () => cases.map(sagawaOrder),
  japan_post_yuprir: () => cases.map(yuprirOrder),
  clickpost: () => cases.map(clickpostOrder),
};

function run(format: ExportFormat): ExportResult {
  switch (format) {
    case "yamato_b2":
      return exportFile(format, ordersFor.yamato_b2(), { today: TODAY });
    case "sagawa_ehiden3":
      return exportFile(format, ordersFor.sagawa_ehiden3(), { today: TODAY });
    case "japan_post_yuprir":
      return exportFile(format, ordersFor.japan_post_yuprir(), { today: TODAY });
    case "clickpost":
      return exportFile(format, ordersFor.clickpost(), { today: TODAY });
  }
}

/** The data rows as cells, keyed by the first cell that is a reference (or by row order for クリックポスト). */
function table(result: ExportResult): string[][] {
  const text = new TextDecoder("shift_jis", { fatal: true }).decode(result.bytes);
  return parseCsv(text).map((r) => r.cells);
}

function rowOf(format: ExportFormat, result: ExportResult, reference: string): string[] {
  const refColumn = { yamato_b2: 1, sagawa_ehiden3: 10, japan_post_yuprir: 1, clickpost: 0 }[format];
  const rows = table(result).slice(1);
  const row =
    refColumn === 0
      ? rows[result.included.indexOf(reference)]
      : rows.find((r) => r[refColumn - 1] === reference);
  if (!row) throw new Error(`${reference} is not in the ${format} file`);
  return row;
}

/** Cell by 1-based column number, as the carriers' layouts (docs/carriers.md) number them. */
const col = (row: string[], no: number) => row[no - 1];

/** The format's file for the cases, and its row for a reference. */
function fileOf(format: ExportFormat) {
  const result = run(format);
  return { result, row: (ref: string) => rowOf(format, result, ref) };
}

const excludedFields = (result: ExportResult) =>
  Object.fromEntries(result.excluded.map((e) => [e.reference, e.reasons.map((r) => r.field)]));

describe("golden files", () => {
  const expectedColumns: Record<ExportFormat, number> = {
    yamato_b2: 97,
    sagawa_ehiden3: 74,
    japan_post_yuprir: 117,
    clickpost: 8,
  };

  it.each(exportFormats)("%s matches its golden file byte for byte", (format) => {
    const result = run(format);
    const path = join(goldenDir, `${format}.csv`);
    if (process.env.UPDATE_GOLDEN === "1" || !existsSync(path)) {
      mkdirSync(goldenDir, { recursive: true });
      writeFileSync(path, result.bytes);
      if (process.env.UPDATE_GOLDEN !== "1")
        throw new Error(`golden file ${path} was missing and has been written`);
    }
    expect(Buffer.from(result.bytes).equals(readFileSync(path))).toBe(true);
  });

  it.each(exportFormats)("%s decodes as strict CP932, CRLF only, every row the layout's width", (format) => {
    const { bytes } = run(format);
    const strict = new TextDecoder("shift_jis", { fatal: true }).decode(bytes);
    expect(strict).toBe(iconv.decode(Buffer.from(bytes), "cp932"));
    expect(unencodableCharacters(strict)).toEqual([]);
    expect(strict.endsWith("\r\n")).toBe(true);
    expect(strict.replaceAll("\r\n", "")).not.toMatch(/[\r\n]/);
    const rows = parseCsv(strict);
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) expect(row.cells).toHaveLength(expectedColumns[format]);
    expect(rows[0]!.cells).toEqual(formatColumns[format].map((c) => c.header));
  });

  it.each(exportFormats)("%s read back as CP932 keeps every cell within its column's bytes", (format) => {
    const rows = parseCsv(iconv.decode(Buffer.from(run(format).bytes), "cp932")).slice(1);
    const over = rows.flatMap(({ cells }) =>
      layouts[format].flatMap(({ no, header, maxBytes }) => {
        const cell = cells[no - 1]!;
        return maxBytes !== undefined && sjisByteLength(cell) > maxBytes ? [`${header}: ${cell}`] : [];
      }),
    );
    expect(over).toEqual([]);
    expect(rows.flatMap((r) => r.cells).filter((cell) => cell.includes("?"))).toEqual([]);
  });

  it("writes only JIS X 0208 into the Yamato file", () => {
    const text = iconv.decode(Buffer.from(run("yamato_b2").bytes), "cp932");
    expect(outsideJisX0208(text)).toEqual([]);
  });

  it("leaves out exactly the orders that cannot be fitted, with their fields", () => {
    // A postal code of 5 digits (A0018) and characters CP932 has no code for (A0021) are held
    // everywhere; B2 also holds 髙 and 﨑 (A0002), outside JIS X 0208.
    expect(excludedFields(run("yamato_b2"))).toEqual({
      A0002: ["customer.name"],
      A0004: ["customer.name"],
      A0007: ["customer.name"],
      A0011: ["delivery.time_slot"],
      A0012: ["delivery.delivery_date"],
      A0018: ["customer.postalCode"],
      A0021: ["customer.address1", "customer.name"],
    });
    // e飛伝Ⅲ's 名称１・２ take the 21-character name over two columns (A0007), but not a
    // 60-byte company with the person (A0015).
    expect(excludedFields(run("sagawa_ehiden3"))).toEqual({
      A0004: ["customer.name"],
      A0012: ["delivery.delivery_date"],
      A0015: ["customer.name"],
      A0018: ["customer.postalCode"],
      A0021: ["customer.address1", "customer.name"],
    });
    // ゆうプリR's names hold 50 bytes, so the 21-character name fits.
    expect(excludedFields(run("japan_post_yuprir"))).toEqual({
      A0004: ["customer.name"],
      A0012: ["delivery.delivery_date"],
      A0018: ["customer.postalCode"],
      A0021: ["customer.address1", "customer.name"],
    });
    // クリックポスト drops the date and 荷扱い it cannot carry (A0012, A0013) with a warning instead.
    expect(excludedFields(run("clickpost"))).toEqual({
      A0004: ["customer.name"],
      A0007: ["customer.name"],
      A0008: ["delivery.cod_amount"],
      A0009: ["delivery.cool_type"],
      A0010: ["delivery.cool_type"],
      A0018: ["customer.postalCode"],
      A0021: ["customer.name", "customer.address1"],
    });
  });

  it("gives the merchant reasons in Japanese that name the problem", () => {
    const yamato = run("yamato_b2");
    const reason = (ref: string) => yamato.excluded.find((e) => e.reference === ref)!.reasons[0]!.message;
    expect(reason("A0004")).toContain("🌸");
    expect(reason("A0007")).toMatch(/お届け先名.*全角16文字/);
    expect(reason("A0011")).toContain("12時〜14時");
    expect(reason("A0012")).toContain("存在しない日付");
    expect(yamato.filename).toBe("yamato_b2_20260603.csv");
  });

  it("holds 髙 and 﨑 in a B2 file with the field and the JIS rule, not written as 高 and 崎", () => {
    const held = run("yamato_b2").excluded.find((e) => e.reference === "A0002")!;
    expect(held.reasons).toEqual([
      {
        field: "customer.name",
        message:
          "お届け先名にヤマト運輸（B2クラウド）で使えないJIS第1・第2水準以外の文字（髙﨑）があります。別の文字に置き換えてください。",
      },
    ]);
  });

  it.each([
    ["yamato_b2", "お届け先住所", "お届け先名", "ヤマト運輸（B2クラウド）"],
    ["sagawa_ehiden3", "お届け先住所", "お届け先名（会社名・名前）", "佐川急便（e飛伝Ⅲ）"],
    ["japan_post_yuprir", "お届け先住所", "お届け先名（会社名・名前）", "日本郵便（ゆうプリR）"],
    ["clickpost", "お届け先住所（会社名を含む）", "お届け先氏名", "クリックポスト"],
  ] as const)(
    "%s holds 鷗 and 𠮷 with the field they are in, not written as 鴎 and 吉",
    (format, address, name, carrier) => {
      const held = run(format).excluded.find((e) => e.reference === "A0021")!;
      const unwritable = (label: string, ch: string) =>
        `${label}に${carrier}のファイルに書けない文字（${ch}）があります。別の文字に置き換えてください。`;
      expect(held.reasons).toEqual(
        expect.arrayContaining([
          { field: "customer.address1", message: unwritable(address, "𠮷") },
          { field: "customer.name", message: unwritable(name, "鷗") },
        ]),
      );
      expect(held.reasons).toHaveLength(2);
    },
  );

  it.each(["sagawa_ehiden3", "japan_post_yuprir", "clickpost"] as const)(
    "%s writes 髙 and 﨑 as they are, since CP932 holds them",
    (format) => {
      const result = run(format);
      expect(result.included).toContain("A0002");
      expect(iconv.decode(Buffer.from(result.bytes), "cp932")).toContain("髙橋 﨑子");
    },
  );
});

describe("time slots", () => {
  // Each case's slot in the format's column for it, by reference (A0001 has none).
  it.each([
    // Every slot Yamato has (docs/carriers.md#time-slot-mapping).
    {
      format: "yamato_b2",
      column: 7,
      slots: { A0001: "", A0020: "0812", A0003: "1416", A0005: "1618", A0006: "1820", A0010: "1921" },
    },
    // The 6-slot codes (docs/carriers.md#sagawa-time-slots).
    {
      format: "sagawa_ehiden3",
      column: 46,
      slots: { A0001: "", A0002: "01", A0011: "12", A0003: "14", A0005: "16", A0006: "18", A0010: "19" },
    },
    // 配達時間帯区分 (docs/carriers.md#japan-post-time-slots).
    {
      format: "japan_post_yuprir",
      column: 66,
      slots: { A0001: "00", A0002: "51", A0011: "52", A0003: "53", A0005: "54", A0006: "55", A0007: "57" },
    },
  ] as const)("$format maps every time slot to its code in column $column", ({ format, column, slots }) => {
    const { row } = fileOf(format);
    expect(Object.fromEntries(Object.keys(slots).map((r) => [r, col(row(r), column)]))).toEqual(slots);
  });
});

describe("B2クラウド columns", () => {
  const { row } = fileOf("yamato_b2");

  it("writes dates as YYYY/MM/DD", () => {
    expect(col(row("A0001"), 5)).toBe("2026/06/03");
    expect(col(row("A0013"), 5)).toBe("2026/06/04");
    expect(col(row("A0010"), 6)).toBe("2026/06/06");
  });

  it("writes 送り状種類, クール区分 and コレクト with its tax", () => {
    expect([col(row("A0001"), 2), col(row("A0001"), 3)]).toEqual(["0", "0"]);
    expect(col(row("A0009"), 3)).toBe("2");
    expect(col(row("A0010"), 3)).toBe("1");
    const cod = row("A0008");
    expect([col(cod, 2), col(cod, 34), col(cod, 35)]).toEqual(["2", "12800", "1163"]);
    expect([col(cod, 40), col(cod, 42)]).toEqual(["012345678901", "01"]);
  });

  it("writes ① and ㈱ by their compatibility forms once the name is in JIS level 1/2", () => {
    const r = row("A0020");
    expect(col(r, 16)).toBe("高橋 崎子");
    expect(col(r, 14)).toBe("(株)テスト商事");
    expect(col(r, 12)).toBe("神奈川県川崎市川崎区吉野町1-2");
    expect(col(r, 13)).toBe("1号棟 101");
    expect(col(r, 17)).toBe("ﾀｶﾊｼ ｻｷｺ");
  });

  it("converts widths in postal codes, phones and addresses", () => {
    const r = row("A0003");
    expect(col(r, 11)).toBe("100-0005");
    expect(col(r, 9)).toBe("090-1234-5678");
    expect(col(r, 12)).toBe("東京都千代田区丸の内2-7-2");
    expect(col(r, 13)).toBe("JPタワー 20階");
    expect(col(r, 16)).toBe("鈴木 一郎");
    expect(col(row("A0013"), 16)).toBe("ヤマダ ハナコ");
    expect(col(row("A0013"), 9)).toBe("090-1111-2222");
  });

  it("splits long addresses at a word boundary, company + department in 会社・部門名", () => {
    const kyoto = row("A0005");
    expect([col(kyoto, 12), col(kyoto, 13)]).toEqual([
      "京都府京都市中京区烏丸通三条上る場之町602番地の1 烏丸御池",
      "メディカルビルディング5階",
    ]);
    const hokkaido = row("A0006");
    expect(col(hokkaido, 12)).toBe("北海道札幌市中央区北三条西四丁目1番地1 日本生命札幌ビル");
    expect(col(hokkaido, 13)).toBe("12階");
    expect([col(hokkaido, 14), col(hokkaido, 15)]).toEqual(["株式会社オクル物流 第二営業部 配送課", ""]);
    for (const r of [kyoto, hokkaido]) {
      expect(sjisByteLength(col(r, 12)!)).toBeLessThanOrEqual(64);
      expect(sjisByteLength(col(r, 13)!)).toBeLessThanOrEqual(32);
    }
  });

  it("writes the sender from the brand and the reference as a 検索キー", () => {
    const r = row("A0001");
    expect([col(r, 20), col(r, 22), col(r, 23), col(r, 24), col(r, 25)]).toEqual([
      "03-1234-5678",
      "150-0002",
      "東京都渋谷区渋谷2-21-1",
      "渋谷ヒカリエ8階",
      "株式会社オクル オクル商店",
    ]);
    expect([col(r, 28), col(r, 75), col(r, 76), col(r, 77), col(r, 78)]).toEqual([
      "衣類",
      "管理番号",
      "A0001",
      "注文番号",
      "0001",
    ]);
    expect([col(row("A0013"), 31), col(row("A0013"), 32)]).toEqual(["ワレモノ注意", "天地無用"]);
  });

  it("refuses what B2 cannot take for a service type", () => {
    const c = cases[0]!;
    const order = yamatoOrder(c);
    const result = exportFile(
      "yamato_b2",
      [
        { ...order, reference: "B1", delivery: { ...order.delivery, service_type: "8", cool_type: "1" } },
        { ...order, reference: "B2", delivery: { ...order.delivery, service_type: "4", time_slot: "0900" } },
        { ...order, reference: "B3", delivery: { ...order.delivery, service_type: "9", cod_amount: 30_001 } },
        { ...order, reference: "B4", account: { customerCode: "12-34" } },
        {
          ...order,
          reference: "B5",
          delivery: { ...order.delivery, service_type: "5" },
          account: { customerCode: "" },
        },
        { ...order, reference: "B6", delivery: { ...order.delivery, service_type: "6", parcels: 3 } },
      ],
      { today: TODAY },
    );
    expect(excludedFields(result)).toEqual({
      B1: ["delivery.cool_type"],
      B2: ["delivery.time_slot"],
      B3: ["delivery.cod_amount"],
      B4: ["account.customerCode"],
    });
    // 着払 is billed to the recipient: no customer code (docs/carriers.md#yamato-b2-layout column 40).
    const collect = rowOf("yamato_b2", result, "B5");
    expect([col(collect, 2), col(collect, 40), col(collect, 42)]).toEqual(["5", "", ""]);
    const multi = rowOf("yamato_b2", result, "B6");
    expect([col(multi, 38), col(multi, 39), col(multi, 74)]).toEqual(["3", "3", "B6"]);
  });
});

describe("e飛伝Ⅲ columns", () => {
  const { result, row } = fileOf("sagawa_ehiden3");

  it("puts Sagawa's time seal with a time slot", () => {
    expect(col(row("A0002"), 52)).toBe("019");
    // A date alone gets the 指定日 seal.
    expect([col(row("A0009"), 45), col(row("A0009"), 52)]).toEqual(["20260605", "005"]);
  });

  it("writes cool, COD, seals for handling and the default columns", () => {
    expect([col(row("A0001"), 44), col(row("A0009"), 44), col(row("A0010"), 44)]).toEqual([
      "001",
      "002",
      "003",
    ]);
    const cod = row("A0008");
    expect([col(cod, 48), col(cod, 49), col(cod, 50), col(cod, 52)]).toEqual(["12800", "1163", "1", "010"]);
    const handled = row("A0013");
    expect([col(handled, 52), col(handled, 53), col(handled, 26)]).toEqual(["011", "013", ""]);
    const plain = row("A0001");
    expect([
      col(plain, 42),
      col(plain, 43),
      col(plain, 55),
      col(plain, 56),
      col(plain, 58),
      col(plain, 61),
    ]).toEqual(["1", "000", "0", "0", "1", "20260603"]);
    expect(col(plain, 11)).toBe("123456789012");
  });

  it("keeps what CP932 holds (髙, 﨑, ①, ㈱) and splits addresses into 32-byte lines", () => {
    const r = row("A0002");
    expect([col(r, 8), col(r, 9)]).toEqual(["㈱テスト商事", "髙橋 﨑子"]);
    expect(col(r, 5)).toBe("神奈川県川崎市川崎区吉野町1-2");
    expect(col(r, 6)).toBe("①号棟 101");
    const kyoto = row("A0005");
    expect([col(kyoto, 5), col(kyoto, 6), col(kyoto, 7)]).toEqual([
      "京都府京都市中京区烏丸通三条上る",
      "場之町602番地の1 烏丸御池",
      "メディカルビルディング5階",
    ]);
    const hokkaido = row("A0006");
    expect([col(hokkaido, 8), col(hokkaido, 9)]).toEqual([
      "株式会社オクル物流 第二営業部",
      "配送課 田中 次郎",
    ]);
    for (const line of [5, 6, 7, 8, 9, 20, 21, 22, 23]) {
      for (const ref of result.included) expect(sjisByteLength(col(row(ref), line)!)).toBeLessThanOrEqual(32);
    }
  });
});

describe("ゆうプリR columns", () => {
  const { row } = fileOf("japan_post_yuprir");

  it("writes dates as YYYYMMDD", () => {
    expect([col(row("A0010"), 2), col(row("A0010"), 65)]).toEqual(["20260603", "20260606"]);
  });

  it("writes 保冷種別, 元／着払／代引 with its form code and the COD amount", () => {
    expect([col(row("A0009"), 7), col(row("A0010"), 7)]).toEqual(["1", "2"]);
    const cod = row("A0008");
    expect([col(cod, 8), col(cod, 11), col(cod, 99), col(cod, 100)]).toEqual([
      "2",
      "1100740",
      "12800",
      "1163",
    ]);
    expect([col(row("A0001"), 8), col(row("A0001"), 11)]).toEqual(["0", "1100780"]);
  });

  it("puts prefecture and city on line 1 and fits a 21-character name into 50 bytes", () => {
    const kyoto = row("A0005");
    expect([col(kyoto, 14), col(kyoto, 15), col(kyoto, 16)]).toEqual([
      "京都府京都市中京区",
      "烏丸通三条上る場之町602番地の1",
      "烏丸御池メディカルビルディング5階",
    ]);
    expect(col(row("A0007"), 17)).toBe("寿限無寿限無五劫の擦り切れ海砂利水魚の水行");
    expect([col(row("A0006"), 17), col(row("A0006"), 18)]).toEqual([
      "株式会社オクル物流 第二営業部 配送課",
      "田中 次郎",
    ]);
    expect([col(row("A0001"), 54), col(row("A0001"), 103), col(row("A0001"), 104)]).toEqual([
      "#0001",
      "衣類",
      "3",
    ]);
  });

  it("sets the handling 区分 columns from handling words", () => {
    const r = row("A0013");
    expect([55, 56, 57, 58, 59].map((n) => col(r, n))).toEqual(["1", "0", "0", "1", "0"]);
  });

  it("leaves out an order whose payment type has no form code", () => {
    const order = { ...yuprirOrder(cases[0]!), account: { formCodes: {} } };
    const out = exportFile("japan_post_yuprir", [order], { today: TODAY });
    expect(out.excluded[0]!.reasons).toEqual([
      { field: "account.formCodes", message: "ゆうプリRの送り状種別（元払い用）を設定してください。" },
    ]);
  });
});

describe("クリックポスト columns", () => {
  it("writes postal code, name, 様, four address lines (company last) and 内容品", () => {
    const order = clickpostOrder(cases[5]!);
    const result = exportFile("clickpost", [order], { today: TODAY });
    expect(table(result)[1]).toEqual([
      "060-0003",
      "田中 次郎",
      "様",
      "北海道札幌市中央区",
      "北三条西四丁目1番地1 日本生命札幌ビル",
      "12階",
      "株式会社オクル物流 第二営業部 配送課",
      "衣類",
    ]);
  });

  it("takes at most 40 rows per file and reports the rest", () => {
    const orders = Array.from({ length: 42 }, (_, i) => ({
      ...clickpostOrder(cases[0]!),
      reference: `C${i}`,
    }));
    const result = exportFile("clickpost", orders, { today: TODAY });
    expect(result.included).toHaveLength(40);
    expect(result.excluded.map((e) => e.reference)).toEqual(["C40", "C41"]);
    expect(result.excluded[0]!.reasons[0]!.message).toContain("40件");
  });
});

describe("references and options", () => {
  const order = yamatoOrder(cases[0]!);

  it("refuses a reference that is not 1–15 alphanumerics and a repeated one", () => {
    const result = exportFile(
      "yamato_b2",
      [order, { ...order }, { ...order, reference: "A-1" }, { ...order, reference: "A".repeat(16) }],
      { today: TODAY },
    );
    expect(result.included).toEqual(["A0001"]);
    expect(excludedFields(result)).toEqual({
      A0001: ["reference"],
      "A-1": ["reference"],
      [`${"A".repeat(16)}`]: ["reference"],
    });
  });

  it("is deterministic: the caller's today, no clock", () => {
    const a = exportFile("yamato_b2", [order], { today: TODAY, fileSuffix: "2" });
    const b = exportFile("yamato_b2", [order], { today: TODAY, fileSuffix: "2" });
    expect(Buffer.from(a.bytes).equals(Buffer.from(b.bytes))).toBe(true);
    expect(a.filename).toBe("yamato_b2_20260603_2.csv");
    const later = exportFile("yamato_b2", [order], { today: "2026-06-10" });
    expect(later.excluded[0]?.reasons[0]?.field).toBeUndefined();
    expect(col(rowOf("yamato_b2", later, "A0001"), 5)).toBe("2026/06/10");
    expect(() => exportFile("yamato_b2", [order], { today: "2026-02-30" })).toThrow(RangeError);
  });

  it("refuses a ship date in the past and a delivery date before shipping", () => {
    const result = exportFile(
      "yamato_b2",
      [
        { ...order, reference: "P1", delivery: { ...order.delivery, ship_date: "2026-06-02" } },
        {
          ...order,
          reference: "P2",
          delivery: { ...order.delivery, ship_date: "2026-06-05", delivery_date: "2026-06-04" },
        },
      ],
      { today: TODAY },
    );
    expect(excludedFields(result)).toEqual({ P1: ["delivery.ship_date"], P2: ["delivery.delivery_date"] });
  });

  it("quotes a cell with a comma so later columns do not shift", () => {
    const withComma = { ...order, recipient: person({ address2: "ビル,3階" }) };
    const result = exportFile("yamato_b2", [withComma], { today: TODAY });
    const text = iconv.decode(Buffer.from(result.bytes), "cp932");
    expect(text).toContain('"ビル,3階"');
    expect(col(rowOf("yamato_b2", result, "A0001"), 13)).toBe("ビル,3階");
  });
});

describe("line splitting", () => {
  const address = (a1: string, a2: string) => [
    { text: "東京都", joiner: "" as const },
    { text: "港区", joiner: "" as const },
    { text: a1, joiner: "" as const },
    { text: a2, joiner: " " as const, preferBreak: true },
  ];

  it("never splits inside a block number or a Latin word", () => {
    const lines = splitLines(address("六本木6-10-1234567", ""), [16, 16], "address");
    expect(lines).toEqual(["東京都港区六本木", "6-10-1234567"]);
    expect(splitLines(address("1234567890123456789", ""), [10, 10], "address")).toBeUndefined();
  });

  it("breaks names at spaces first, else carries on at a character boundary, and reports what cannot fit", () => {
    expect(splitLines([{ text: "アレクサンダー ウィリアムズ", joiner: "" }], [16, 16], "name")).toEqual([
      "アレクサンダー",
      "ウィリアムズ",
    ]);
    // Never a line starting with a small kana (ィ) or the long vowel when another break fits.
    expect(splitLines([{ text: "アレクサンダーウィリアムズ", joiner: "" }], [16, 16], "name")).toEqual([
      "アレクサンダー",
      "ウィリアムズ",
    ]);
    expect(
      splitLines([{ text: "アレクサンダーウィリアムズ", joiner: "" }], [12, 12], "name"),
    ).toBeUndefined();
  });

  it("puts the building on its own line when it fits, and never exceeds a line's bytes", () => {
    expect(splitLines(address("六本木1-1", "森タワー"), [64, 32], "address")).toEqual([
      "東京都港区六本木1-1",
      "森タワー",
    ]);
    const long = address("六本木一丁目四番地五号アークヒルズサウスタワー", "二十階");
    expect(splitLines(long, [24, 24, 24, 24], "address")).toEqual([
      "東京都港区",
      "六本木一丁目四番地五号",
      "アークヒルズサウスタワー",
      "二十階",
    ]);
    const tight = splitLines(long, [24, 24, 24], "address")!;
    expect(tight.join("").replaceAll(" ", "")).toBe(
      "東京都港区六本木一丁目四番地五号アークヒルズサウスタワー二十階",
    );
    for (const line of tight) expect(sjisByteLength(line)).toBeLessThanOrEqual(24);
  });
});

describe("carrier text helpers", () => {
  it("converts half-width kana both ways", () => {
    expect(toFullWidthKana("ｶﾞｯｺｳ ﾊﾟﾝ｡")).toBe("ガッコウ パン。");
    expect(toHalfWidthKana("ヴァイオリン がっこう")).toBe("ｳﾞｧｲｵﾘﾝ ｶﾞｯｺｳ");
    expect(toHalfWidthKana("山田")).toBeUndefined();
  });
});
