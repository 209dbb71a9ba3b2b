import { describe, expect, it } from "vitest";
import { CLICKPOST_MAX_ROWS } from "../../core/src/carriers/csv/clickpost";
import { parseCsv } from "../../core/src/carriers/csv/csv";
import { type ExportOrder, type ExportResult, exportFile } from "../../core/src/carriers/csv/index";
import {
  deliveryDefaults,
  JapanPostDelivery,
  SagawaDelivery,
  timeSlotLabels,
  YamatoDelivery,
} from "../../core/src/shared/delivery";
import { exportRecipient, exportSender } from "../support/carrier-files";

/**
 * Issue 24: クリックポスト leaves out what it cannot carry with a warning instead of
 * refusing the order, and Yamato タイム's 10時まで・17時まで (B2 0010/0017) can be set and written.
 */

const TODAY = "2026-06-03";
const sender = exportSender();

/** The brand's 備考欄設定 that every order gets: 品名 and a default 荷扱い. */
const brandItems = { name: "衣類", handling1: "ワレモノ注意", handling2: "" };

const base = (reference: string) => ({
  reference,
  orderNumber: `#${reference}`,
  recipient: exportRecipient(),
  sender,
  lineItems: [{ name: "Tシャツ", quantity: 1 }],
});

/** An ordinary shop order as the app turns it into a Japan Post delivery: requested slot and the brand's 荷扱い. */
function clickpostOrder(reference: string, requested: { slot?: string; date?: string; cod?: number } = {}) {
  const delivery = JapanPostDelivery.parse(
    deliveryDefaults(
      "japan_post",
      {
        codAmount: requested.cod ?? null,
        requestedDeliveryDate: requested.date ?? null,
        requestedTimeSlot: requested.slot ?? null,
        lineItems: [{ name: "Tシャツ" }],
      },
      brandItems,
    ),
  );
  return { ...base(reference), delivery } satisfies ExportOrder<"clickpost">;
}

function rows(result: ExportResult): string[][] {
  const text = new TextDecoder("shift_jis", { fatal: true }).decode(result.bytes);
  return parseCsv(text)
    .slice(1)
    .map((r) => r.cells);
}

describe("クリックポスト: what it cannot carry is a warning, not a refusal", () => {
  const slots = ["0900", "1400", "1600", "1800", "1900", "1200"];
  const orders = Array.from({ length: 50 }, (_, i) =>
    clickpostOrder(`C${String(i + 1).padStart(3, "0")}`, {
      slot: slots[i % slots.length]!,
      date: i % 5 === 0 ? "2026-06-06" : undefined,
    }),
  );

  it("writes all 50 ordinary orders with the brand's 荷扱い and requested slots, listing the warnings", () => {
    // The carrier takes 40 rows a file, so 50 orders are two files.
    const files = [orders.slice(0, CLICKPOST_MAX_ROWS), orders.slice(CLICKPOST_MAX_ROWS)].map((batch, i) =>
      exportFile("clickpost", batch, { today: TODAY, fileSuffix: String(i + 1) }),
    );
    expect(files.flatMap((f) => f.excluded)).toEqual([]);
    expect(files.flatMap((f) => f.included)).toEqual(orders.map((o) => o.reference));
    expect(files.flatMap(rows)).toHaveLength(50);
    expect(rows(files[0]!)[0]).toEqual([
      "100-0001",
      "山田 太郎",
      "様",
      "東京都千代田区",
      "千代田1-1",
      "",
      "",
      "衣類",
    ]);

    const warnings = files.flatMap((f) => f.warnings);
    const of = (reference: string) =>
      warnings.filter((w) => w.reference === reference).map(({ field, message }) => ({ field, message }));
    expect(of("C001")).toEqual([
      {
        field: "delivery.delivery_date",
        message: "クリックポストではお届け日を指定できないため、出力しませんでした。",
      },
      {
        field: "delivery.time_slot",
        message: "クリックポストでは配達時間帯を指定できないため、出力しませんでした。",
      },
      {
        field: "delivery.handling1",
        message: "クリックポストでは荷扱い（ワレモノ注意など）を印字できないため、出力しませんでした。",
      },
    ]);
    expect(of("C002").map((w) => w.field)).toEqual(["delivery.time_slot", "delivery.handling1"]);
    expect(warnings.filter((w) => w.field === "delivery.time_slot")).toHaveLength(50);
    expect(warnings.filter((w) => w.field === "delivery.handling1")).toHaveLength(50);
    expect(warnings.filter((w) => w.field === "delivery.delivery_date")).toHaveLength(10);
  });

  it("refuses a cash-on-delivery order, saying the money would not be collected, and warns of nothing for it", () => {
    const cod = clickpostOrder("COD1", { cod: 5400, slot: "1400" });
    expect(cod.delivery.payment_type).toBe("2");
    const result = exportFile("clickpost", [clickpostOrder("OK1"), cod], { today: TODAY });
    expect(result.included).toEqual(["OK1"]);
    expect(result.excluded).toEqual([
      {
        reference: "COD1",
        reasons: [
          {
            field: "delivery.cod_amount",
            message:
              "クリックポストは代金を受け取れないため、代金引換の注文は代金を回収できないまま届いてしまいます。別の配送方法を選んでください。",
          },
        ],
      },
    ]);
    expect(result.warnings.map((w) => w.reference)).toEqual(["OK1"]);
  });

  it("still refuses what makes the parcel undeliverable: no name, no address, a chilled parcel", () => {
    const noName = { ...clickpostOrder("N1"), recipient: exportRecipient({ name: "" }) };
    const noAddress = { ...clickpostOrder("N2"), recipient: exportRecipient({ city: "", address1: "" }) };
    const chilled = clickpostOrder("N3");
    const cold = { ...chilled, delivery: { ...chilled.delivery, cool_type: "1" as const } };
    const result = exportFile("clickpost", [noName, noAddress, cold], { today: TODAY });
    expect(result.included).toEqual([]);
    expect(
      Object.fromEntries(result.excluded.map((e) => [e.reference, e.reasons.map((r) => r.field)])),
    ).toEqual({
      N1: ["customer.name"],
      N2: ["customer.address1"],
      N3: ["delivery.cool_type"],
    });
    expect(result.warnings).toEqual([]);
  });
});

