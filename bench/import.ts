/**
 * A first import of a large Shopify store, as a merchant lives it: a fresh simulated store
 * on the standard plan (100 points a second) holding N open orders is connected by the demo
 * company through the API (POST /api/shops/shopify, the store's consent page,
 * verify_request), and the order-sync queue on the SQS stand-in is drained by the real
 * consumer in a poll loop, as `npm start` runs it (dev/src/poll.ts).
 *
 * Measured from the connection on, polling GET /api/orders every POLL_MS as the screen
 * would (more often than it does):
 * - first_orders_s: until 100 of the store's orders are listed;
 * - all_orders_s: until all N are counted in the 未発送 tab (null when PHASE_TIMEOUT_MS passes first);
 * - cost_points: the points the app's queries cost in the store (the simulator's charge);
 * - webhook_p50_s / webhook_p95_s: WEBHOOK_ORDERS orders created with `orderCreate` during
 *   the import, one every WEBHOOK_EVERY_MS, from the mutation's request to the order's
 *   first listing (the poll's resolution is part of it);
 * - paged_orders_per_s: afterwards, the paged path (the order-sync step with the
 *   paged reader injected, as test/functions/**\/shopify-bulk-import.test.ts does) on a second
 *   standard-plan store holding the first PAGED_ORDERS of those orders;
 * - peak_rss_mb: the peak resident memory of this process, which runs the API, the
 *   consumer, the SQS and S3 stand-ins. The simulated Shopify (which keeps every order and
 *   its bulk file in memory, as Shopify's own storage would) runs in a child process, so
 *   its size is not counted against the import's.
 * With several sizes (`10000,50000`) each runs in a fresh process of its own; a line per size
 * gives its peak_rss_mb, and `rss_ratio` is the largest size's over the smallest's.
 * The last line is one JSON object. Targets (issue 25, not asserted): first_orders_s < 10,
 * all_orders_s < 120, N / all_orders_s ≥ 10 × paged_orders_per_s, webhook_p95_s < 2, and
 * 50,000 orders within 1.2× the RSS of 10,000.
 *   npx tsx bench/import.ts [orders=10000 | 10000,50000]
 */
import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { percentiles, withBenchStack } from "./support";

const POLL_MS = 100;
const WEBHOOK_ORDERS = 200;
const WEBHOOK_EVERY_MS = 200;
const PAGED_ORDERS = 1000;
/** Gives up on a phase that has not finished in this long (a stuck import must still print). */
const PHASE_TIMEOUT_MS = 20 * 60_000;
const domain = "okuru-bench-import.myshopify.com";
const pagedDomain = "okuru-bench-paged.myshopify.com";

type ShopRequest =
  | { kind: "open"; orders: number; pagedOrders: number; seedsBefore: string }
  | { kind: "points" };
type ShopAnswer =
  | { kind: "opened"; env: Record<string, string>; adminToken: string; graphqlUrl: string }
  | { kind: "points"; points: number };

const sizes = (process.argv[2] ?? "10000").split(",").map(Number);
if (process.env.BENCH_IMPORT_ROLE === "shop") await serveShop();
else if (sizes.length > 1) await eachSizeApart(sizes);
else await importOnce(sizes[0]!);

/** The simulated Shopify in this (child) process, answering the bench over IPC. */
async function serveShop() {
  const { startSimulators } = await import("../dev/src/simulators/serve");
  const { generateSeedOrders } = await import("../dev/src/simulators/seed-orders");
  let simulators: Awaited<ReturnType<typeof startSimulators>> | undefined;
  const answer = (message: ShopAnswer) => process.send!(message);
  process.on("message", async (request: ShopRequest) => {
    if (request.kind === "open") {
      simulators = await startSimulators();
      const seeds = generateSeedOrders({
        count: request.orders,
        seed: 25,
        daysBack: 25,
        now: new Date(request.seedsBefore),
      }).map((o) => ({ ...o, state: "open" as const }));
      const { adminToken } = simulators.shopify.addShop(domain, seeds, { bucket: "standard" });
      simulators.shopify.addShop(pagedDomain, seeds.slice(0, request.pagedOrders), { bucket: "standard" });
      answer({
        kind: "opened",
        env: simulators.env,
        adminToken,
        graphqlUrl: simulators.shopifyGraphqlUrl(domain),
      });
    } else answer({ kind: "points", points: simulators!.shopify.shop(domain).appPointsCharged });
  });
  process.on("disconnect", () => process.exit(0));
}

