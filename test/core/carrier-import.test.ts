import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { parseCsv } from "../../core/src/carriers/csv/csv";
import {
  type ExportOrder,
  exportFile,
  type IssuedFileResult,
  parseIssuedFile,
} from "../../core/src/carriers/csv/index";
import { trackingNumberOf } from "../../core/src/shared/tracking-number";
import { exportRecipient, exportSender } from "../support/carrier-files";

/**
 * Issued-data import: export a file, turn it into what the carrier software gives back
 * (numbers filled in), read it, and get each order's number; plus the rows that must
 * be refused and why.
 */
const TODAY = "2026-06-03";

const sender = exportSender({ company: "", address2: "" });
const recipient = (name: string) => exportRecipient({ name });

const references = ["R001", "R002", "R003"];
const names = ["高橋 一", "山田 二", "佐藤 三"];
/** Numbers the carrier "assigns": consecutive serials with their mod-7 check digits. */
const assigned = Object.fromEntries(references.map((ref, i) => [ref, trackingNumberOf(44441375870 + i)]));

const common = {
  ship_date: null,
  delivery_date: null,
  time_slot: "" as const,
  parcels: 1,
  item_name: "衣類",
  handling1: "",
  handling2: "",
  cod_amount: null,
};
const base = (i: number) => ({
  reference: references[i]!,
  orderNumber: `#${1001 + i}`,
  recipient: recipient(names[i]!),
  sender,
  lineItems: [{ name: "Tシャツ", quantity: 1 }],
});

const yamatoOrders: ExportOrder<"yamato_b2">[] = references.map((_, i) => ({
  ...base(i),
  delivery: { ...common, service_type: "0", cool_type: "0" },
  account: { customerCode: "012345678901" },
}));
const sagawaOrders: ExportOrder<"sagawa_ehiden3">[] = references.map((_, i) => ({
  ...base(i),
  delivery: { ...common, service_type: "000", cool_type: "0" },
  account: {},
}));
const yuprirOrders: ExportOrder<"japan_post_yuprir">[] = references.map((_, i) => ({
  ...base(i),
  delivery: { ...common, payment_type: "0", cool_type: "0" },
  account: { formCodes: { "0": "1100780" } },
}));

const rowsOf = (bytes: Uint8Array) => parseCsv(iconv.decode(Buffer.from(bytes), "cp932")).map((r) => r.cells);
const csv = (rows: string[][]) => rows.map((r) => `${r.join(",")}\r\n`).join("");
const cp932 = (text: string) => new Uint8Array(iconv.encode(text, "cp932"));
const utf8 = (text: string, bom = false) => new TextEncoder().encode(bom ? `\uFEFF${text}` : text);
const numbers = (result: IssuedFileResult) =>
  Object.fromEntries(result.rows.map((r) => [r.reference, r.trackingNumber]));

describe("round trip: export → the carrier's issued data → import", () => {
  it("B2クラウド: the same layout with 伝票番号 in column 4, CP932 with header", () => {
    const exported = exportFile("yamato_b2", yamatoOrders, { today: TODAY });
    const [header, ...rows] = rowsOf(exported.bytes);
    // B2 fills column 4; here in the hyphenated form the screens show.
    const issued = rows.map((r) =>
      r.map((cell, i) => (i === 3 ? assigned[r[0]!]!.replace(/(\d{4})(\d{4})/, "$1-$2-") : cell)),
    );
    const result = parseIssuedFile("yamato_b2", cp932(csv([header!, ...issued])));
    expect(result).toMatchObject({ encoding: "cp932", hasHeader: true, rejected: [] });
    expect(numbers(result)).toEqual(assigned);
    expect(result.rows.map((r) => [r.line, r.shipDate])).toEqual([
      [2, TODAY],
      [3, TODAY],
      [4, TODAY],
    ]);
  });

  it("B2クラウド: without a header, in UTF-8 with a BOM", () => {
    const [, ...rows] = rowsOf(exportFile("yamato_b2", yamatoOrders, { today: TODAY }).bytes);
    const issued = rows.map((r) => r.map((cell, i) => (i === 3 ? assigned[r[0]!]! : cell)));
    const result = parseIssuedFile("yamato_b2", utf8(csv(issued), true));
    expect(result).toMatchObject({ encoding: "utf-8", hasHeader: false, rejected: [] });
    expect(numbers(result)).toEqual(assigned);
    expect(result.rows[0]!.line).toBe(1);
  });

  it("e飛伝Ⅲ 出荷実績: number in column 1, お客様管理番号 in 19, no header", () => {
    const [, ...rows] = rowsOf(exportFile("sagawa_ehiden3", sagawaOrders, { today: TODAY }).bytes);
    const issued = rows.map((r) => {
      const out = Array.from({ length: 91 }, () => "");
      out[0] = assigned[r[9]!]!;
      out[1] = "000";
      out[18] = r[9]!;
      return out;
    });
    const result = parseIssuedFile("sagawa_ehiden3", cp932(csv(issued)));
    expect(result).toMatchObject({ hasHeader: false, rejected: [] });
    expect(numbers(result)).toEqual(assigned);
  });

  it("e飛伝Ⅲ: our own 74-column layout echoed with お問い合せ送り状No. filled, found by header", () => {
    const [header, ...rows] = rowsOf(exportFile("sagawa_ehiden3", sagawaOrders, { today: TODAY }).bytes);
    const issued = rows.map((r) => r.map((cell, i) => (i === 61 ? assigned[r[9]!]! : cell)));
    const result = parseIssuedFile("sagawa_ehiden3", utf8(csv([header!, ...issued])));
    expect(result).toMatchObject({ encoding: "utf-8", hasHeader: true, rejected: [] });
    expect(numbers(result)).toEqual(assigned);
    expect(result.rows[0]!.shipDate).toBe(TODAY);
  });

  it("ゆうプリR 発送済み: お問い合わせ番号 and 代表お問い合わせ番号 after column 1", () => {
    const [header, ...rows] = rowsOf(exportFile("japan_post_yuprir", yuprirOrders, { today: TODAY }).bytes);
    const shift = (r: string[], number: string, lead: string) => [r[0]!, number, lead, ...r.slice(1)];
    const issued = [
      shift(header!, "お問い合わせ番号", "代表お問い合わせ番号"),
      ...rows.map((r) => shift(r, assigned[r[0]!]!, assigned.R001!)),
    ];
    const result = parseIssuedFile("japan_post_yuprir", cp932(csv(issued)));
    expect(result).toMatchObject({ encoding: "cp932", hasHeader: true, rejected: [] });
    expect(numbers(result)).toEqual(assigned);
    expect(result.rows.every((r) => r.shipDate === TODAY)).toBe(true);
  });

  it("ゆうプリR without a header reads columns 1, 2 and 4", () => {
    const text = csv([["R001", assigned.R001!, "", "20260604"]]);
    const result = parseIssuedFile("japan_post_yuprir", cp932(text));
    expect(result.rows).toEqual([
      { line: 1, reference: "R001", trackingNumber: assigned.R001, shipDate: "2026-06-04" },
    ]);
  });
});

