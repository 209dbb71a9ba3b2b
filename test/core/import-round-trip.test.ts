import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { parseCsv } from "../../core/src/carriers/csv/csv";
import {
  type ExportOrder,
  type ExportRecipient,
  exportFile,
  type IssuedFileResult,
  parseIssuedFile,
} from "../../core/src/carriers/csv/index";
import { offeredReplacement } from "../../core/src/carriers/text";
import { trackingNumberOf } from "../../core/src/shared/tracking-number";
import { exportRecipient, exportSender, longAddressRecipients } from "../support/carrier-files";
import { typedKyotoAddress } from "../support/orders";

/**
 * Round trips with the hard cases, per carrier: export orders whose recipients carry
 * 髙/﨑, full-width digits, long Kyoto and Hokkaido addresses with a company and
 * department, cash on delivery and two parcels; turn the file into the carrier's
 * issued-data form (numbers filled, one row per parcel); read it back. Every order is
 * in the file (B2's once 髙/﨑 are replaced as the order offers), every number comes back
 * to its reference in parcel order, and the recipient cells the carrier echoes decode as
 * they were written.
 */
const TODAY = "2026-06-03";
const sender = exportSender();

interface Case {
  reference: string;
  recipient: ExportRecipient;
  cod?: number;
  parcels?: number;
}

const cases: Case[] = [
  {
    reference: "RT01",
    recipient: exportRecipient({ ...typedKyotoAddress, name: "髙橋 﨑子" }),
  },
  {
    reference: "RT02",
    recipient: exportRecipient({
      name: "鈴木 一郎",
      postalCode: "１００－０００５",
      address1: "丸の内２－７－２",
      address2: "ＪＰタワー　２０階",
      phone: "０９０－１２３４－５６７８",
    }),
  },
  {
    reference: "RT03",
    recipient: exportRecipient(longAddressRecipients.kyoto),
    cod: 12800,
  },
  {
    reference: "RT04",
    recipient: exportRecipient(longAddressRecipients.hokkaidoCompany),
    parcels: 2,
  },
];

/**
 * The cases as B2 takes them: B2 holds 髙 and 﨑 (JIS X 0208 only) until the merchant takes
 * the replacement the order offers, so its round trips carry the replaced name.
 */
const b2Cases = cases.map((c) => ({
  ...c,
  recipient: { ...c.recipient, name: offeredReplacement(c.recipient.name, true) ?? c.recipient.name },
}));

const common = (c: Case) => ({
  ship_date: null,
  delivery_date: null,
  time_slot: "" as const,
  parcels: c.parcels ?? 1,
  item_name: "宇治抹茶",
  handling1: "",
  handling2: "",
  cod_amount: c.cod ?? null,
});
const base = (c: Case) => ({
  reference: c.reference,
  orderNumber: `#${c.reference}`,
  recipient: c.recipient,
  sender,
  lineItems: [{ name: "宇治抹茶 100g", quantity: 2 }],
});

/** The numbers the carrier "issues", per reference and parcel: consecutive serials with their mod-7 digits. */
const issuedNumbers: Record<string, string[]> = {};
let serial = 44_441_375_900;
for (const c of cases)
  issuedNumbers[c.reference] = Array.from({ length: c.parcels ?? 1 }, () => trackingNumberOf(serial++));

const rowsOf = (bytes: Uint8Array) =>
  parseCsv(new TextDecoder("shift_jis", { fatal: true }).decode(bytes)).map((r) => r.cells);
const csv = (rows: string[][]) =>
  rows
    .map((r) => `${r.map((c) => (/[",\r\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(",")}\r\n`)
    .join("");
const cp932 = (text: string) => new Uint8Array(iconv.encode(text, "cp932"));

/** Each reference's numbers in file order, as the import attaches them (parcels 1..n). */
function numbersByReference(result: IssuedFileResult) {
  const out: Record<string, string[]> = {};
  for (const row of result.rows) out[row.reference] = [...(out[row.reference] ?? []), row.trackingNumber];
  return out;
}

/** One issued row per parcel: the exported row repeated with each parcel's number. */
const perParcel = (reference: string, row: (number: string) => string[]) =>
  issuedNumbers[reference]!.map((number) => row(number));

