import { TrackingUpload } from "@okuru/core/workflows/tracking-upload";
import { describe, expect, it } from "vitest";
import type { SeedLineItem, SeedOrder } from "../../../dev/src/simulators/seed-order";
import { handler as labelJobHandler } from "../../../functions/src/queue/label-job";
import { handler as trackingUploadHandler } from "../../../functions/src/queue/tracking-upload";
import { asUser, testAccount } from "../../support/account";
import { callApi } from "../../support/api";
import { type Call, shippingCompany } from "../../support/printing";
import { printableSeedOrder } from "../../support/seed-orders";
import {
  connectShopify,
  drainQueue,
  syncedOrdersByNumber,
  usePrivateOrderSyncQueue,
  useShops,
} from "../../support/simulators";

/**
 * Tracking numbers back to the shops, end to end: shops connected through the API,
 * orders synced by the real consumer from the simulators, labels issued through the
 * label-job queue, then uploaded through the API and the tracking-upload queue, and
 * checked in the simulated shops through their own state.
 */

const shops = useShops("labelJob", "trackingUpload");

const tea: SeedLineItem = { sku: "TEA-01", name: "宇治抹茶 100g", quantity: 2, unitPrice: 1800 };
const cups: SeedLineItem = { sku: "CUP-01", name: "湯呑み", quantity: 1, unitPrice: 2400 };
const whisk: SeedLineItem = { sku: "WHISK-01", name: "茶筅", quantity: 1, unitPrice: 3000 };

function seed(n: number, lineItems: SeedLineItem[] = [tea]): SeedOrder {
  return printableSeedOrder(n, new Date(Date.now() - (3 * 86_400 - n * 60) * 1000).toISOString(), {
    lineItems,
  });
}

let rangeStart = 0;

/** A company printing its own Yamato labels: 会社概要 and a self-printed account with numbers of its own. */
async function printingCompany() {
  // The shops of earlier tests announce their fulfilments by webhook, which queues their
  // syncs: each test drains an order-sync queue of its own, so it never waits on theirs.
  await shops().shopify.idle();
  await usePrivateOrderSyncQueue();
  const first = 33_400_000_000 + (process.pid % 1000) * 100_000 + rangeStart;
  rangeStart += 1000;
  return shippingCompany({ name: "京都おくる茶舗", yamato: { first, count: 1000 } });
}

/** Labels for the orders; answers each order's shipments (ids and numbers, by parcel). */
async function issueLabels(call: Call, orderIds: string[]) {
  const accepted = await call("/shipments/labels", "POST", { order_ids: orderIds });
  expect(accepted.status).toBe(202);
  await drainQueue("labelJob", labelJobHandler);
  const status = await call(`/shipments/labels?label_id=${accepted.json.label_id}`);
  const byOrder = new Map<string, { shipment_ids: string[]; tracking_numbers: string[] }>();
  for (const r of status.json.results) {
    expect(r.error, JSON.stringify(r)).toBeNull();
    byOrder.set(r.order_id, r);
  }
  return byOrder;
}

/** A company with a connected simulated Shopify shop holding `seeds`, each order's labels issued. */
async function shopifySetup(
  domain: string,
  seeds: SeedOrder[],
  opts: {
    parcels?: Record<number, number>;
    bucket?: { maximumAvailable: number; restoreRate: number };
    /** Brand settings saved before the labels are issued (PUT /brands). */
    brand?: { notify_customer?: boolean; auto_upload_tracking?: boolean };
  } = {},
) {
  const { account, call } = await printingCompany();
  if (opts.brand) {
    const saved = await call("/brands", "PUT", opts.brand);
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json).toMatchObject(opts.brand);
  }
  shops().shopify.addShop(domain, seeds, opts.bucket ? { bucket: opts.bucket } : {});
  const shop = await connectShopify(account, domain);
  const orders = await syncedOrdersByNumber(call);
  const ids = seeds.map((s) => orders.get(s.number)!);
  expect(ids.every(Boolean)).toBe(true);
  for (const [n, parcels] of Object.entries(opts.parcels ?? {})) {
    const set = await call(`/orders/${orders.get(1000 + Number(n))}/delivery/yamato`, "PUT", {
      service_type: "0",
      item_name: "宇治抹茶",
      parcels,
    });
    expect(set.status, JSON.stringify(set.json)).toBe(200);
  }
  const labels = await issueLabels(call, ids);
  return { account, call, shop, ids, labels, sim: shops().shopify.shop(domain) };
}

