/**
 * A label batch end to end: N orders of the demo company through POST
 * /api/shipments/labels, the label-job queue on the SQS stand-in and two local
 * consumers (the real handler, one message at a time each, as two Lambda instances
 * would), until every part's PDF is in S3. Measures the time to the first printable
 * part and to all parts, polling GET /api/shipments/labels as the screen does (more
 * often: every 50 ms until the first part, then every 250 ms).
 * The last line is one JSON object: first_part_s, all_parts_s.
 *   npx tsx bench/label-batch.ts [orders=1000]
 */
import { consumeOneByOne, withBenchStack } from "./support";

const orderCount = Number(process.argv[2] ?? 1000);

await withBenchStack(async ({ token, admin, apiOrigin }) => {
  const { ActorContext, Order } = await import("./core");
  const { handler } = await import("../functions/src/queue/label-job");
  const { personFixture, shopOrderFixture } = await import("../test/support/orders");

  // Orders Yamato can print (no characters beyond JIS level 1 and 2), a quarter COD.
  const writes = Array.from({ length: orderCount }, (_, i) =>
    shopOrderFixture(10_000 + i, {
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

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${apiOrigin}/api${path}`, {
      ...init,
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    });

  const started = performance.now();
  const accepted = await api("/shipments/labels", {
    method: "POST",
    body: JSON.stringify({ order_ids: ids }),
  });
  const { label_id: labelId } = (await accepted.json()) as { label_id: string };

  let stop = false;
  const consumer = () => consumeOneByOne({ queue: "labelJob", handler, stop: () => stop, waitSeconds: 1 });
  const consumers = [consumer(), consumer()];

  let firstPart: number | undefined;
  let status: {
    status: string;
    progress: { done: number; total: number };
    parts: unknown[];
    results: { error: string | null }[];
  };
  for (;;) {
    status = (await (await api(`/shipments/labels?label_id=${labelId}`)).json()) as typeof status;
    if (firstPart === undefined && status.parts.length) firstPart = (performance.now() - started) / 1000;
    if (status.status === "done") break;
    // Often until the first part, so its time is exact; then every quarter second (the
    // screen reads once a second): each read lists every result and signs every URL, load
    // on the same table the consumers write.
    await new Promise((r) => setTimeout(r, firstPart === undefined ? 50 : 250));
  }
  const allParts = (performance.now() - started) / 1000;
  stop = true;
  await Promise.all(consumers);

  const failed = status.results.filter((r) => r.error).length;
  console.log(
    JSON.stringify({
      bench: "label-batch",
      orders: orderCount,
      parts: status.parts.length,
      failed_orders: failed,
      first_part_s: Number((firstPart ?? allParts).toFixed(2)),
      all_parts_s: Number(allParts.toFixed(2)),
    }),
  );
});
