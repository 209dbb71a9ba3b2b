import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Order } from "@okuru/core/entities/order";
import { Shipment } from "@okuru/core/entities/shipment";
import { parseTrackingNumber, trackingNumberOf } from "@okuru/core/shared/tracking-number";
import { Labels } from "@okuru/core/workflows/labels";
import { LabelRun } from "@okuru/core/workflows/labels/run";
import { beforeAll, describe, expect, it } from "vitest";
import { handler } from "../../../functions/src/queue/label-job";
import { asUser, testAccount } from "../../support/account";
import { callApi } from "../../support/api";
import { personFixture, shopOrderFixture } from "../../support/orders";
import { apiCaller, type Call, kyotoCompanyProfile, shippingCompany } from "../../support/printing";
import { usePrivateQueue } from "../../support/queues";
import { drainQueue } from "../../support/simulators";

beforeAll(async () => {
  // A label-job queue of this file's own, so the drain sees only these batches.
  await usePrivateQueue("labelJob");
});

/** A company ready to print Yamato labels: 会社概要, a self-printed account with 100 numbers, and orders. */
async function printingCompany() {
  const company = await shippingCompany({
    yamato: { first: 33_300_000_000 },
    orders: [
      shopOrderFixture(1, {
        customer: personFixture({
          name: "髙橋 﨑子",
          postalCode: "0600001",
          prefecture: "北海道",
          city: "札幌市中央区",
          address1: "北一条西２丁目１番地",
          address2: "札幌時計台ビル１０階",
        }),
      }),
      shopOrderFixture(2, { codAmount: 5400 }),
      // Yamato's label check refuses 髙 once the order ships by Yamato: this recipient has none.
      shopOrderFixture(3, { customer: personFixture({ name: "高橋 一郎" }) }),
      shopOrderFixture(4, {
        issues: [{ field: "customer.phone", message: "お届け先の電話番号の桁数が正しくありません。" }],
      }),
      shopOrderFixture(5, { platformStatus: "cancelled" }),
    ],
  });
  const { call, ids } = company;
  // Yamato takes JIS level 1/2 only: the order says so and offers the standard forms, which
  // one click (the recipient saved with them) applies.
  const refused = (await call(`/orders/${ids[0]}`)).json;
  expect(refused.errors).toEqual([
    expect.objectContaining({ field: "customer.name", replacement: "高橋 崎子", carrier: "yamato" }),
  ]);
  const replaced = await call(`/orders/${ids[0]}/customer/replacement`, "PUT", { field: "customer.name" });
  expect([replaced.status, replaced.json.customer.name, replaced.json.errors], replaced.text).toEqual([
    200,
    "高橋 崎子",
    [],
  ]);
  // Order 3 goes in two parcels (発払い 複数口).
  const twoParcels = await call(`/orders/${ids[2]}/delivery/yamato`, "PUT", {
    service_type: "6",
    item_name: "宇治抹茶 詰め合わせ",
    parcels: 2,
  });
  expect(twoParcels.status).toBe(200);
  return company;
}

async function issue(call: Call, orderIds: string[]) {
  const accepted = await call("/shipments/labels", "POST", { order_ids: orderIds });
  expect(accepted.status).toBe(202);
  await drainQueue("labelJob", handler);
  const status = await call(`/shipments/labels?label_id=${accepted.json.label_id}`);
  expect(status.status).toBe(200);
  return status.json;
}