/** A bulk upload's job as the screen polls it (GET /shipments/upload_tracking_numbers/{job_id}). */
const uploadJob = (call: Call, jobId: string) => call(`/shipments/upload_tracking_numbers/${jobId}`);

/** A job the queue has finished: every one of its orders done, `succeeded` of them uploaded. */
const finishedJob = ({ succeeded, failed }: { succeeded: number; failed: number }) => ({
  status: "done",
  progress: { done: succeeded + failed, total: succeeded + failed },
  succeeded,
  failed,
});

const liveFulfillments = <F extends { status: string }>(sim: { fulfillments: F[] }) =>
  sim.fulfillments.filter((f) => f.status !== "CANCELLED");

describe("PUT /api/shipments/{id}/upload_tracking_number (Shopify)", () => {
  it("creates one fulfilment with our number and Shopify's company; a second upload changes nothing", async () => {
    const { call, ids, labels, sim } = await shopifySetup("okuru-upload-one.myshopify.com", [seed(1)]);
    const { shipment_ids, tracking_numbers } = labels.get(ids[0]!)!;
    const [shipmentId] = shipment_ids;

    const uploaded = await call(`/shipments/${shipmentId}/upload_tracking_number`, "PUT");
    expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(200);
    expect(uploaded.json).toMatchObject({
      status: "uploaded",
      tracking_numbers,
      order_shipment_status: "shipped",
      already_uploaded: false,
      error: null,
    });
    const fulfillments = liveFulfillments(sim);
    expect(fulfillments).toHaveLength(1);
    expect(fulfillments[0]).toMatchObject({
      notifyCustomer: true,
      trackingInfo: [expect.objectContaining({ company: "Yamato (JA)", number: tracking_numbers[0] })],
    });
    expect(sim.order(1001)!.fulfillmentOrders.every((fo) => fo.status === "CLOSED")).toBe(true);

    const shipment = await call(`/shipments/${shipmentId}`);
    expect(shipment.json).toMatchObject({ status: "isShipped", is_error: false });
    expect(shipment.json.history.map((h: { action: string }) => h.action)).toEqual(["issue", "upload"]);
    const order = await call(`/orders/${ids[0]}`);
    expect(order.json.shipment_status).toBe("shipped");
    const counts = (await call("/orders?limit=1")).json.counts;
    expect(counts).toMatchObject({ notShipped: 0, shipped: 1 });

    const again = await call(`/shipments/${shipmentId}/upload_tracking_number`, "PUT");
    expect(again.json).toMatchObject({ status: "uploaded", already_uploaded: true });
    expect(liveFulfillments(sim)).toHaveLength(1);
    expect((await call("/orders?limit=1")).json.counts).toMatchObject({ notShipped: 0, shipped: 1 });
    // An uploaded shipment cannot be cancelled here any more.
    expect((await call(`/shipments/${shipmentId}/cancel`, "PUT")).status).toBe(422);
  });

  it("a crash between Shopify's answer and our record, then a retry: still one fulfilment", async () => {
    const { account, call, ids, labels, sim } = await shopifySetup("okuru-upload-crash.myshopify.com", [
      seed(1),
    ]);
    const [shipmentId] = labels.get(ids[0]!)!.shipment_ids;
    const crashed = await asUser(account, () =>
      TrackingUpload.uploadOne(shipmentId!, {
        beforeRecord: () => {
          throw new Error("the process died here");
        },
      }),
    ).catch((err: Error) => err);
    expect(crashed).toBeInstanceOf(Error);
    expect(liveFulfillments(sim)).toHaveLength(1);
    expect((await call(`/shipments/${shipmentId}`)).json.status).toBe("issued");

    // While the dead attempt's claim is fresh, a retry does not start a second one.
    const early = await asUser(account, () => TrackingUpload.uploadOne(shipmentId!, { waitMs: 0 })).catch(
      (err: Error) => err,
    );
    expect(early).toMatchObject({ code: "tracking_upload.in_progress" });
    // Once it is stale, the retry finds our number in Shopify and only records it.
    const later = new Date(Date.now() + TrackingUpload.STALE_AFTER_MS + 60_000);
    const retried = await asUser(account, () => TrackingUpload.uploadOne(shipmentId!, { now: () => later }));
    expect(retried).toMatchObject({
      status: "uploaded",
      already_uploaded: true,
      order_shipment_status: "shipped",
    });
    expect(liveFulfillments(sim)).toHaveLength(1);
    expect((await call(`/shipments/${shipmentId}`)).json.status).toBe("isShipped");
  });

  it("puts both parcels of one order on one fulfilment", async () => {
    const { call, ids, labels, sim } = await shopifySetup("okuru-upload-parcels.myshopify.com", [seed(1)], {
      parcels: { 1: 2 },
    });
    const { shipment_ids, tracking_numbers } = labels.get(ids[0]!)!;
    expect(shipment_ids).toHaveLength(2);
    const uploaded = await call(`/shipments/${shipment_ids[0]}/upload_tracking_number`, "PUT");
    expect(uploaded.json).toMatchObject({ status: "uploaded", order_shipment_status: "shipped" });
    expect([...uploaded.json.shipment_ids].sort()).toEqual([...shipment_ids].sort());
    const fulfillments = liveFulfillments(sim);
    expect(fulfillments).toHaveLength(1);
    expect(fulfillments[0]!.trackingInfo.map((t) => t.number).sort()).toEqual([...tracking_numbers].sort());
    for (const id of shipment_ids) expect((await call(`/shipments/${id}`)).json.status).toBe("isShipped");
    const second = await call(`/shipments/${shipment_ids[1]}/upload_tracking_number`, "PUT");
    expect(second.json).toMatchObject({ status: "uploaded", already_uploaded: true });
    expect(liveFulfillments(sim)).toHaveLength(1);
  });

  it("ships two of three items with the first parcel, then the rest with the second", async () => {
    const { call, ids, labels, sim } = await shopifySetup(
      "okuru-upload-partial.myshopify.com",
      [seed(1, [tea, cups, whisk])],
      { parcels: { 1: 2 } },
    );
    const { shipment_ids, tracking_numbers } = labels.get(ids[0]!)!;
    const first = await call(`/shipments/${shipment_ids[0]}/upload_tracking_number`, "PUT", {
      line_items: [
        { line_index: 0, quantity: 2 },
        { line_index: 1, quantity: 1 },
      ],
    });
    expect(first.json, JSON.stringify(first.json)).toMatchObject({
      status: "uploaded",
      shipment_ids: [shipment_ids[0]],
      order_shipment_status: "partiallyShipped",
    });
    expect(sim.order(1001)!.fulfillments).toHaveLength(1);
    expect(sim.order(1001)!.fulfillments[0]!.lineItems.map((l) => l.quantity)).toEqual([2, 1]);
    expect((await call(`/shipments/${shipment_ids[1]}`)).json.status).toBe("issued");
    expect((await call(`/orders/${ids[0]}`)).json.shipment_status).toBe("partiallyShipped");
    expect((await call("/orders?limit=1")).json.counts).toMatchObject({ notShipped: 0, partiallyShipped: 1 });

    const rest = await call(`/shipments/${shipment_ids[1]}/upload_tracking_number`, "PUT");
    expect(rest.json).toMatchObject({ status: "uploaded", order_shipment_status: "shipped" });
    const fulfillments = sim.order(1001)!.fulfillments;
    expect(fulfillments).toHaveLength(2);
    expect(fulfillments[1]!.lineItems.map((l) => l.quantity)).toEqual([1]);
    expect(fulfillments.map((f) => f.trackingInfo[0]!.number)).toEqual(tracking_numbers);
    expect((await call("/orders?limit=1")).json.counts).toMatchObject({ partiallyShipped: 0, shipped: 1 });

    // More than the order has is refused before Shopify is asked.
    const {
      call: call2,
      ids: ids2,
      labels: labels2,
    } = await shopifySetup("okuru-upload-too-many.myshopify.com", [seed(2, [tea])]);
    const tooMany = await call2(
      `/shipments/${labels2.get(ids2[0]!)!.shipment_ids[0]}/upload_tracking_number`,
      "PUT",
      { line_items: [{ line_index: 0, quantity: 3 }] },
    );
    expect(tooMany.json).toMatchObject({ status: "failed" });
    expect(tooMany.json.error).toContain("未発送数を超えています");
  });

  it("reports an uninstalled shop in Japanese on the shipment and the order, and succeeds once reconnected", async () => {
    const domain = "okuru-upload-gone.myshopify.com";
    const { account, call, ids, labels, sim } = await shopifySetup(domain, [seed(1)]);
    const [shipmentId] = labels.get(ids[0]!)!.shipment_ids;
    await shops().shopify.uninstall(domain);

    const failed = await call(`/shipments/${shipmentId}/upload_tracking_number`, "PUT");
    expect(failed.status).toBe(200);
    expect(failed.json).toMatchObject({ status: "failed" });
    expect(failed.json.error).toMatch(/ストア|Shopify/);
    const shipment = (await call(`/shipments/${shipmentId}`)).json;
    expect(shipment).toMatchObject({ status: "issued", is_error: true });
    expect(shipment.errors[0].message).toBe(failed.json.error);
    const order = (await call(`/orders/${ids[0]}`)).json;
    expect(order.is_error).toBe(true);
    expect(order.errors).toEqual([expect.objectContaining({ field: "upload" })]);
    expect((await call("/orders?limit=1")).json.counts).toMatchObject({ error: 1, notShipped: 1 });
    expect(liveFulfillments(sim)).toHaveLength(0);

    await connectShopify(account, domain);
    const retried = await call(`/shipments/${shipmentId}/upload_tracking_number`, "PUT");
    expect(retried.json).toMatchObject({ status: "uploaded", order_shipment_status: "shipped" });
    expect((await call(`/shipments/${shipmentId}`)).json).toMatchObject({ is_error: false, errors: [] });
    expect((await call(`/orders/${ids[0]}`)).json).toMatchObject({ is_error: false, errors: [] });
    expect((await call("/orders?limit=1")).json.counts).toMatchObject({ error: 0, shipped: 1 });
    expect(liveFulfillments(sim)).toHaveLength(1);
  });

  it("answers 404 to another company, which changes nothing", async () => {
    const { call, ids, labels, sim } = await shopifySetup("okuru-upload-tenant.myshopify.com", [seed(1)]);
    const [shipmentId] = labels.get(ids[0]!)!.shipment_ids;
    const other = await testAccount("別の会社");
    const foreign = await callApi(`/api/shipments/${shipmentId}/upload_tracking_number`, {
      method: "PUT",
      token: other.idToken,
    });
    expect(foreign.status).toBe(404);
    const bulk = await callApi("/api/shipments/upload_tracking_numbers", {
      method: "PUT",
      token: other.idToken,
      body: { shipment_ids: [shipmentId] },
    });
    expect(bulk.status).toBe(202);
    await drainQueue("trackingUpload", trackingUploadHandler);
    const job = await callApi(`/api/shipments/upload_tracking_numbers/${bulk.json.job_id}`, {
      token: other.idToken,
    });
    expect(job.json.results).toEqual([
      expect.objectContaining({
        shipment_id: shipmentId,
        status: "failed",
        error: "出荷情報が見つかりません。",
      }),
    ]);
    // Company A cannot read company B's job either.
    expect((await uploadJob(call, bulk.json.job_id)).status).toBe(404);
    expect(liveFulfillments(sim)).toHaveLength(0);
    expect((await call(`/shipments/${shipmentId}`)).json.status).toBe("issued");
  });
});