describe("rows that are refused, duplicated or unknown", () => {
  const good = assigned.R001!;
  const other = assigned.R002!;
  const badCheck = `${good.slice(0, 11)}${(Number(good[11]) + 1) % 10}`;
  const row = (ref: string, number: string) => [ref, "0", "", number, "2026/06/03"];
  const lines = [
    row("R001", good),
    row("R002", badCheck),
    row("R003", "12345678901"),
    row("R004", ""),
    row("", other),
    row("R001", good),
    row("R005", good),
    ["R006", "0"],
    row("R007", `="${other}"`),
    row("ZZZ", trackingNumberOf(44441375880)),
  ];
  const result = parseIssuedFile("yamato_b2", utf8(csv(lines)));

  it("keeps the usable rows, an unknown reference included (matching is the caller's)", () => {
    expect(result.encoding).toBe("cp932");
    expect(result.hasHeader).toBe(false);
    expect(result.rows.map((r) => [r.line, r.reference, r.trackingNumber])).toEqual([
      [1, "R001", good],
      [9, "R007", other],
      [10, "ZZZ", trackingNumberOf(44441375880)],
    ]);
  });

  it("says why each other row was refused", () => {
    expect(result.rejected.map((r) => [r.line, r.code])).toEqual([
      [2, "bad_check_digit"],
      [3, "not_a_number"],
      [4, "missing_number"],
      [5, "missing_reference"],
      [6, "duplicate"],
      [7, "number_on_two_references"],
      [8, "missing_columns"],
    ]);
    const message = (line: number) => result.rejected.find((r) => r.line === line)!.message;
    expect(message(2)).toBe(`伝票番号（${badCheck}）のチェックデジットが正しくありません。`);
    expect(message(6)).toContain("1行目と同じ");
    expect(message(7)).toContain("R001");
    expect(message(8)).toContain("列が足りません");
  });

  it("gives the same answer for the same file twice", () => {
    expect(parseIssuedFile("yamato_b2", utf8(csv(lines)))).toEqual(result);
  });

  it("reads a multi-parcel order: one reference with several numbers", () => {
    const text = csv([row("R001", good), row("R001", other)]);
    expect(parseIssuedFile("yamato_b2", cp932(text)).rows.map((r) => r.trackingNumber)).toEqual([
      good,
      other,
    ]);
  });

  it("accepts full-width digits and hyphens in a number", () => {
    const wide = good.replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));
    const text = csv([row("R001", `${wide.slice(0, 4)}－${wide.slice(4, 8)}ー${wide.slice(8)}`)]);
    expect(parseIssuedFile("yamato_b2", cp932(text)).rows[0]?.trackingNumber).toBe(good);
  });

  it("skips blank lines and reads LF-only files", () => {
    const text = `\n${row("R001", good).join(",")}\n,,,,\n`;
    const parsed = parseIssuedFile("yamato_b2", cp932(text));
    expect(parsed.rows.map((r) => [r.line, r.reference])).toEqual([[2, "R001"]]);
    expect(parsed.rejected).toEqual([]);
  });
});