describe("POST /api/shipments/labels", () => {
  it("issues numbered labels for the orders that can ship, gives the others their reason, and renders the PDF", async () => {
    const { call, ids, yamatoId } = await printingCompany();
    const status = await issue(call, ids);
    expect(status).toMatchObject({ status: "done", progress: { done: 5, total: 5 } });
    const byOrder = new Map(status.results.map((r: { order_id: string }) => [r.order_id, r]));
    expect(byOrder.get(ids[3])).toMatchObject({
      error: "お届け先の電話番号の桁数が正しくありません。",
      tracking_numbers: [],
    });
    expect(byOrder.get(ids[4])).toMatchObject({ error: "キャンセルされた注文です。" });
    const numbers = [ids[0], ids[1], ids[2]].flatMap(
      (id) => (byOrder.get(id) as { tracking_numbers: string[] }).tracking_numbers,
    );
    expect(numbers, JSON.stringify(status.results)).toHaveLength(4); // the two-parcel order has two
    expect(new Set(numbers).size).toBe(4);
    expect(numbers.every((n) => parseTrackingNumber(n) === n && n.startsWith("3330000000"))).toBe(true);
    expect(
      (await call("/yamato")).json.items.find((a: { id: string }) => a.id === yamatoId).remaining_numbers,
    ).toBe(96);

    // One PDF for the part's Yamato labels: four pages' worth of labels, each number printed 4-4-4.
    expect(status.parts).toEqual([expect.objectContaining({ part: 0, carrier: "yamato", labels: 4 })]);
    const download = await fetch(status.parts[0].url);
    // Shown in the browser's viewer, ready to print, rather than saved.
    expect(download.headers.get("content-disposition")).toMatch(/^inline; filename=".+\.pdf"$/);
    const pdf = Buffer.from(await download.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const dir = mkdtempSync(join(tmpdir(), "okuru-labels-"));
    let text: string;
    try {
      writeFileSync(join(dir, "labels.pdf"), pdf);
      text = execFileSync("pdftotext", [join(dir, "labels.pdf"), "-"]).toString();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    for (const n of numbers) expect(text).toContain(`${n.slice(0, 4)}-${n.slice(4, 8)}-${n.slice(8)}`);
    expect(text).toContain("高橋 崎子");

    const shipment = await call(
      `/shipments/${(byOrder.get(ids[0]) as { shipment_ids: string[] }).shipment_ids[0]}`,
    );
    expect(shipment.json).toMatchObject({
      status: "issued",
      carrier: "yamato",
      order_id: ids[0],
      parcel: 1,
      parcels: 1,
    });
    expect(shipment.json.history).toEqual([expect.objectContaining({ action: "issue" })]);
  });

  it("never makes a second live label for an order: a repeated request and concurrent consumers get the same shipment", async () => {
    const { account, call, ids } = await printingCompany();
    const first = await issue(call, [ids[1]!]);
    const again = await issue(call, [ids[1]!]);
    expect(again.results[0].tracking_numbers).toEqual(first.results[0].tracking_numbers);

    // Ten batches for one order rendered at the same time: one number, one shipment.
    const batches = await asUser(account, () =>
      Promise.all(Array.from({ length: 10 }, () => Labels.requestLabels({ order_ids: [ids[0]!] }))),
    );
    await asUser(account, () => Promise.all(batches.map((b) => LabelRun.runPart(b.label_id, 0, [ids[0]!]))));
    const shipments = await asUser(account, () => Shipment.ofOrder(ids[0]!));
    expect(shipments.filter((s) => s.status === "issued")).toHaveLength(1);
  });

  it("cancels a label for good: the number is never handed out again, and another company cannot touch it", async () => {
    const { call, ids } = await printingCompany();
    const first = await issue(call, [ids[0]!]);
    const [shipmentId] = first.results[0].shipment_ids;
    const [number] = first.results[0].tracking_numbers;

    const other = await testAccount();
    const foreign = await callApi(`/api/shipments/${shipmentId}/cancel`, {
      method: "PUT",
      token: other.idToken,
    });
    expect(foreign.status).toBe(404);

    const cancelled = await call(`/shipments/${shipmentId}/cancel`, "PUT");
    expect(cancelled.json).toMatchObject({ status: "cancelled", tracking_number: number });
    expect((await call(`/shipments/${shipmentId}/cancel`, "PUT")).json.status).toBe("cancelled");

    const reissued = await issue(call, [ids[0]!]);
    expect(reissued.results[0].tracking_numbers).toHaveLength(1);
    expect(reissued.results[0].tracking_numbers[0]).not.toBe(number);

    const history = await call("/shipments?status=cancelled");
    expect(history.json.items.map((s: { id: string }) => s.id)).toEqual([shipmentId]);
    const all = await call("/shipments");
    expect(all.json.items).toHaveLength(2);
    const ofOrder = await call(`/shipments?order_id=${ids[0]}`);
    expect(ofOrder.json.items.map((s: { status: string }) => s.status)).toEqual(["issued", "cancelled"]);
    const bulk = await call("/shipments/cancel_shipments", "PUT", {
      ids: [reissued.results[0].shipment_ids[0], "shp_01JAAAAAAAAAAAAAAAAAAAAAAA"],
    });
    expect(bulk.json.results).toEqual([
      { id: reissued.results[0].shipment_ids[0] },
      { id: "shp_01JAAAAAAAAAAAAAAAAAAAAAAA", error: "出荷情報が見つかりません。" },
    ]);
  });

  it("reissues a torn label with the same number under a new label id, and refuses a cancelled one", async () => {
    const { call, ids } = await printingCompany();
    const first = await issue(call, [ids[0]!, ids[1]!]);
    const [kept, cancelled] = first.results.map((r: { shipment_ids: string[] }) => r.shipment_ids[0]);
    await call(`/shipments/${cancelled}/cancel`, "PUT");

    const accepted = await call("/shipments/reissue", "POST", { shipment_ids: [kept, cancelled] });
    expect(accepted.status).toBe(202);
    expect(accepted.json.label_id).not.toBe(first.label_id);
    await drainQueue("labelJob", handler);
    const status = (await call(`/shipments/labels?label_id=${accepted.json.label_id}`)).json;
    expect(status).toMatchObject({ status: "done", progress: { done: 2, total: 2 } });
    expect(status.parts).toEqual([expect.objectContaining({ carrier: "yamato", labels: 1 })]);
    const byOrder = new Map(status.results.map((r: { order_id: string }) => [r.order_id, r]));
    expect(byOrder.get(ids[0])).toMatchObject({
      tracking_numbers: first.results[0].tracking_numbers,
      error: null,
    });
    expect(byOrder.get(ids[1])).toMatchObject({
      error: "取り消した出荷は再発行できません。新しく発行してください。",
    });

    const reprinted = (await call(`/shipments/${kept}`)).json;
    expect(reprinted.label_id).toBe(accepted.json.label_id);
    expect(reprinted.history.map((h: { action: string }) => h.action)).toEqual(["issue", "reissue"]);

    const unknown = await call("/shipments/reissue", "POST", {
      shipment_ids: ["shp_01JAAAAAAAAAAAAAAAAAAAAAAA"],
    });
    expect([unknown.status, unknown.json.fields?.shipment_ids]).toEqual([
      400,
      "出荷が見つかりません（shp_01JAAAAAAAAAAAAAAAAAAAAAAA）",
    ]);
  });

  it("ships orders that name no carrier by the brand's default carrier: the first account's, then the merchant's choice", async () => {
    const { call, ids } = await printingCompany();
    await call("/sagawa", "POST", {
      name: "佐川急便 自社印刷",
      mode: "self_printed",
      customer_code: "123456789012",
      tracking_ranges: [{ first: trackingNumberOf(66_600_000_000), last: trackingNumberOf(66_600_000_099) }],
    });
    expect((await call("/brands")).json.default_carrier).toBe("yamato");
    const byYamato = await issue(call, [ids[1]!]);
    expect(byYamato.parts).toEqual([expect.objectContaining({ carrier: "yamato" })]);

    const japanPost = await call("/brands/carrier", "PUT", { carrier: "japan_post" });
    expect([japanPost.status, japanPost.json.code]).toEqual([422, "brand.carrier_without_account"]);
    expect((await call("/brands/carrier", "PUT", { carrier: "sagawa" })).json.default_carrier).toBe("sagawa");
    const bySagawa = await issue(call, [ids[0]!]);
    expect(bySagawa.parts).toEqual([expect.objectContaining({ carrier: "sagawa" })]);
    expect(bySagawa.results[0].tracking_numbers[0]).toMatch(/^6660000000/);
  });

  it("says when the ranges run out", async () => {
    const account = await testAccount();
    const call = apiCaller(account);
    // The 会社概要 is the ご依頼主 every label prints.
    expect((await call("/companies", "PUT", kyotoCompanyProfile())).status).toBe(200);
    await call("/sagawa", "POST", {
      name: "佐川急便",
      mode: "self_printed",
      customer_code: "123456789012",
      tracking_ranges: [{ first: trackingNumberOf(44_400_000_000), last: trackingNumberOf(44_400_000_000) }],
    });
    const orders = await asUser(account, () => Order.upsertPage([shopOrderFixture(1), shopOrderFixture(2)]));
    const status = await issue(
      call,
      orders.map((o) => o.orderId),
    );
    expect(
      status.results.map((r: { error: string | null }) => r.error),
      JSON.stringify(status.results),
    ).toEqual([
      null,
      "追跡番号の番号帯を使い切りました。配送会社から新しい番号帯の割り当てを受けて登録してください。",
    ]);
  });
});