describe("PUT /api/shipments/upload_tracking_numbers", () => {
  it("uploads 20 shipments through the queue within the shop's bucket, with a result for each", async () => {
    const seeds = Array.from({ length: 20 }, (_, i) => seed(i + 1));
    // The standard plan, just drained by the first sync's page: the calls must wait for
    // the refill (the shared budget and the client's throttle handling) instead of failing.
    const { call, ids, labels, sim } = await shopifySetup("okuru-upload-bulk.myshopify.com", seeds, {
      bucket: { maximumAvailable: 1000, restoreRate: 100 },
    });
    const shipmentIds = ids.map((id) => labels.get(id)!.shipment_ids[0]!);
    const unknown = "shp_01JAAAAAAAAAAAAAAAAAAAAAAA";
    const accepted = await call("/shipments/upload_tracking_numbers", "PUT", {
      shipment_ids: [...shipmentIds, unknown],
    });
    expect(accepted.status).toBe(202);
    const running = await uploadJob(call, accepted.json.job_id);
    expect(running.json).toMatchObject({ status: "running", progress: { done: 0, total: 21 } });

    const drained = await drainQueue("trackingUpload", trackingUploadHandler);
    expect(drained.failed).toBe(0);
    const job = await uploadJob(call, accepted.json.job_id);
    expect(job.json).toMatchObject(finishedJob({ succeeded: 20, failed: 1 }));
    const byId = new Map(job.json.results.map((r: { shipment_id: string }) => [r.shipment_id, r]));
    expect(byId.get(unknown)).toMatchObject({ status: "failed", error: "出荷情報が見つかりません。" });
    for (const [i, id] of shipmentIds.entries()) {
      expect(byId.get(id)).toMatchObject({
        status: "uploaded",
        order_id: ids[i],
        tracking_number: labels.get(ids[i]!)!.tracking_numbers[0],
      });
    }
    const numbers = liveFulfillments(sim).flatMap((f) => f.trackingInfo);
    expect(numbers.map((t) => t.number).sort()).toEqual(
      ids.map((id) => labels.get(id)!.tracking_numbers[0]).sort(),
    );
    expect((await call("/orders?limit=1")).json.counts).toMatchObject({ notShipped: 0, shipped: 20 });
  });
});

