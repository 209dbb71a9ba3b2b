import { beforeAll, describe, expect, it } from "vitest";
import { handler as labelJob } from "../../../functions/src/queue/label-job";
import { shopOrderFixture } from "../../support/orders";
import { shippingCompany } from "../../support/printing";
import { usePrivateQueue } from "../../support/queues";
import { drainQueue } from "../../support/simulators";

beforeAll(async () => {
  await usePrivateQueue("labelJob", {});
});

type Excluded = { order_id: string; reasons: { field: string; message: string }[] };
const fieldsOf = (excluded: Excluded[]) =>
  Object.fromEntries(excluded.map((e) => [e.order_id, e.reasons.map((r) => r.field)]));

describe("which orders a carrier file takes", () => {
  it("takes the orders of its carrier only, and leaves out labelled and exported ones unless asked to export them again", async () => {
    const { call, ids } = await shippingCompany({
      yamato: { first: 44_600_000_000, count: 20 },
      orders: [1, 2, 3, 4, 5, 6].map((n) => shopOrderFixture(n)),
    });
    const [exportedFirst, bySagawa, byOther, labelled, exportedToo, fresh] = ids as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const sagawa = await call(`/orders/${bySagawa}/delivery/sagawa`, "PUT", {
      service_type: "000",
      item_name: "宇治抹茶",
    });
    expect(sagawa.status, sagawa.text).toBe(200);
    const other = await call(`/orders/${byOther}/delivery/sss`, "PUT", {
      carrier_name: "西濃運輸",
      tracking_number: "1234-5678-9012",
    });
    expect(other.status, other.text).toBe(200);
    const issued = await call("/shipments/labels", "POST", { order_ids: [labelled] });
    expect(issued.status, issued.text).toBe(202);
    await drainQueue("labelJob", labelJob);

    const first = await call("/exports", "POST", {
      format: "yamato_b2",
      order_ids: [exportedFirst, exportedToo],
    });
    expect(first.status, first.text).toBe(201);
    expect(first.json).toMatchObject({ included: [exportedFirst, exportedToo], again: [], excluded: [] });

    const all = await call("/exports", "POST", { format: "yamato_b2", order_ids: ids });
    expect(all.status, all.text).toBe(201);
    expect(all.json.included).toEqual([fresh]);
    expect(all.json.again).toEqual([]);
    expect(fieldsOf(all.json.excluded)).toEqual({
      [exportedFirst]: ["order.exported"],
      [bySagawa]: ["delivery.carrier"],
      [byOther]: ["delivery.carrier"],
      [labelled]: ["order.labels"],
      [exportedToo]: ["order.exported"],
    });
    const reasonOf = (id: string) =>
      (all.json.excluded as Excluded[]).find((e) => e.order_id === id)!.reasons[0]!.message;
    expect(reasonOf(bySagawa)).toBe("この注文の配送会社は佐川急便です。B2クラウドのファイルには含めません。");
    expect(reasonOf(byOther)).toBe("この注文は他の配送会社で発送する設定です。");
    expect(reasonOf(labelled)).toContain("送り状を発行済みです。");
    expect(reasonOf(exportedFirst)).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}にB2クラウドで出力済みです。$/);

    // Asked explicitly: the handed-over orders go in, named as written again; another carrier's never does.
    const again = await call("/exports", "POST", {
      format: "yamato_b2",
      order_ids: [exportedFirst, labelled, bySagawa],
      again: true,
    });
    expect(again.status, again.text).toBe(201);
    expect(again.json.included).toEqual([exportedFirst, labelled]);
    expect(again.json.again).toEqual([exportedFirst, labelled]);
    expect(fieldsOf(again.json.excluded)).toEqual({ [bySagawa]: ["delivery.carrier"] });

    const wrongType = await call("/exports", "POST", {
      format: "yamato_b2",
      order_ids: [fresh],
      again: "yes",
    });
    expect(wrongType.status).toBe(400);
  }, 120_000);

  it("writes a クリックポスト row without what the service cannot carry, and says so per order", async () => {
    const { call, ids } = await shippingCompany({
      yamato: "handoff",
      orders: [shopOrderFixture(1, { requestedTimeSlot: "1800" }), shopOrderFixture(2)],
    });
    const [withSlot, plain] = ids as [string, string];
    const moved = await call("/orders/bulk_update", "PUT", {
      ids,
      action: "set_carrier",
      carrier: "japan_post",
    });
    expect(moved.status, moved.text).toBe(200);
    const file = await call("/exports", "POST", { format: "clickpost", order_ids: ids });
    expect(file.status, file.text).toBe(201);
    expect(file.json.included).toEqual([withSlot, plain]);
    expect(file.json.excluded).toEqual([]);
    expect(file.json.warnings).toEqual([
      {
        order_id: withSlot,
        field: "delivery.time_slot",
        message: "クリックポストでは配達時間帯を指定できないため、出力しませんでした。",
      },
    ]);
  }, 60_000);
});