function startShopProcess() {
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, BENCH_IMPORT_ROLE: "shop" },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const ask = <K extends ShopAnswer["kind"]>(request: ShopRequest, kind: K) =>
    new Promise<Extract<ShopAnswer, { kind: K }>>((resolve, reject) => {
      const onMessage = (answer: ShopAnswer) => {
        if (answer.kind !== kind) return;
        child.off("message", onMessage);
        resolve(answer as Extract<ShopAnswer, { kind: K }>);
      };
      child.on("message", onMessage);
      child.once("exit", (code) => reject(new Error(`the simulated shop exited (${code})`)));
      child.send(request);
    });
  return { child, ask };
}

/** Each size in a fresh process, so each peak RSS is its own. */
async function eachSizeApart(counts: number[]) {
  const runs: Record<string, unknown>[] = [];
  for (const count of counts) {
    const child: ChildProcess = fork(fileURLToPath(import.meta.url), [String(count)], {
      stdio: ["ignore", "pipe", "inherit", "ipc"],
    });
    let out = "";
    child.stdout!.setEncoding("utf8");
    child.stdout!.on("data", (chunk: string) => {
      out += chunk;
      process.stdout.write(chunk);
    });
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    const last = out.trim().split("\n").at(-1) ?? "";
    if (code !== 0 || !last.startsWith("{")) throw new Error(`the ${count}-order run failed (${code})`);
    runs.push(JSON.parse(last));
  }
  for (const run of runs) console.log(JSON.stringify({ orders: run.orders, peak_rss_mb: run.peak_rss_mb }));
  const rss = runs.map((run) => run.peak_rss_mb as number);
  console.log(
    JSON.stringify({
      ...runs[0],
      peak_rss_mb_by_orders: Object.fromEntries(runs.map((run) => [String(run.orders), run.peak_rss_mb])),
      rss_ratio: Number((rss.at(-1)! / rss[0]!).toFixed(2)),
      runs,
    }),
  );
}