describe("Ecforce", () => {
  it("sends the number, the shop's delivery company and the ship time, and reads the order back", async () => {
    const { account, call } = await printingCompany();
    const { apiToken } = shops().ecforce.addShop("okuru-upload-ec", [seed(1)]);
    const connected = await call("/shops/ecforce", "POST", {
      base_url: shops().ecforceBaseUrl("okuru-upload-ec"),
      api_token: apiToken,
    });
    expect(connected.status).toBe(201);
    const orders = await syncedOrdersByNumber(call);
    const orderId = [...orders.values()][0]!;
    const labels = await issueLabels(call, [orderId]);
    const { shipment_ids, tracking_numbers } = labels.get(orderId)!;

    const uploaded = await call(`/shipments/${shipment_ids[0]}/upload_tracking_number`, "PUT");
    expect(uploaded.json, JSON.stringify(uploaded.json)).toMatchObject({
      status: "uploaded",
      order_shipment_status: "shipped",
    });
    const sim = shops().ecforce.shop("okuru-upload-ec");
    const order = sim.orders[0]!;
    expect(order).toMatchObject({
      shipping_slip: tracking_numbers[0],
      state: "shipped",
      shipping_carrier_id: 1,
    });
    expect(order.shipped_at).toEqual(expect.any(Number));
    expect(sim.shippingUpdates).toHaveLength(1);

    const again = await call(`/shipments/${shipment_ids[0]}/upload_tracking_number`, "PUT");
    expect(again.json).toMatchObject({ status: "uploaded", already_uploaded: true });
    expect(sim.shippingUpdates).toHaveLength(1);
    expect(account.tenantId).toBeTruthy();
  });
});