describe("Yamato タイム: 10時まで (0010) and 17時まで (0017)", () => {
  const yamato = (reference: string, delivery: Record<string, unknown>): ExportOrder<"yamato_b2"> => ({
    ...base(reference),
    delivery: YamatoDelivery.parse({ item_name: "衣類", ...delivery }),
    account: { customerCode: "012345678901" },
  });
  const b2Row = (result: ExportResult, reference: string) => rows(result).find((r) => r[0] === reference)!;

  it("writes 0010 and 0017 in 配達時間帯 with 送り状種類 4, and no time as a blank column", () => {
    const result = exportFile(
      "yamato_b2",
      [
        yamato("T10", { service_type: "4", time_slot: "0010", delivery_date: "2026-06-05" }),
        yamato("T17", { service_type: "4", time_slot: "0017" }),
        yamato("T00", { service_type: "4" }),
        yamato("H00", { service_type: "0" }),
      ],
      { today: TODAY },
    );
    expect(result.excluded).toEqual([]);
    expect(result.warnings).toEqual([]);
    const cells = (ref: string) => [b2Row(result, ref)[1], b2Row(result, ref)[5], b2Row(result, ref)[6]];
    expect(cells("T10")).toEqual(["4", "2026/06/05", "0010"]);
    expect(cells("T17")).toEqual(["4", "", "0017"]);
    expect(cells("T00")).toEqual(["4", "", ""]);
    expect(cells("H00")).toEqual(["0", "", ""]);
  });

  it("labels the two times", () => {
    expect([timeSlotLabels["0010"], timeSlotLabels["0017"]]).toEqual(["10時まで", "17時まで"]);
  });

  it("refuses an ordinary slot on タイム and タイム's times on the other services, at the schema", () => {
    const issues = (value: Record<string, unknown>) => {
      const result = YamatoDelivery.safeParse({ item_name: "衣類", ...value });
      return result.success ? [] : result.error.issues.map((i) => [i.path.join("."), i.message]);
    };
    expect(issues({ service_type: "4", time_slot: "1400" })).toEqual([
      ["time_slot", "タイムでは配達時間帯を10時まで・17時までから選択してください"],
    ]);
    expect(issues({ service_type: "4", time_slot: "1200" })).toEqual([
      ["time_slot", "タイムでは配達時間帯を10時まで・17時までから選択してください"],
    ]);
    expect(issues({ service_type: "0", time_slot: "0010" })).toEqual([
      ["time_slot", "10時まで・17時までは送り状種類がタイムのときだけ指定できます"],
    ]);
    expect(issues({ service_type: "2", cod_amount: 1000, time_slot: "0017" })).toEqual([
      ["time_slot", "10時まで・17時までは送り状種類がタイムのときだけ指定できます"],
    ]);
    expect(issues({ service_type: "4", time_slot: "0017" })).toEqual([]);
  });

  it("refuses the same in the B2 file for a delivery that skipped the schema", () => {
    const order = yamato("X1", { service_type: "0" });
    const result = exportFile(
      "yamato_b2",
      [
        { ...order, reference: "X1", delivery: { ...order.delivery, service_type: "0", time_slot: "0010" } },
        { ...order, reference: "X2", delivery: { ...order.delivery, service_type: "4", time_slot: "1400" } },
      ],
      { today: TODAY },
    );
    expect(result.included).toEqual([]);
    expect(result.excluded.map((e) => e.reasons.map((r) => r.message))).toEqual([
      ["10時まで・17時までは送り状種類がタイムのときだけ指定できます。"],
      ["タイムでは配達時間帯を10時まで・17時までから選択してください。"],
    ]);
  });

  it("is refused by Sagawa and Japan Post, which have no such times", () => {
    const message = (schema: typeof SagawaDelivery | typeof JapanPostDelivery) => {
      const result = schema.safeParse({ item_name: "衣類", time_slot: "0010" });
      return result.success ? undefined : result.error.issues[0]?.message;
    };
    expect(message(SagawaDelivery)).toBe("10時まで・17時まではヤマト運輸のタイムでのみ指定できます");
    expect(message(JapanPostDelivery)).toBe("10時まで・17時まではヤマト運輸のタイムでのみ指定できます");
  });

  it("never comes from a shop's requested slot", () => {
    for (const requested of ["0010", "0017"]) {
      const source = {
        codAmount: null,
        requestedDeliveryDate: null,
        requestedTimeSlot: requested,
        lineItems: [],
      };
      for (const carrier of ["yamato", "japan_post", "sagawa"] as const)
        expect(deliveryDefaults(carrier, source).time_slot).toBe("");
    }
  });
});
