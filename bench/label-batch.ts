/**
 * A label batch end to end: N orders of the demo company through POST
 * /api/shipments/labels, the label-job queue on the SQS stand-in and two local
 * consumers (the real handler, one message at a time each, as two Lambda instances
 * would), until every part's PDF is in S3. Measures the time to the first printable
 * part and to all parts, polling GET /api/shipments/labels as the screen does (more
 * often: every 50 ms until the first part, then every 250 ms). Two batches of N orders
 * run one after the other: the first on a fresh DynamoDB Local (reported as cold_*),
 * the second as the figures.
 * The last line is one JSON object: first_part_s, all_parts_s (and cold_first_part_s,
 * cold_all_parts_s).
 *   npx tsx bench/label-batch.ts [orders=1000]
 */
import { consumeOneByOne, withBenchStack } from "./support";

const orderCount = Number(process.argv[2] ?? 1000);

await withBenchStack(async ({ token, admin, apiOrigin }) => {
  const { ActorContext, Order } = await import("./core");
  const { handler } = await import("../functions/src/queue/label-job");
  const { personFixture, shopOrderFixture } = await import("../test/support/orders");

  // Orders Yamato can print (no characters beyond JIS level 1 and 2), a quarter COD; one
  // set for each of the two batches.
  const ordersFor = async (from: number) => {
    const writes = Array.from({ length: orderCount }, (_, i) =>
      shopOrderFixture(from + i, {
        shopId: "shop_01JBENCHLABELS00000000000",
        customer: personFixture({ name: `高橋 ${i}郎` }),
        codAmount: i % 4 === 0 ? 3600 : null,
      }),
    );
    const ids: string[] = [];
    await ActorContext.with(admin, async () => {
      for (let i = 0; i < writes.length; i += 100)
        ids.push(...(await Order.upsertPage(writes.slice(i, i + 100))).map((r) => r.orderId));
    });
    return ids;
  };
  const [coldIds, ids] = [await ordersFor(10_000), await ordersFor(20_000)];

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${apiOrigin}/api${path}`, {
      ...init,
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    });

  // The consumers wait on the queue from the start, as the queue's event source does.
  let stop = false;
  const consumer = () => consumeOneByOne({ queue: "labelJob", handler, stop: () => stop, waitSeconds: 1 });
  const consumers = [consumer(), consumer()];

  type Status = {
    status: string;
    progress: { done: number; total: number };
    parts: unknown[];
    results: { error: string | null }[];
  };
  const batch = async (orderIds: string[]) => {
    const started = performance.now();
    const accepted = await api("/shipments/labels", {
      method: "POST",
      body: JSON.stringify({ order_ids: orderIds }),
    });
    const { label_id: labelId } = (await accepted.json()) as { label_id: string };
    let firstPart: number | undefined;
    for (;;) {
      const status = (await (await api(`/shipments/labels?label_id=${labelId}`)).json()) as Status;
      if (firstPart === undefined && status.parts.length) firstPart = (performance.now() - started) / 1000;
      if (status.status === "done") {
        const allParts = (performance.now() - started) / 1000;
        return { status, firstPart: firstPart ?? allParts, allParts };
      }
      // Often until the first part, so its time is exact; then every quarter second (the
      // screen reads once a second): each read lists every result and signs every URL, load
      // on the same table the consumers write.
      await new Promise((r) => setTimeout(r, firstPart === undefined ? 50 : 250));
    }
  };
  // The first batch on a fresh stand-in is slower for a reason of the stand-in's own:
  // DynamoDB Local's JVM compiles its transaction code as it first runs it (its compiler
  // threads took 14 CPU-seconds of one run here, on a 2-core machine). It is reported as
  // cold_*; the figures are the second batch's, as a running service would answer.
  const cold = await batch(coldIds);
  const { status, firstPart, allParts } = await batch(ids);
  stop = true;
  await Promise.all(consumers);

  const failed = status.results.filter((r) => r.error).length;
  console.log(
    JSON.stringify({
      bench: "label-batch",
      orders: orderCount,
      parts: status.parts.length,
      failed_orders: failed,
      first_part_s: Number(firstPart.toFixed(2)),
      all_parts_s: Number(allParts.toFixed(2)),
      cold_first_part_s: Number(cold.firstPart.toFixed(2)),
      cold_all_parts_s: Number(cold.allParts.toFixed(2)),
      cold_failed_orders: cold.status.results.filter((r) => r.error).length,
    }),
  );
});
