import { describe, expect, it } from "vitest";
import {
  codAccepted,
  codRequired,
  DeliveryFormSchema,
  deliveryFormValues,
  firstSection,
  issueCounts,
  refusedTimeSlots,
  switchCarrier,
  withService,
} from "../../../web/src/components/OrderList/delivery-form";
import type { Order } from "../../../web/src/lib/api";

/** The parts of an order the delivery form reads. */
const order = (overrides: Partial<Order> = {}) =>
  ({
    codAmount: null,
    requestedDeliveryDate: null,
    requestedTimeSlot: null,
    lineItems: [
      {
        sku: "M-01",
        name: "宇治抹茶 特選 100g 缶入り 贈答用 のし対応 限定パッケージ",
        quantity: 1,
        unitPrice: 3240,
      },
    ],
    delivery: null,
    ...overrides,
  }) as Order;

describe("the drawer's delivery form", () => {
  it("starts a COD order on the carrier's collecting service with its amount and the requested slot", () => {
    const values = deliveryFormValues(order({ codAmount: 5400, requestedTimeSlot: "1800" }), "yamato");
    expect(values).toMatchObject({
      carrier: "yamato",
      service_type: "2",
      cod_amount: 5400,
      time_slot: "1800",
    });
    // 品名 is cut to whole characters within the label's 32 bytes.
    expect(values.item_name).toBe("宇治抹茶 特選 100g 缶入り 贈答用");
    const japanPost = deliveryFormValues(order({ codAmount: 5400 }), "japan_post");
    expect([japanPost.payment_type, japanPost.cod_amount]).toEqual(["2", 5400]);
  });

  it("reads each carrier's rules from the shared schema: Yamato's 12–14, mail-box services, COD", () => {
    const yamato = deliveryFormValues(order(), "yamato");
    expect(Object.keys(refusedTimeSlots(yamato))).toEqual(["1200"]);
    expect(Object.keys(refusedTimeSlots({ ...yamato, service_type: "7" }))).toHaveLength(6);
    expect(Object.keys(refusedTimeSlots(deliveryFormValues(order(), "sagawa")))).toEqual([]);
    expect([codAccepted(yamato), codRequired({ ...yamato, service_type: "2" })]).toEqual([false, true]);
    expect(withService(order({ codAmount: 3600 }), yamato, "service_type", "2").cod_amount).toBe(3600);
    expect(withService(order(), { ...yamato, cod_amount: 3600 }, "service_type", "0").cod_amount).toBeNull();
  });

  it("keeps what the merchant typed when the carrier changes, and the stored setting when it matches", () => {
    const stored = order({ delivery: { carrier: "sagawa", serviceType: "001", itemName: "抹茶" } });
    const typed = { ...deliveryFormValues(stored, "yamato"), item_name: "茶葉", parcels: 2 as const };
    expect(switchCarrier(stored, typed, "japan_post")).toMatchObject({ item_name: "茶葉", parcels: 2 });
    expect(switchCarrier(stored, typed, "sagawa")).toMatchObject({ service_type: "001", item_name: "抹茶" });
  });

  it("sends the chosen carrier's body, or the schema's messages on the fields", () => {
    const ok = DeliveryFormSchema.safeParse({ ...deliveryFormValues(order(), "yamato"), time_slot: "1400" });
    expect(ok.success && ok.data).toMatchObject({
      carrier: "yamato",
      body: { service_type: "0", time_slot: "1400" },
    });
    const refused = DeliveryFormSchema.safeParse({
      ...deliveryFormValues(order(), "yamato"),
      time_slot: "1200",
    });
    expect(refused.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["time_slot", "ヤマト運輸では12時〜14時の時間帯指定はできません"],
    ]);
    const none = DeliveryFormSchema.safeParse(deliveryFormValues(order(), null));
    expect(none.error?.issues[0]?.message).toBe("配送会社を選択してください");
  });

  it("counts each issue where it is fixed and opens on the first section with one", () => {
    const issues = [
      { field: "customer.name", carrier: "yamato" as const },
      { field: "customer.phone" },
      { field: "delivery.time_slot" },
    ];
    expect(issueCounts(issues)).toEqual({ order: 0, recipient: 1, delivery: 2 });
    expect(firstSection(issues)).toBe("recipient");
    expect(firstSection([])).toBe("order");
  });
});