async function importOnce(orderCount: number) {
  const shop = startShopProcess();
  try {
    await withBenchStack(async ({ token, tenantId, apiOrigin, stack }) => {
      const { resetCoreConfig, coreConfig } = await import("@okuru/core/config");
      const { ActorContext } = await import("@okuru/core/actor");
      const { Shopify } = await import("@okuru/core/platforms/shopify");
      const { OrderSync } = await import("@okuru/core/workflows/order-sync");
      const { Queue, ShopSyncMessage } = await import("@okuru/core/queue");
      const { shopifyToken } = await import("../core/src/entities/shop/credentials");
      const { DeleteMessageCommand, ReceiveMessageCommand } = await import("@aws-sdk/client-sqs");
      const { handler } = await import("../functions/src/queue/order-sync");
      const { pollQueue } = await import("../dev/src/poll");
      const { drainQueue } = await import("../test/support/simulators");

      // The demo shops' first syncs (queued when the bench stack connected them) run first, outside the timing.
      await drainQueue("orderSync", handler, 1_000);
      // Orders created during the import are the only ones purchased after this.
      const seedsBefore = new Date(Date.now() - 60_000).toISOString();
      const opened = await shop.ask(
        { kind: "open", orders: orderCount, pagedOrders: PAGED_ORDERS, seedsBefore },
        "opened",
      );
      // The simulated store delivers its webhooks to this API.
      Object.assign(process.env, opened.env, { OKURU_APP_URL: apiOrigin });
      resetCoreConfig();

      const api = async <T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
        const res = await fetchAgain(`${apiOrigin}${path}`, {
          method: init.method ?? "GET",
          headers: {
            authorization: `Bearer ${token}`,
            ...(init.body === undefined ? {} : { "content-type": "application/json" }),
          },
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
        });
        const body = await res.json();
        if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
        return body as T;
      };
      /** As a merchant does under 設定 → ストア管理: the API, the store's consent page, the API again. */
      const connect = async (shopDomain: string) => {
        const start = await api<{ authorization_url: string }>("/api/shops/shopify", {
          method: "POST",
          body: { shop: shopDomain, from: "settings" },
        });
        const approved = await fetch(start.authorization_url, { method: "POST", redirect: "manual" });
        const query = Object.fromEntries(new URL(approved.headers.get("location")!).searchParams);
        return api<{ id: string }>("/api/shops/shopify/verify_request", { method: "POST", body: query });
      };
      type OrderList = { items: { order_number: string }[]; counts: Record<string, number> };
      const syncOf = async (shopId: string) =>
        (
          await api<{ items: { id: string; sync: { status: string; imported: number; method: string } }[] }>(
            "/api/shops",
          )
        ).items.find((s) => s.id === shopId)!.sync;

      const polling = new AbortController();
      const consuming = pollQueue({
        endpoint: stack.standIns.endpoints.sqs,
        queueUrl: coreConfig().queues.orderSync,
        handler,
        signal: polling.signal,
        onError: (err) => console.error("[queue orderSync]", (err as Error).message),
      });

      const started = performance.now();
      const since = () => (performance.now() - started) / 1000;
      const connected = await connect(domain);

      // Orders created in the store while it is imported, each by its number.
      const createdAt = new Map<string, number>();
      const listedAt = new Map<string, number>();
      /** When the last order was created; a webhook order not listed 30 s after it counts as lost. */
      let createdAllAt = Number.POSITIVE_INFINITY;
      const creating = (async () => {
        for (let n = 0; n < WEBHOOK_ORDERS; n += 1) {
          const next = performance.now() + WEBHOOK_EVERY_MS;
          for (;;) {
            const sent = performance.now();
            const name = await createOrder(opened.graphqlUrl, opened.adminToken, n);
            if (name) {
              createdAt.set(name, sent);
              break;
            }
            await sleep(500); // throttled: the admin's own bucket refills
          }
          await sleep(next - performance.now());
        }
        createdAllAt = performance.now();
      })();

      let firstOrdersS: number | null = null;
      // A run cut off (by a `timeout` on a slow machine) still says what it measured.
      process.once("SIGTERM", () => {
        console.log(
          JSON.stringify({
            bench: "import",
            orders: orderCount,
            cut_off_after_s: round(since()),
            first_orders_s: round(firstOrdersS),
            webhook_orders: createdAt.size,
            webhook_listed: listedAt.size,
            peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
          }),
        );
        process.exit(1);
      });
      let allOrdersS: number | null = null;
      const deadline = performance.now() + PHASE_TIMEOUT_MS;
      while (performance.now() < deadline) {
        const polled = performance.now();
        const [imported, newest] = await Promise.all([
          firstOrdersS === null
            ? api<OrderList>(
                `/api/orders?tab_key=notShipped&limit=100&purchased_to=${encodeURIComponent(seedsBefore)}`,
              )
            : undefined,
          api<OrderList>("/api/orders?tab_key=notShipped&limit=100"),
        ]);
        if (imported && imported.items.length >= 100) {
          firstOrdersS = since();
          console.error(`first 100 orders listed after ${firstOrdersS.toFixed(1)} s`);
        }
        for (const item of newest.items)
          if (createdAt.has(item.order_number) && !listedAt.has(item.order_number))
            listedAt.set(item.order_number, polled);
        if (allOrdersS === null && newest.counts.notShipped! - listedAt.size >= orderCount) {
          allOrdersS = since();
          console.error(`all ${orderCount} orders listed after ${allOrdersS.toFixed(1)} s`);
        }
        const webhooksDone = listedAt.size >= WEBHOOK_ORDERS || performance.now() > createdAllAt + 30_000;
        if (firstOrdersS !== null && allOrdersS !== null && webhooksDone) break;
        await sleep(polled + POLL_MS - performance.now());
      }
      await creating;
      const importSync = await syncOf(connected.id);
      const { points } = await shop.ask({ kind: "points" }, "points");
      const webhookSeconds = [...listedAt].map(([name, listed]) => (listed - createdAt.get(name)!) / 1000);
      const webhook = webhookSeconds.length ? percentiles(webhookSeconds) : { p50: null, p95: null };

      // The paged path, on the consumer's queue alone: its first step with the paged reader.
      polling.abort();
      await consuming;
      await drainQueue("orderSync", handler, 1_000);
      const paged = await connect(pagedDomain);
      const queueUrl = coreConfig().queues.orderSync;
      // The connection's first sync message; a late one of the finished import's run may come first.
      let first: ReturnType<typeof ShopSyncMessage.parse> | undefined;
      for (let tries = 0; tries < 12 && !first; tries += 1) {
        const { Messages = [] } = await Queue.client().send(
          new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 1, WaitTimeSeconds: 5 }),
        );
        const received = Messages[0];
        if (!received) continue;
        const message = ShopSyncMessage.parse(JSON.parse(received.Body!));
        await Queue.client().send(
          new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: received.ReceiptHandle! }),
        );
        if (message.shopId === paged.id) first = message;
      }
      if (!first) throw new Error("the paged store's first sync was not on the queue");
      const pagedStarted = performance.now();
      await ActorContext.with({ type: "system", properties: { tenantId } }, () =>
        OrderSync.runStep(first, {
          shopify: async (s, page) => Shopify.ordersPage(s.domain, await shopifyToken(s), page),
        }),
      );
      await drainQueue("orderSync", handler, 100_000);
      const pagedSeconds = (performance.now() - pagedStarted) / 1000;
      const pagedSync = await syncOf(paged.id);

      const peakRss = Math.round(process.resourceUsage().maxRSS / 1024);
      console.log(
        JSON.stringify({
          bench: "import",
          orders: orderCount,
          method: importSync.method,
          imported: importSync.imported,
          first_orders_s: round(firstOrdersS),
          all_orders_s: round(allOrdersS),
          orders_per_s: allOrdersS ? round(orderCount / allOrdersS) : null,
          cost_points: points,
          webhook_orders: createdAt.size,
          webhook_listed: listedAt.size,
          webhook_p50_s: round(webhook.p50),
          webhook_p95_s: round(webhook.p95),
          paged_orders: pagedSync.imported,
          paged_orders_per_s: round(pagedSync.imported / pagedSeconds),
          bulk_over_paged: allOrdersS
            ? round(orderCount / allOrdersS / (pagedSync.imported / pagedSeconds))
            : null,
          peak_rss_mb: peakRss,
        }),
      );
    });
  } finally {
    shop.child.kill();
  }
}

