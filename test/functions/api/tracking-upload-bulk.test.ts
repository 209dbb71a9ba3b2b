import { describe, expect, it } from "vitest";
import { handler as labelJobHandler } from "../../../functions/src/queue/label-job";
import { handler as orderSyncHandler } from "../../../functions/src/queue/order-sync";
import { handler as trackingUploadHandler } from "../../../functions/src/queue/tracking-upload";
import { shippingCompany } from "../../support/printing";
import { printableSeedOrder } from "../../support/seed-orders";
import { connectShopify, drainQueue, useShops } from "../../support/simulators";

/**
 * Issue 11's bulk case through the real path: 500 orders synced from a simulated
 * Shopify shop, their labels issued through the label-job queue, then one bulk upload
 * through the API and the tracking-upload queue. Every shipment gets its own result
 * with its own number, and the shop holds exactly one fulfilment per order.
 */

const COUNT = 500;

const shops = useShops("labelJob", "trackingUpload");

type UploadResult = {
  shipment_id: string | null;
  order_id: string;
  tracking_number: string | null;
  status: string;
  error: string | null;
};

describe("PUT /api/shipments/upload_tracking_numbers with 500 shipments", () => {
  it("uploads each shipment once, with a result naming its shipment and number, and ships every order", async () => {
    const first = 33_600_000_000 + (process.pid % 1000) * 1000;
    const { account, call } = await shippingCompany({
      name: "京都おくる茶舗 大口",
      yamato: { first, count: COUNT + 100 },
    });
    const domain = "okuru-upload-500.myshopify.com";
    const seeds = Array.from({ length: COUNT }, (_, i) =>
      printableSeedOrder(i + 1, new Date(Date.now() - 5 * 86_400_000 + i * 1000).toISOString()),
    );
    shops().shopify.addShop(domain, seeds);
    await connectShopify(account, domain);
    await drainQueue("orderSync", orderSyncHandler, 1000);

    const listed = await call("/orders/ids?tab_key=notShipped");
    expect(listed.status, listed.text).toBe(200);
    const orderIds: string[] = listed.json.items.map((o: { id: string }) => o.id);
    expect(orderIds).toHaveLength(COUNT);

    const issued = await call("/shipments/labels", "POST", { order_ids: orderIds });
    expect(issued.status, issued.text).toBe(202);
    await drainQueue("labelJob", labelJobHandler, 1000);
    const labels = await call(`/shipments/labels?label_id=${issued.json.label_id}`);
    expect(labels.json.status).toBe("done");
    const numberOf = new Map<string, string>();
    for (const r of labels.json.results as {
      shipment_ids: string[];
      tracking_numbers: string[];
      error: string | null;
    }[]) {
      expect(r.error).toBeNull();
      for (const [i, id] of r.shipment_ids.entries()) numberOf.set(id, r.tracking_numbers[i]!);
    }
    expect(numberOf.size).toBe(COUNT);

    const accepted = await call("/shipments/upload_tracking_numbers", "PUT", {
      shipment_ids: [...numberOf.keys()],
    });
    expect(accepted.status, accepted.text).toBe(202);
    expect((await drainQueue("trackingUpload", trackingUploadHandler, 1000)).failed).toBe(0);

    const job = await call(`/shipments/upload_tracking_numbers/${accepted.json.job_id}`);
    expect(job.json).toMatchObject({
      status: "done",
      progress: { done: COUNT, total: COUNT },
      succeeded: COUNT,
      failed: 0,
    });
    const results = job.json.results as UploadResult[];
    expect(results).toHaveLength(COUNT);
    expect(new Set(results.map((r) => r.shipment_id)).size).toBe(COUNT);
    for (const r of results) {
      expect(r.status, JSON.stringify(r)).toBe("uploaded");
      expect(r.tracking_number).toBe(numberOf.get(r.shipment_id!));
    }

    // The shop: one live fulfilment per order, carrying that order's own number.
    const sim = shops().shopify.shop(domain);
    const live = sim.fulfillments.filter((f) => f.status !== "CANCELLED");
    expect(live).toHaveLength(COUNT);
    const numbers = live.flatMap((f) => f.trackingInfo.map((t) => t.number));
    expect(new Set(numbers)).toEqual(new Set(numberOf.values()));
    expect(sim.orders.every((o) => o.fulfillments.filter((f) => f.status !== "CANCELLED").length === 1)).toBe(
      true,
    );

    const counts = (await call("/orders?tab_key=shipped&limit=1")).json.counts;
    expect(counts).toMatchObject({ notShipped: 0, shipped: COUNT });
  }, 300_000);
});
