/**
 * GET /api/orders on a company with many orders, against a raw DynamoDB Query of
 * the same page, through the real stack (stand-ins on free ports, the Hono app on
 * @hono/node-server, a real Cognito ID token). The last line is one JSON object:
 * p95_ms and raw_p95_ms of the worst variant, and ratio (worst p95 / its raw p95).
 *   npx tsx bench/orders-api.ts [orders=100000] [requests=60]
 */
import { BatchGetCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { percentiles, withBenchStack } from "./support";

const orderCount = Number(process.argv[2] ?? 100_000);
const requests = Number(process.argv[3] ?? 60);

/** Family names with their kana (髙 and 﨑 among them), and given names. */
const families = [
  ["佐藤", "サトウ"],
  ["鈴木", "スズキ"],
  ["髙橋", "タカハシ"],
  ["田中", "タナカ"],
  ["伊藤", "イトウ"],
  ["渡辺", "ワタナベ"],
  ["山本", "ヤマモト"],
  ["中村", "ナカムラ"],
  ["小林", "コバヤシ"],
  ["山﨑", "ヤマサキ"],
  ["吉田", "ヨシダ"],
  ["山田", "ヤマダ"],
] as const;
const givens = ["太郎", "花子", "一郎", "美咲", "健太", "陽菜", "翔", "結衣"];
const givenKana = ["タロウ", "ハナコ", "イチロウ", "ミサキ", "ケンタ", "ヒナ", "ショウ", "ユイ"];
const shops = ["shop_01JBENCH0000000000000000", "shop_01JBENCH0000000000000001"];

function order(n: number) {
  const f = n % families.length;
  const g = (n * 7) % givens.length;
  const purchasedAt = new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString();
  const person = {
    name: `${families[f]![0]} ${givens[g]}`,
    nameKana: `${families[f]![1]} ${givenKana[g]}`,
    company: "",
    postalCode: "6048005",
    prefecture: "京都府",
    city: "京都市中京区",
    address1: `恵比須町${(n % 900) + 1}`,
    address2: n % 3 ? "" : `コーポ河原町${(n % 50) + 1}号室`,
    phone: `090${String(10_000_000 + n).slice(-8)}`,
  };
  return {
    shopId: shops[n % 2]!,
    platform: "shopify" as const,
    platformOrderId: `gid://shopify/Order/${9_000_000 + n}`,
    orderNumber: `#${1001 + n}`,
    purchasedAt,
    platformUpdatedAt: purchasedAt,
    platformStatus: (n % 20 === 0 ? "fulfilled" : "unfulfilled") as "fulfilled" | "unfulfilled",
    email: `customer${n}@example.jp`,
    purchaser: person,
    customer: person,
    lineItems: [
      { platformLineItemId: `${n}`, sku: "TEA-01", name: "宇治抹茶 100g", quantity: 1, unitPrice: 1800 },
    ],
    totalAmount: 1800,
    codAmount: n % 9 === 0 ? 1800 : null,
    requestedDeliveryDate: null,
    requestedTimeSlot: null,
    note: "",
    isGift: false,
    issues:
      n % 50 === 0 ? [{ field: "customer.postal_code", message: "郵便番号と都道府県が一致しません。" }] : [],
    shopUrl: "https://bench.myshopify.com",
  };
}

await withBenchStack(async ({ token, tenantId, apiOrigin }) => {
  const { dynamo } = await import("@okuru/core/db/client");
  const { coreConfig } = await import("@okuru/core/config");
  const { ActorContext } = await import("@okuru/core/actor");
  const { Order } = await import("@okuru/core/entities/order");

  const seedStarted = performance.now();
  await ActorContext.with({ type: "system", properties: { tenantId } }, async () => {
    const batch = 500;
    const workers = 4;
    let next = 0;
    await Promise.all(
      Array.from({ length: workers }, async () => {
        while (next < orderCount) {
          const from = next;
          next += batch;
          await Order.upsertPage(
            Array.from({ length: Math.min(batch, orderCount - from) }, (_, i) => order(from + i)),
          );
        }
      }),
    );
  });
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const api = async (path: string) => {
    const res = await fetch(`${apiOrigin}${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as { next_cursor: string | null; items: unknown[] };
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  };
  const { tableName } = coreConfig();
  const pk = (parts: string) => `$okuru#tenantId_${tenantId}${parts}`;
  const rawQuery = (index: string | undefined, pkName: string, pkValue: string, extra: object = {}) =>
    dynamo().send(
      new QueryCommand({
        TableName: tableName,
        IndexName: index,
        KeyConditionExpression: "#pk = :pk",
        ExpressionAttributeNames: { "#pk": pkName },
        ExpressionAttributeValues: { ":pk": pkValue },
        ScanIndexForward: false,
        Limit: 100,
        ...extra,
      }),
    );
  // The same DynamoDB requests the API's search makes (ElectroDB builds them; the raw side
  // sends them as they are), so the baseline cannot drift from the key layout.
  const { queriesFor } = await import("../core/src/entities/order/search");
  const { OrderSearchEntity } = await import("../core/src/entities/order/search-entity");
  const { OrderEntity } = await import("../core/src/entities/order/entity");
  const rawSearch = async (search: string) => {
    const found = await Promise.all(
      queriesFor(search).map(({ shard, token }) =>
        dynamo().send(
          new QueryCommand({
            ...OrderSearchEntity.query.byToken({ tenantId, shard }).begins({ token }).params(),
            Limit: 100,
          }),
        ),
      ),
    );
    const ids = [...new Set(found.flatMap((f) => (f.Items ?? []).map((item) => item.orderId as string)))];
    const keys = ids.slice(0, 100).map((orderId) => OrderEntity.get({ tenantId, orderId }).params().Key);
    if (keys.length)
      await dynamo().send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: keys } } }));
  };

  const laterCursor = (await api("/api/orders?tab_key=notShipped")).next_cursor;
  const variants: { name: string; path: string; raw: () => Promise<unknown> }[] = [
    {
      name: "notShipped first page",
      path: "/api/orders?tab_key=notShipped",
      raw: () => rawQuery("gsi1", "gsi1pk", pk("#shipmentStatus_notShipped")),
    },
    {
      name: "notShipped later page",
      path: `/api/orders?tab_key=notShipped&cursor=${laterCursor}`,
      raw: () => rawQuery("gsi1", "gsi1pk", pk("#shipmentStatus_notShipped")),
    },
    { name: "error tab", path: "/api/orders?is_error=true", raw: () => rawQuery("gsi2", "gsi2pk", pk("")) },
    {
      name: "shipped tab",
      path: "/api/orders?shipment_status=shipped",
      raw: () => rawQuery("gsi1", "gsi1pk", pk("#shipmentStatus_shipped")),
    },
    {
      name: "purchase-date range",
      path: "/api/orders?tab_key=notShipped&purchased_from=2026-01-10&purchased_to=2026-01-12",
      raw: () => rawQuery("gsi1", "gsi1pk", pk("#shipmentStatus_notShipped")),
    },
    {
      name: "shop filter",
      path: `/api/orders?tab_key=notShipped&shop_id=${shops[1]}`,
      raw: () => rawQuery("gsi1", "gsi1pk", pk("#shipmentStatus_notShipped")),
    },
    {
      name: "search order number",
      path: "/api/orders?search=%2310500",
      raw: () => rawSearch("#10500"),
    },
    {
      name: "search name prefix",
      // 髙橋 一郎: one order in 24, so the answer is a full 100.
      path: `/api/orders?search=${encodeURIComponent("髙橋一")}`,
      raw: () => rawSearch("髙橋一"),
    },
    {
      name: "search phone",
      path: "/api/orders?search=09010012345",
      raw: () => rawSearch("09010012345"),
    },
  ];

  const results = [];
  for (const variant of variants) {
    await api(variant.path);
    await variant.raw();
    const apiLatencies: number[] = [];
    const rawLatencies: number[] = [];
    for (let i = 0; i < requests; i += 1) {
      let t = performance.now();
      await api(variant.path);
      apiLatencies.push(performance.now() - t);
      t = performance.now();
      await variant.raw();
      rawLatencies.push(performance.now() - t);
    }
    const a = percentiles(apiLatencies);
    const r = percentiles(rawLatencies);
    results.push({
      variant: variant.name,
      p50_ms: a.p50,
      p95_ms: a.p95,
      raw_p50_ms: r.p50,
      raw_p95_ms: r.p95,
    });
  }
  for (const r of results) console.log(JSON.stringify(r));
  const worst = results.reduce((w, r) => (r.p95_ms / r.raw_p95_ms > w.p95_ms / w.raw_p95_ms ? r : w));
  console.log(
    JSON.stringify({
      bench: "orders-api",
      orders: orderCount,
      seed_s: Number(seedSeconds.toFixed(1)),
      worst_variant: worst.variant,
      p95_ms: Math.max(...results.map((r) => r.p95_ms)),
      raw_p95_ms: worst.raw_p95_ms,
      ratio: Number((worst.p95_ms / worst.raw_p95_ms).toFixed(2)),
    }),
  );
});
