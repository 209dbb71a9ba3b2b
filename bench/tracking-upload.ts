/**
 * Bulk tracking upload against Shopify's rate limit: 500 shipments of one simulated
 * Shopify shop on the standard plan (a 1,000-point bucket refilled at 100 a second),
 * uploaded through the real path (PUT-equivalent job, the tracking-upload queue on the
 * SQS stand-in, several consumers at once, the shared per-shop budget, the simulator).
 *
 * What the bucket allows in the time taken is (points available at the start + refill)
 * ÷ the points one upload really costs (the simulator's charge after refunds, divided
 * by the uploads); `ratio` is the uploads per second achieved against that.
 * `duplicates` counts our numbers that the shop holds on more than one fulfilment
 * (or fulfilments beyond one per shipment). The last line is one JSON object.
 *   npx tsx bench/tracking-upload.ts [shipments=500] [consumers=8]
 */
import { printableSeedOrder } from "../test/support/seed-orders";
import { consumeOneByOne, withBenchStack } from "./support";

const count = Number(process.argv[2] ?? 500);
const consumers = Number(process.argv[3] ?? 8);
const STANDARD = { maximumAvailable: 1000, restoreRate: 100 };

await withBenchStack(async ({ admin, simulators }) => {
  const { ActorContext, Order, Labels, ShopConnection, Shopify, OrderSync, TrackingUpload } = await import(
    "./core"
  );
  const { drainQueue } = await import("../test/support/simulators");
  const orderSync = (await import("../functions/src/queue/order-sync")).handler;
  const labelJob = (await import("../functions/src/queue/label-job")).handler;
  const trackingUpload = (await import("../functions/src/queue/tracking-upload")).handler;
  const asAdmin = <T>(cb: () => Promise<T>) => ActorContext.with(admin, cb);

  const domain = "okuru-upload-bench.myshopify.com";
  // Orders #5001…, one 宇治抹茶 each to a customer every carrier prints.
  const seeds = Array.from({ length: count }, (_, i) =>
    printableSeedOrder(4001 + i, new Date(Date.now() - 5 * 86_400_000 + i * 1000).toISOString()),
  );
  // The import is not what is measured: it runs on a large plan, then the shop moves to the standard one.
  simulators.shopify.addShop(domain, seeds, { bucket: { maximumAvailable: 20_000, restoreRate: 10_000 } });
  const shop = await asAdmin(async () => {
    const { authorization_url } = await ShopConnection.startShopify({ shop: domain, from: "settings" });
    const approved = await fetch(authorization_url, { method: "POST", redirect: "manual" });
    return ShopConnection.completeShopify(
      Object.fromEntries(new URL(approved.headers.get("location")!).searchParams),
    );
  });
  await asAdmin(() => OrderSync.requestManual(shop.shopId));
  await drainQueue("orderSync", orderSync, 100_000);

  const orderIds: string[] = [];
  await asAdmin(async () => {
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof Order.list>> = await Order.list(
        { tab: "notShipped", shopId: shop.shopId },
        { cursor: cursor ?? undefined, limit: 100 },
      );
      orderIds.push(...page.items.map((o) => o.orderId));
      cursor = page.cursor;
    } while (cursor);
  });
  const { label_id } = await asAdmin(() => Labels.requestLabels({ order_ids: orderIds }));
  await drainQueue("labelJob", labelJob, 100_000);
  const labels = await asAdmin(() => Labels.batchStatus(label_id));
  const shipmentIds = labels.results.flatMap((r) => r.shipment_ids);
  const failedLabels = labels.results.filter((r) => r.error).length;

  // The standard plan from here on, and the client's in-process knowledge of the bucket forgotten.
  const sim = simulators.shopify.shop(domain);
  // The simulated Shopify runs in this process; its webhooks about each fulfilment (and our
  // API's handling of them) would be other machines' work in production, not the upload's.
  sim.state.webhookSubscriptions = [];
  sim.setPlan(STANDARD);
  Shopify.resetBuckets();
  await simulators.shopify.idle();
  const pointsBefore = sim.appPointsCharged;

  const started = performance.now();
  const { job_id } = await asAdmin(() => TrackingUpload.requestUpload({ shipment_ids: shipmentIds }));
  // Each consumer takes one message at a time, as separate Lambda invocations would.
  const drains = await Promise.all(
    Array.from({ length: consumers }, () =>
      consumeOneByOne({ queue: "trackingUpload", handler: trackingUpload, stop: (empty) => empty >= 3 }),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const job = await asAdmin(() => TrackingUpload.jobStatus(job_id));

  const uploaded = job.results.filter((r) => r.status === "uploaded").length;
  const pointsPerUpload = (sim.appPointsCharged - pointsBefore) / Math.max(1, uploaded);
  const allowedPerSecond =
    (STANDARD.maximumAvailable + STANDARD.restoreRate * seconds) / pointsPerUpload / seconds;
  const uploadsPerSecond = uploaded / seconds;

  const numbers = sim.fulfillments
    .filter((f) => f.status !== "CANCELLED")
    .flatMap((f) => f.trackingInfo.map((t) => t.number));
  const ordersFulfilledTwice = sim.orders.filter(
    (o) => o.fulfillments.filter((f) => f.status !== "CANCELLED").length > 1,
  ).length;
  const duplicates = numbers.length - new Set(numbers).size + ordersFulfilledTwice;

  const reasons = new Map<string, number>();
  for (const r of job.results) if (r.error) reasons.set(r.error, (reasons.get(r.error) ?? 0) + 1);
  for (const [reason, n] of reasons) console.log(`${n} × ${reason}`);
  console.log(
    `${uploaded} of ${shipmentIds.length} shipments uploaded in ${seconds.toFixed(1)} s by ${consumers} consumers ` +
      `(${failedLabels} labels refused, ${job.failed} uploads failed, ${drains.reduce((s, d) => s + d.failed, 0)} messages failed); ` +
      `${pointsPerUpload.toFixed(1)} points an upload`,
  );
  console.log(
    JSON.stringify({
      bench: "tracking-upload",
      shipments: shipmentIds.length,
      uploaded,
      failed: job.failed,
      seconds: Number(seconds.toFixed(1)),
      points_per_upload: Number(pointsPerUpload.toFixed(2)),
      uploads_per_s: Number(uploadsPerSecond.toFixed(2)),
      allowed_per_s: Number(allowedPerSecond.toFixed(2)),
      ratio: Number((uploadsPerSecond / allowedPerSecond).toFixed(2)),
      duplicates,
    }),
  );
});
