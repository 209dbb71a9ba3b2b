import { type Column, type FormatSpec, layout, lineColumns } from "./csv";
import type { Fitter } from "./fit";
import { fitAddress, fitPostalCode } from "./party";
import type { ExportOrder } from "./types";

/**
 * クリックポスト bulk registration CSV, 8 columns (docs/carriers.md#clickpost-csv, column order
 * Confirmed): CP932 with CRLF and a header row. The byte limits are Unconfirmed
 * (implementations disagree); the stricter reading is used: name 40 bytes (全角20),
 * each address line 40, 内容品 30 (全角15), 40 rows per file.
 *
 * クリックポスト is a prepaid mailbox service with no date, time, chilled/frozen, cash on
 * delivery, several pieces or handling marks (docs/carriers.md#clickpost-csv). A wish the parcel
 * arrives fine without (date, time slot, 荷扱い, often the brand's defaults) is dropped with a
 * warning; what would lose the merchant money or goods (collecting payment, the cold chain, a
 * second piece under one label) keeps the order out. The file has no column for the
 * お客様管理番号, so tracking numbers are not matched back from a file.
 */

type Order = ExportOrder<"clickpost">;

const NAME = 40;
const LINE = 40;
const CONTENTS = 30;
export const CLICKPOST_MAX_ROWS = 40;

export interface ClickpostRecord {
  postalCode: string;
  name: string;
  address: string[];
  contents: string;
}

function prepare(order: Order, f: Fitter): ClickpostRecord {
  const { delivery, recipient: to } = order;
  if (delivery.payment_type === "2" || delivery.cod_amount !== null)
    f.fail(
      "delivery.cod_amount",
      "クリックポストは代金を受け取れないため、代金引換の注文は代金を回収できないまま届いてしまいます。別の配送方法を選んでください。",
    );
  else if (delivery.payment_type !== "0")
    f.fail(
      "delivery.payment_type",
      "クリックポストは元払いのみです（着払いはできません）。別の配送方法を選んでください。",
    );
  if (delivery.cool_type !== "0")
    f.fail(
      "delivery.cool_type",
      "クリックポストでは保冷（チルド・冷凍）ができず、品物が傷むおそれがあります。別の配送方法を選んでください。",
    );
  if (delivery.parcels !== 1)
    f.fail(
      "delivery.parcels",
      "クリックポストは1件につき1個です。個数を1にするか、別の配送方法を選んでください。",
    );
  // A mailbox service hands nothing over in person: without the street address the parcel comes back.
  if (!to.city.trim() || !to.address1.trim())
    f.fail("customer.address1", "お届け先住所（市区町村・番地）がありません。");
  if (delivery.delivery_date !== null)
    f.warn("delivery.delivery_date", "クリックポストではお届け日を指定できないため、出力しませんでした。");
  if (delivery.time_slot !== "")
    f.warn("delivery.time_slot", "クリックポストでは配達時間帯を指定できないため、出力しませんでした。");
  if (delivery.handling1 || delivery.handling2)
    f.warn(
      delivery.handling1 ? "delivery.handling1" : "delivery.handling2",
      "クリックポストでは荷扱い（ワレモノ注意など）を印字できないため、出力しませんでした。",
    );

  return {
    // Hyphenated like the other Japan Post layout (docs/carriers.md#japan-post-yuprir-layout); whether
    // クリックポスト prefers 7 digits is Unconfirmed.
    postalCode: fitPostalCode(f, "customer", to.postalCode),
    name: f.line("customer.name", "お届け先氏名", to.name, NAME, true),
    // The layout has no company column: the company (and department) goes on the line
    // after the building, where a Japanese address puts it (Unconfirmed how the label prints it).
    address: fitAddress(f, "customer", to, [LINE, LINE, LINE, LINE], {
      cityLine: true,
      label: "お届け先住所（会社名を含む）",
      after: [{ text: to.company, joiner: " ", preferBreak: true }],
    }),
    contents: f.line("delivery.item_name", "内容品", delivery.item_name, CONTENTS, true),
  };
}

const columns: Column<ClickpostRecord>[] = layout<ClickpostRecord>("clickpost", 8, [
  { no: 1, header: "お届け先郵便番号", maxBytes: 8, value: (r) => r.postalCode },
  { no: 2, header: "お届け先氏名", maxBytes: NAME, value: (r) => r.name },
  { no: 3, header: "お届け先敬称", maxBytes: 4, value: () => "様" },
  ...lineColumns(
    4,
    ["お届け先住所1行目", "お届け先住所2行目", "お届け先住所3行目", "お届け先住所4行目"],
    LINE,
    (r: ClickpostRecord) => r.address,
  ),
  { no: 8, header: "内容品", maxBytes: CONTENTS, value: (r) => r.contents },
]);

export const clickpost: FormatSpec<Order, ClickpostRecord> = {
  rules: { name: "クリックポスト", charset: "cp932" },
  filePrefix: "clickpost",
  header: true,
  columns,
  maxRows: CLICKPOST_MAX_ROWS,
  prepare,
};