describe("PUT /api/shipments/upload_tracking_numbers with order_ids", () => {
  it("uploads each order's live labels, every parcel once, and names the orders with nothing to upload", async () => {
    const { call, ids, labels, sim } = await shopifySetup(
      "okuru-upload-orders.myshopify.com",
      [seed(1), seed(2), seed(3)],
      { parcels: { 2: 2 } },
    );
    // Order 3 is already in the shop: nothing is left to upload for it.
    const done = await call(
      `/shipments/${labels.get(ids[2]!)!.shipment_ids[0]}/upload_tracking_number`,
      "PUT",
    );
    expect(done.json.status).toBe("uploaded");
    const unknown = "ord_01JAAAAAAAAAAAAAAAAAAAAAAA";

    for (const body of [
      {},
      { order_ids: ids, shipment_ids: labels.get(ids[0]!)!.shipment_ids },
      { order_ids: [] },
    ]) {
      const refused = await call("/shipments/upload_tracking_numbers", "PUT", body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }

    const accepted = await call("/shipments/upload_tracking_numbers", "PUT", {
      order_ids: [...ids, unknown],
    });
    expect(accepted.status, JSON.stringify(accepted.json)).toBe(202);
    // The orders with nothing to upload have their results at once; the rest wait for the queue.
    const running = await uploadJob(call, accepted.json.job_id);
    expect(running.json).toMatchObject({ status: "running", progress: { done: 2, total: 5 }, failed: 2 });

    expect((await drainQueue("trackingUpload", trackingUploadHandler)).failed).toBe(0);
    const job = await uploadJob(call, accepted.json.job_id);
    expect(job.json).toMatchObject(finishedJob({ succeeded: 3, failed: 2 }));
    const failed = job.json.results.filter((r: { status: string }) => r.status === "failed");
    expect(failed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          shipment_id: null,
          order_id: ids[2],
          order_number: "#1003",
          error: TrackingUpload.NOTHING_TO_UPLOAD,
        }),
        expect.objectContaining({ shipment_id: null, order_id: unknown, error: "注文が見つかりません。" }),
      ]),
    );
    const uploaded = job.json.results.filter((r: { status: string }) => r.status === "uploaded");
    expect(uploaded.map((r: { shipment_id: string }) => r.shipment_id).sort()).toEqual(
      [...labels.get(ids[0]!)!.shipment_ids, ...labels.get(ids[1]!)!.shipment_ids].sort(),
    );

    // One fulfilment per order in the shop, the two parcels of #1002 on one of them.
    const numbersOf = (n: number) =>
      liveFulfillments(sim.order(n)!)
        .flatMap((f) => f.trackingInfo.map((t) => t.number))
        .sort();
    expect(liveFulfillments(sim.order(1001)!)).toHaveLength(1);
    expect(numbersOf(1001)).toEqual(labels.get(ids[0]!)!.tracking_numbers);
    expect(liveFulfillments(sim.order(1002)!)).toHaveLength(1);
    expect(numbersOf(1002)).toEqual([...labels.get(ids[1]!)!.tracking_numbers].sort());
    expect(liveFulfillments(sim.order(1003)!)).toHaveLength(1);
    expect((await call("/orders?limit=1")).json.counts).toMatchObject({ notShipped: 0, shipped: 3 });
  });

  it("answers another company's order as not found and uploads nothing of it", async () => {
    const { ids, sim } = await shopifySetup("okuru-upload-orders-tenant.myshopify.com", [seed(1)]);
    const other = await testAccount("よその会社");
    const bulk = await callApi("/api/shipments/upload_tracking_numbers", {
      method: "PUT",
      token: other.idToken,
      body: { order_ids: ids },
    });
    expect(bulk.status).toBe(202);
    const job = await callApi(`/api/shipments/upload_tracking_numbers/${bulk.json.job_id}`, {
      token: other.idToken,
    });
    expect(job.json).toMatchObject({ status: "done", progress: { done: 1, total: 1 } });
    expect(job.json.results).toEqual([
      expect.objectContaining({ order_id: ids[0], status: "failed", error: "注文が見つかりません。" }),
    ]);
    expect(liveFulfillments(sim)).toHaveLength(0);
  });
});

