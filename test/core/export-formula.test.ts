import { describe, expect, it } from "vitest";
import { encodeCsv, parseCsv } from "../../core/src/carriers/csv/csv";
import {
  type ExportFormat,
  type ExportOrder,
  type ExportRecipient,
  type ExportResult,
  exportFile,
  exportFormats,
} from "../../core/src/carriers/csv/index";
import { exportRecipient, exportSender } from "../support/carrier-files";

/**
 * Carrier files are opened in Excel by merchants: nothing a shop customer or merchant
 * typed may reach a cell that a spreadsheet reads as a formula (CSV injection).
 */

const TODAY = "2026-06-03";
const HYPERLINK = '=HYPERLINK("http://x.jp","a")';
const DDE = "+cmd|' /C calc'!A0";

const attacker = exportRecipient({
  name: HYPERLINK,
  company: DDE,
  address2: "@SUM(1+1)",
  phone: "090-1234-5678",
});

const delivery = {
  ship_date: null,
  delivery_date: null,
  time_slot: "" as const,
  parcels: 1,
  item_name: "=1+1",
  handling1: "",
  handling2: "",
  cod_amount: null,
};

function orderFor(format: ExportFormat, recipient: ExportRecipient, orderNumber = "#1001") {
  const base = {
    reference: "F0001",
    orderNumber,
    recipient,
    sender: exportSender(),
    lineItems: [{ name: "Tシャツ", quantity: 1 }],
  };
  switch (format) {
    case "yamato_b2":
      return exportFile(
        format,
        [
          {
            ...base,
            delivery: { ...delivery, service_type: "0", cool_type: "0" },
            account: { customerCode: "012345678901" },
          } satisfies ExportOrder<"yamato_b2">,
        ],
        { today: TODAY },
      );
    case "sagawa_ehiden3":
      return exportFile(
        format,
        [
          {
            ...base,
            delivery: { ...delivery, service_type: "000", cool_type: "0" },
            account: {},
          } satisfies ExportOrder<"sagawa_ehiden3">,
        ],
        { today: TODAY },
      );
    case "japan_post_yuprir":
      return exportFile(
        format,
        [
          {
            ...base,
            delivery: { ...delivery, payment_type: "0", cool_type: "0" },
            account: { formCodes: { "0": "1100780" } },
          } satisfies ExportOrder<"japan_post_yuprir">,
        ],
        { today: TODAY },
      );
    case "clickpost":
      return exportFile(
        format,
        [
          {
            ...base,
            delivery: { ...delivery, payment_type: "0", cool_type: "0" },
          } satisfies ExportOrder<"clickpost">,
        ],
        { today: TODAY },
      );
  }
}

/** The file as a merchant's spreadsheet reads it: strict CP932, RFC 4180. */
function cellsOf(result: ExportResult): string[][] {
  const text = new TextDecoder("shift_jis", { fatal: true }).decode(result.bytes);
  return parseCsv(text).map((row) => row.cells);
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** Where each format writes the recipient's phone (1-based), when it has one. */
const phoneColumn: Record<ExportFormat, number | undefined> = {
  yamato_b2: 9,
  sagawa_ehiden3: 3,
  japan_post_yuprir: 20,
  clickpost: undefined,
};

describe.each(exportFormats)("%s: no cell is a spreadsheet formula", (format) => {
  const result = orderFor(format, attacker);
  const [, row] = cellsOf(result);

  it("still writes the order", () => {
    expect(result.excluded).toEqual([]);
    expect(result.included).toEqual(["F0001"]);
  });

  it("starts no cell with = + - @, tab or CR", () => {
    expect(row!.filter((cell) => FORMULA_START.test(cell))).toEqual([]);
  });

  it("writes the customer's and merchant's text with the full-width sign, printed the same", () => {
    expect(row).toContain('＝HYPERLINK("http://x.jp","a")');
    expect(row!.some((cell) => cell.includes("＋cmd|' /C calc'!A0"))).toBe(true);
    expect(row!.some((cell) => cell.startsWith("＠SUM(1+1)"))).toBe(true);
    expect(row).toContain("＝1+1");
  });

  it("leaves a phone number as it is", () => {
    const column = phoneColumn[format];
    if (column !== undefined) expect(row![column - 1]).toBe("090-1234-5678");
  });
});

describe("the written width counts the full-width sign", () => {
  it("holds a name that no longer fits once its = is full-width, and says why", () => {
    // 32 bytes as typed: B2クラウド's お届け先名 limit; 33 once written.
    const name = `=${"A".repeat(31)}`;
    const result = orderFor("yamato_b2", exportRecipient({ name }));
    expect(result.included).toEqual([]);
    const reasons = result.excluded[0]!.reasons;
    expect(reasons.map((r) => r.field)).toEqual(["customer.name"]);
    expect(reasons[0]!.message).toContain("全角の「＝」");
  });

  it("still writes a name one byte shorter", () => {
    const result = orderFor("yamato_b2", exportRecipient({ name: `=${"A".repeat(30)}` }));
    expect(result.included).toEqual(["F0001"]);
    expect(cellsOf(result)[1]![15]).toBe(`＝${"A".repeat(30)}`);
  });

  it("lays address lines out so a line starting with a full-width sign still fits", () => {
    // ゆうプリR 住所 lines are 50 bytes. The building is 50 as typed and 51 once written, so
    // it cannot keep a line of its own: 5階 goes to the next line instead.
    const address2 = `@${"B".repeat(45)} 5階`;
    const result = orderFor("japan_post_yuprir", exportRecipient({ address2 }));
    expect(result.excluded).toEqual([]);
    const lines = cellsOf(result)[1]!.slice(13, 16);
    expect(lines).toEqual(["東京都千代田区千代田1-1", `＠${"B".repeat(45)}`, "5階"]);
  });

  it("writes a ゆうプリR 受注番号 neutralised, or leaves it blank when it then no longer fits", () => {
    const short = cellsOf(orderFor("japan_post_yuprir", attacker, "-1001"))[1]!;
    expect(short[53]).toBe("－1001");
    const long = orderFor("japan_post_yuprir", attacker, `-${"9".repeat(29)}`);
    expect(long.included).toEqual(["F0001"]);
    expect(cellsOf(long)[1]![53]).toBe("");
  });
});

describe("the CSV writer", () => {
  it("drops a leading tab or line break and neutralises what follows", () => {
    const text = new TextDecoder("shift_jis", { fatal: true }).decode(
      encodeCsv([["\t=1+1", "\r\n@A1", "\tplain", "a=b", "-", ""]]),
    );
    expect(parseCsv(text)[0]!.cells).toEqual(["＝1+1", "＠A1", "plain", "a=b", "－", ""]);
  });
});