describe("issued-data round trips with the hard cases", () => {
  it("B2クラウド: 97 columns back with 伝票番号 in column 4, COD and two parcels, the offered JIS X 0208 name kept", () => {
    const yamatoOrder = (c: Case): ExportOrder<"yamato_b2"> => ({
      ...base(c),
      delivery: { ...common(c), service_type: c.cod ? "2" : "0", cool_type: "0" },
      account: { customerCode: "012345678901" },
    });
    const asTyped = exportFile("yamato_b2", cases.map(yamatoOrder), { today: TODAY });
    expect(asTyped.excluded.map((e) => [e.reference, e.reasons.map((r) => r.field)])).toEqual([
      ["RT01", ["customer.name"]],
    ]);
    const exported = exportFile("yamato_b2", b2Cases.map(yamatoOrder), { today: TODAY });
    expect(exported.excluded).toEqual([]);
    const [header, ...rows] = rowsOf(exported.bytes);
    const issued = [
      header!,
      ...rows.flatMap((r) => perParcel(r[0]!, (number) => r.map((cell, i) => (i === 3 ? number : cell)))),
    ];
    const result = parseIssuedFile("yamato_b2", cp932(csv(issued)));
    expect(result).toMatchObject({ encoding: "cp932", hasHeader: true, rejected: [] });
    expect(numbersByReference(result)).toEqual(issuedNumbers);
    // What B2クラウド echoes is what we wrote: the name as the merchant replaced it, half-width digits, COD.
    const echoed = rowsOf(cp932(csv(issued)));
    const byRef = (ref: string) => echoed.find((r) => r[0] === ref)!;
    expect(byRef("RT01")[15]).toBe("高橋 崎子");
    expect([byRef("RT02")[10], byRef("RT02")[8]]).toEqual(["100-0005", "090-1234-5678"]);
    expect([byRef("RT03")[1], byRef("RT03")[33]]).toEqual(["2", "12800"]);
    expect(echoed.filter((r) => r[0] === "RT04")).toHaveLength(2);
  });

  it("e飛伝Ⅲ 出荷実績: number in column 1 and お客様管理番号 in 19, re-saved as UTF-8 with a BOM", () => {
    const orders: ExportOrder<"sagawa_ehiden3">[] = cases.map((c) => ({
      ...base(c),
      delivery: { ...common(c), service_type: "000", cool_type: "0" },
      account: { customerCode: "123456789012", collectPayment: "any" },
    }));
    const exported = exportFile("sagawa_ehiden3", orders, { today: TODAY });
    expect(exported.excluded).toEqual([]);
    const [, ...rows] = rowsOf(exported.bytes);
    expect(rows.find((r) => r[9] === "RT04")![41]).toBe("2"); // 出荷個数
    // The name (お届け先名称１, column 8 of our file) rides along in 出荷実績 (column 5 here; its position is Unconfirmed).
    const issued = rows.flatMap((r) =>
      perParcel(r[9]!, (number) => {
        const out = Array.from({ length: 91 }, () => "");
        out[0] = number;
        out[4] = r[7]!;
        out[18] = r[9]!;
        return out;
      }),
    );
    const text = csv(issued);
    const result = parseIssuedFile("sagawa_ehiden3", new TextEncoder().encode(`\uFEFF${text}`));
    expect(result).toMatchObject({ encoding: "utf-8", hasHeader: false, rejected: [] });
    expect(numbersByReference(result)).toEqual(issuedNumbers);
    // CP932 holds 髙 and 﨑: e飛伝Ⅲ gets them as they are, and they survive the UTF-8 re-save.
    expect(issued.find((r) => r[18] === "RT01")![4]).toBe("髙橋 﨑子");
    expect(parseIssuedFile("sagawa_ehiden3", cp932(text))).toEqual({ ...result, encoding: "cp932" });
  });

  it("ゆうプリR 発送済み: お問い合わせ番号 and 代表お問い合わせ番号 after column 1, COD as 代引", () => {
    const orders: ExportOrder<"japan_post_yuprir">[] = cases.map((c) => ({
      ...base(c),
      delivery: { ...common(c), payment_type: c.cod ? "2" : "0", cool_type: "0" },
      account: { formCodes: { "0": "1100780", "2": "1100740" } },
    }));
    const exported = exportFile("japan_post_yuprir", orders, { today: TODAY });
    expect(exported.excluded).toEqual([]);
    const [header, ...rows] = rowsOf(exported.bytes);
    const shift = (r: string[], number: string, lead: string) => [r[0]!, number, lead, ...r.slice(1)];
    const issued = [
      shift(header!, "お問い合わせ番号", "代表お問い合わせ番号"),
      // A multi-parcel order's rows share the first parcel's number as 代表お問い合わせ番号.
      ...rows.flatMap((r) => perParcel(r[0]!, (number) => shift(r, number, issuedNumbers[r[0]!]![0]!))),
    ];
    const result = parseIssuedFile("japan_post_yuprir", cp932(csv(issued)));
    expect(result).toMatchObject({ encoding: "cp932", hasHeader: true, rejected: [] });
    expect(numbersByReference(result)).toEqual(issuedNumbers);
    expect(result.rows.every((r) => r.shipDate === TODAY)).toBe(true);
  });

  it("a number that appears for two references is refused, whichever carrier", () => {
    const [header, ...rows] = rowsOf(
      exportFile(
        "yamato_b2",
        b2Cases.slice(0, 2).map((c) => ({
          ...base(c),
          delivery: { ...common(c), service_type: "0", cool_type: "0" },
          account: { customerCode: "012345678901" },
        })),
        { today: TODAY },
      ).bytes,
    );
    const same = issuedNumbers.RT01![0]!;
    const issued = [header!, ...rows.map((r) => r.map((cell, i) => (i === 3 ? same : cell)))];
    const result = parseIssuedFile("yamato_b2", cp932(csv(issued)));
    expect(result.rows.map((r) => r.reference)).toEqual(["RT01"]);
    expect(result.rejected.map((r) => [r.line, r.code])).toEqual([[3, "number_on_two_references"]]);
  });
});