describe("the brand's upload settings", () => {
  it("defaults to notifying the customer and no automatic upload; each can be changed alone", async () => {
    const { call } = await printingCompany();
    const initial = (await call("/brands")).json;
    expect(initial).toMatchObject({ notify_customer: true, auto_upload_tracking: false });
    const named = await call("/brands", "PUT", { name: "京都おくる茶舗" });
    expect(named.json).toMatchObject({ name: "京都おくる茶舗", notify_customer: true });
    const changed = await call("/brands", "PUT", { notify_customer: false, auto_upload_tracking: true });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({
      name: "京都おくる茶舗",
      notify_customer: false,
      auto_upload_tracking: true,
    });
    expect((await call("/brands")).json).toMatchObject({
      notify_customer: false,
      auto_upload_tracking: true,
    });
    for (const body of [{}, { notify_customer: "no" }, { name: "" }]) {
      const refused = await call("/brands", "PUT", body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    expect((await call("/brands")).json).toMatchObject({ name: "京都おくる茶舗", notify_customer: false });
  });

  it("tells Shopify not to notify the customer when the brand says so", async () => {
    const { call, ids, labels, sim } = await shopifySetup("okuru-upload-quiet.myshopify.com", [seed(1)], {
      brand: { notify_customer: false },
    });
    const uploaded = await call(
      `/shipments/${labels.get(ids[0]!)!.shipment_ids[0]}/upload_tracking_number`,
      "PUT",
    );
    expect(uploaded.json.status).toBe("uploaded");
    const fulfillments = liveFulfillments(sim);
    expect(fulfillments).toHaveLength(1);
    expect(fulfillments[0]).toMatchObject({ notifyCustomer: false });
  });

  it("uploads automatically after each label part when the brand says so", async () => {
    // shopifySetup issues the labels through the label-job consumer: with the setting on,
    // each part queues an upload job of its shipments.
    const { account, call, ids, labels, sim } = await shopifySetup(
      "okuru-upload-auto.myshopify.com",
      [seed(1), seed(2)],
      { brand: { auto_upload_tracking: true } },
    );
    expect(liveFulfillments(sim)).toHaveLength(0);
    const drained = await drainQueue("trackingUpload", trackingUploadHandler);
    expect(drained).toEqual({ handled: 1, failed: 0 });
    const numbers = liveFulfillments(sim).flatMap((f) => f.trackingInfo.map((t) => t.number));
    expect(numbers.sort()).toEqual(ids.map((id) => labels.get(id)!.tracking_numbers[0]).sort());
    expect((await call("/orders?limit=1")).json.counts).toMatchObject({ notShipped: 0, shipped: 2 });

    // The label part delivered again: the same job, sent again, and still one fulfilment per order.
    const { label_id: labelId } = (await call(`/shipments/${labels.get(ids[0]!)!.shipment_ids[0]}`)).json;
    const again = await asUser(account, () => TrackingUpload.afterLabelsIssued(labelId, 0));
    const twice = await asUser(account, () => TrackingUpload.afterLabelsIssued(labelId, 0));
    expect(again?.job_id).toBeDefined();
    expect(twice?.job_id).toBe(again?.job_id);
    expect(await drainQueue("trackingUpload", trackingUploadHandler)).toMatchObject({ failed: 0 });
    expect(liveFulfillments(sim)).toHaveLength(2);
    const job = await uploadJob(call, again!.job_id);
    expect(job.json).toMatchObject({ status: "done", progress: { done: 2, total: 2 } });

    // Off (the default), a batch queues nothing.
    const quiet = await shopifySetup("okuru-upload-manual.myshopify.com", [seed(3)]);
    expect(await drainQueue("trackingUpload", trackingUploadHandler)).toEqual({ handled: 0, failed: 0 });
    expect(liveFulfillments(quiet.sim)).toHaveLength(0);
  });
});