/** One order created in the store by its admin through `orderCreate`; its name, or null when throttled. */
async function createOrder(graphqlUrl: string, adminToken: string, n: number): Promise<string | null> {
  const res = await fetchAgain(graphqlUrl, {
    method: "POST",
    headers: { "content-type": "application/json", "x-shopify-access-token": adminToken },
    body: JSON.stringify({
      query:
        "mutation($o: OrderCreateOrderInput!) { orderCreate(order: $o) { order { name } userErrors { message } } }",
      variables: {
        o: {
          email: `webhook${n}@example.jp`,
          phone: "090-1234-5678",
          shippingAddress: {
            lastName: "山田",
            firstName: "花子",
            address1: "丸の内1-1-1",
            city: "千代田区",
            provinceCode: "JP-13",
            zip: "100-0005",
            countryCode: "JP",
            phone: "090-1234-5678",
          },
          lineItems: [
            {
              title: "宇治抹茶 100g",
              sku: "TEA-1",
              quantity: 1,
              priceSet: { shopMoney: { amount: "1800", currencyCode: "JPY" } },
            },
          ],
          transactions: [
            {
              gateway: "shopify_payments",
              kind: "SALE",
              status: "SUCCESS",
              amountSet: { shopMoney: { amount: "1800", currencyCode: "JPY" } },
            },
          ],
        },
      },
    }),
  });
  const body = (await res.json()) as {
    data?: { orderCreate: { order: { name: string } | null; userErrors: { message: string }[] } };
    errors?: { extensions?: { code?: string } }[];
  };
  if (body.errors?.some((e) => e.extensions?.code === "THROTTLED")) return null;
  const created = body.data?.orderCreate;
  if (!created?.order) throw new Error(`orderCreate: ${JSON.stringify(body)}`);
  return created.order.name;
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

function round(n: number | null) {
  return n === null || Number.isNaN(n) ? null : Number(n.toFixed(2));
}

/**
 * fetch, asked again when the connection is reset: on a machine this loaded a kept-alive
 * connection is now and then closed by the server as the next request goes out.
 */
async function fetchAgain(url: string, init: RequestInit, attempts = 5): Promise<Response> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fetch(url, init);
    } catch (err) {
      if (attempt >= attempts) throw err;
      await sleep(200);
    }
  }
}
