/**
 * Order sync throughput: N simulated Shopify orders into DynamoDB Local through the
 * real path (the order-sync queue on the SQS stand-in, the real consumer, the Shopify
 * adapter against the simulator, the normaliser, Order.upsertPage), against a raw
 * BatchWrite of exactly the items that sync wrote (each order and its search-token
 * items, read back afterwards and re-keyed to another tenant), in the order the sync
 * sends them, 25 to a request at the sync's own write concurrency, in the same run.
 * The simulated shop has a large cost bucket (an enterprise plan), so what is measured
 * is this product, not Shopify's rate limit. The simulated shop answers from a worker
 * thread of its own, as a real shop answers from elsewhere: its GraphQL execution and
 * JSON are not charged to the event loop that runs the consumer (`BENCH_SHOP=inline`
 * serves it on that loop, as before). Both timed phases run on a warmed stand-in: a
 * shop of 1,000 orders is synced first. The last line is one JSON object:
 * orders_per_s, raw_per_s, ratio, items_per_order, raw_key_order_per_s (the same raw
 * writes in key order, for reference), and the CPU seconds this process (the consumer,
 * the SDK and the simulated shop, in whichever thread) spent in each phase (sync_cpu_s,
 * raw_cpu_s): the wall-clock figures move with whatever else the machine runs, the CPU
 * time much less.
 *   npx tsx bench/sync.ts [orders=10000]
 */
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { BatchWriteCommand, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { withBenchStack } from "./support";

const orderCount = Number(process.argv[2] ?? 10_000);
const domain = "okuru-bench.myshopify.com";
/**
 * A shop synced first, outside the timing: DynamoDB Local's JVM compiles its write path
 * as it first runs it, so without this the timed sync would pay for that and the raw
 * writes after it would not.
 */
const warmupDomain = "okuru-warmup.myshopify.com";
const warmupOrders = 1_000;
/** CPU time (user + system) of the whole process, every thread of it. */
const cpuSeconds = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1e6;

/** The simulated Shopify holding the bench's orders, started where it is called. */
async function startShop(count: number) {
  const { startSimulators } = await import("../dev/src/simulators/serve");
  const { generateSeedOrders } = await import("../dev/src/simulators/seed-orders");
  const simulators = await startSimulators();
  const seeds = generateSeedOrders({ count, seed: 42, daysBack: 25 }).map((o) => ({
    ...o,
    state: "open" as const,
  }));
  const bucket = { maximumAvailable: 20_000, restoreRate: 10_000 };
  simulators.shopify.addShop(domain, seeds, { bucket });
  const warmup = generateSeedOrders({ count: warmupOrders, seed: 7, daysBack: 25 });
  simulators.shopify.addShop(
    warmupDomain,
    warmup.map((o) => ({ ...o, state: "open" as const })),
    { bucket },
  );
  return simulators;
}

if (!isMainThread) {
  const simulators = await startShop(workerData.orderCount);
  parentPort!.postMessage(simulators.env);
} else {
  await main();
}

async function main() {
  await withBenchStack(async ({ tenantId, admin }) => {
    const { ActorContext } = await import("@okuru/core/actor");
    const { ShopConnection } = await import("@okuru/core/workflows/shop-connection");
    const { OrderSync } = await import("@okuru/core/workflows/order-sync");
    const { dynamo } = await import("@okuru/core/db/client");
    const { coreConfig, resetCoreConfig } = await import("@okuru/core/config");
    const { WRITE_CONCURRENCY } = OrderSync;
    const { ORDERS_PAGE_SIZE } = await import("@okuru/core/platforms/shopify");
    const { handler } = await import("../functions/src/queue/order-sync");
    const { drainQueue } = await import("../test/support/simulators");

    const inline = process.env.BENCH_SHOP === "inline";
    let worker: Worker | undefined;
    let shopEnv: Record<string, string>;
    let inlineShop: Awaited<ReturnType<typeof startShop>> | undefined;
    if (inline) {
      inlineShop = await startShop(orderCount);
      shopEnv = inlineShop.env;
    } else {
      // A worker thread does not inherit tsx's loader: it registers it, then runs this file.
      const boot = `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
      worker = new Worker(boot, { eval: true, workerData: { orderCount } });
      shopEnv = await new Promise((resolve, reject) => {
        worker!.once("message", resolve);
        worker!.once("error", reject);
      });
    }
    // The demo shops' first syncs (queued when the bench stack connected them) run first,
    // against the shop they were connected to, and outside the timing.
    await drainQueue("orderSync", handler, 1_000);
    Object.assign(process.env, shopEnv);
    resetCoreConfig();

    // The demo administrator connects the shops as a merchant would.
    const connect = (shopDomain: string) =>
      ActorContext.with(admin, async () => {
        const { authorization_url } = await ShopConnection.startShopify({
          shop: shopDomain,
          from: "settings",
        });
        const approved = await fetch(authorization_url, { method: "POST", redirect: "manual" });
        return ShopConnection.completeShopify(
          Object.fromEntries(new URL(approved.headers.get("location")!).searchParams),
        );
      });
    const warmup = await connect(warmupDomain);
    await ActorContext.with(admin, () => OrderSync.requestManual(warmup.shopId));
    await drainQueue("orderSync", handler, 100_000);
    const shop = await connect(domain);

    const syncStarted = performance.now();
    const syncCpu = process.cpuUsage();
    await ActorContext.with(admin, () => OrderSync.requestManual(shop.shopId));
    const drained = await drainQueue("orderSync", handler, 100_000);
    const syncSeconds = (performance.now() - syncStarted) / 1000;
    const syncCpuSeconds = cpuSeconds(process.cpuUsage(syncCpu));

    // Every order and search-token item the sync wrote for this shop (tokens live in
    // shard partitions of their own, so the table is scanned once, outside the timing).
    const { tableName } = coreConfig();
    const tenantItems: Record<string, unknown>[] = [];
    let lastKey: Record<string, unknown> | undefined;
    do {
      const page = await dynamo().send(
        new ScanCommand({
          TableName: tableName,
          FilterExpression: "tenantId = :t AND (#e = :order OR #e = :token)",
          ExpressionAttributeNames: { "#e": "__edb_e__" },
          ExpressionAttributeValues: { ":t": tenantId, ":order": "order", ":token": "orderSearch" },
          ExclusiveStartKey: lastKey,
        }),
      );
      tenantItems.push(...(page.Items ?? []));
      lastKey = page.LastEvaluatedKey;
    } while (lastKey);
    const ofShop = new Set(
      tenantItems
        .filter((item) => item.__edb_e__ === "order" && item.shopId === shop.shopId)
        .map((item) => item.orderId),
    );
    const items = tenantItems.filter((item) => ofShop.has(item.orderId));
    const orders = ofShop.size;

    // The same items, in the order the sync sends them: page by page as the shop lists
    // them (oldest change first, ORDERS_PAGE_SIZE to a page), each page's search tokens,
    // then its orders (Order.upsertPage). A Scan hands them back in key order instead,
    // which is the cheapest order DynamoDB Local's B-trees can be filled in and one no
    // importer produces: it is written too, as raw_key_order_per_s, for reference.
    const tokensOf = new Map<unknown, Record<string, unknown>[]>();
    for (const item of items) {
      if (item.__edb_e__ !== "orderSearch") continue;
      const tokens = tokensOf.get(item.orderId) ?? [];
      tokens.push(item);
      tokensOf.set(item.orderId, tokens);
    }
    const shopIdNumber = (item: Record<string, unknown>) =>
      Number(String(item.platformOrderId).split("/").pop());
    const inShopOrder = items
      .filter((item) => item.__edb_e__ === "order")
      .sort(
        (a, b) =>
          String(a.platformUpdatedAt).localeCompare(String(b.platformUpdatedAt)) ||
          shopIdNumber(a) - shopIdNumber(b),
      );
    const inSyncOrder: Record<string, unknown>[] = [];
    for (let i = 0; i < inShopOrder.length; i += ORDERS_PAGE_SIZE) {
      const page = inShopOrder.slice(i, i + ORDERS_PAGE_SIZE);
      inSyncOrder.push(...page.flatMap((order) => tokensOf.get(order.orderId) ?? []), ...page);
    }
    if (inSyncOrder.length !== items.length) throw new Error("the raw items are not the sync's items");

    /** Writes the items raw under a tenant of their own: 25 to a BatchWrite, WRITE_CONCURRENCY at once. */
    const writeRaw = async (name: string, ordered: Record<string, unknown>[]) => {
      const rawTenant = `com_RAWBENCH${name}${Date.now()}`;
      const rekey = (value: unknown) =>
        typeof value === "string" ? value.replace(tenantId, rawTenant) : value;
      const rawItems = ordered.map((item) => {
        const copy: Record<string, unknown> = { ...item, tenantId: rawTenant };
        for (const key of ["pk", "gsi1pk", "gsi2pk", "gsi3pk"]) if (key in copy) copy[key] = rekey(copy[key]);
        return copy;
      });
      const batches: Record<string, unknown>[][] = [];
      for (let i = 0; i < rawItems.length; i += 25) batches.push(rawItems.slice(i, i + 25));
      const started = performance.now();
      const cpu = process.cpuUsage();
      let next = 0;
      await Promise.all(
        Array.from({ length: WRITE_CONCURRENCY }, async () => {
          while (next < batches.length) {
            const batch = batches[next++]!;
            let request: Record<string, { PutRequest: { Item: Record<string, unknown> } }[]> | undefined = {
              [tableName]: batch.map((Item) => ({ PutRequest: { Item } })),
            };
            while (request && Object.keys(request).length) {
              const out = await dynamo().send(new BatchWriteCommand({ RequestItems: request }));
              request = out.UnprocessedItems as typeof request;
            }
          }
        }),
      );
      return { seconds: (performance.now() - started) / 1000, cpuSeconds: cpuSeconds(process.cpuUsage(cpu)) };
    };
    const raw = await writeRaw("SYNCORDER", inSyncOrder);
    const rawKeyOrder = await writeRaw("KEYORDER", items);
    const rawSeconds = raw.seconds;
    const rawCpuSeconds = raw.cpuSeconds;

    const ordersPerSecond = orders / syncSeconds;
    const rawPerSecond = orders / rawSeconds;
    console.log(
      JSON.stringify({
        bench: "sync",
        orders,
        expected: orderCount,
        items: items.length,
        items_per_order: Number((items.length / Math.max(1, orders)).toFixed(2)),
        write_concurrency: WRITE_CONCURRENCY,
        messages: drained.handled,
        failed_messages: drained.failed,
        sync_s: Number(syncSeconds.toFixed(1)),
        raw_s: Number(rawSeconds.toFixed(1)),
        sync_cpu_s: Number(syncCpuSeconds.toFixed(1)),
        raw_cpu_s: Number(rawCpuSeconds.toFixed(1)),
        orders_per_s: Math.round(ordersPerSecond),
        raw_per_s: Math.round(rawPerSecond),
        raw_key_order_per_s: Math.round(orders / rawKeyOrder.seconds),
        ratio: Number((ordersPerSecond / rawPerSecond).toFixed(2)),
        shop: inline ? "inline" : "worker",
        warmup_orders: warmupOrders,
      }),
    );
    await worker?.terminate();
    await inlineShop?.stop();
  });
}
