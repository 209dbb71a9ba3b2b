import { createHmac } from "node:crypto";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { API_VERSION } from "@okuru/core/platforms/shopify";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SeedOrder } from "../../../dev/src/simulators/seed-order";
import { generateSeedOrders } from "../../../dev/src/simulators/seed-orders";
import { createShopifySimulator } from "../../../dev/src/simulators/shopify/index";
import { seedOrderFixture } from "../../support/seed-orders";

// biome-ignore lint/suspicious/noExplicitAny: GraphQL bodies read loosely in assertions
type Json = Record<string, any>;

const SECRET = "okuru-client-secret";
const SHOP = "bulk-shop.myshopify.com";
const BASE = "http://shopify.test";
/** Slow enough to watch: a second in the queue, then ten objects a second. */
const PACE = { startDelayMs: 1000, objectsPerSecond: 10 };

const ORDERS_QUERY = `{
  orders(query: "status:open") {
    edges { node {
      id name
      lineItems(first: 1) { edges { node { id sku quantity } } }
      fulfillmentOrders { nodes { id status } }
      fulfillments { id status trackingInfo { number } }
    } }
  }
}`;
const RUN = `mutation($q: String!) {
  bulkOperationRunQuery(query: $q) { bulkOperation { id status } userErrors { field message code } }
}`;
const FIELDS =
  "id status errorCode objectCount rootObjectCount fileSize url partialDataUrl createdAt completedAt";

/** Enough orders that executing a bulk query over them takes the simulator many turns of its event loop. */
const largeStore = () =>
  generateSeedOrders({ count: 4000, seed: 25, daysBack: 30 }).map((o) => ({ ...o, state: "open" as const }));

function setup(orders: SeedOrder[] = threeOrders()) {
  let t = Date.parse("2026-11-28T01:00:00Z");
  const sim = createShopifySimulator({
    clientId: "okuru-client-id",
    clientSecret: SECRET,
    now: () => new Date(t),
    bulkPace: PACE,
  });
  const { adminToken } = sim.addShop(SHOP, orders);
  const gql = async (query: string, variables: Json = {}) => {
    const res = await sim.app.request(`${BASE}/${SHOP}/admin/api/${API_VERSION}/graphql.json`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": adminToken },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await res.json()) as Json;
    expect(body.errors).toBeUndefined();
    return body.data;
  };
  const run = async (query = ORDERS_QUERY) => (await gql(RUN, { q: query })).bulkOperationRunQuery;
  const node = async (id: string) =>
    (await gql(`query($id: ID!) { node(id: $id) { ... on BulkOperation { ${FIELDS} } } }`, { id })).node;
  return { sim, gql, run, node, advance: (ms: number) => (t += ms) };
}

function threeOrders(): SeedOrder[] {
  return [
    seedOrderFixture(1, "2026-11-20T10:00:00+09:00", {
      lineItems: [
        { sku: "TEA-1", name: "煎茶", quantity: 1, unitPrice: 1200 },
        { sku: "TEA-2", name: "玉露", quantity: 2, unitPrice: 2400 },
      ],
    }),
    seedOrderFixture(2, "2026-11-21T10:00:00+09:00", { state: "fulfilled" }),
    seedOrderFixture(3, "2026-11-22T10:00:00+09:00", { state: "cancelled" }),
  ];
}

describe("Shopify simulator: bulk query operations", () => {
  const received: { headers: Headers; body: string }[] = [];
  let server: ReturnType<typeof serve>;
  let callbackUrl: string;
  beforeAll(async () => {
    const receiver = new Hono().post("/webhooks", async (c) => {
      received.push({ headers: c.req.raw.headers, body: await c.req.text() });
      return c.text("ok");
    });
    await new Promise<void>((ready) => {
      server = serve({ fetch: receiver.fetch, port: 0, hostname: "127.0.0.1" }, () => ready());
    });
    callbackUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  const subscribe = (gql: ReturnType<typeof setup>["gql"]) =>
    gql(
      `mutation($url: URL!) { webhookSubscriptionCreate(topic: BULK_OPERATIONS_FINISH,
        webhookSubscription: { callbackUrl: $url }) { userErrors { message } } }`,
      { url: callbackUrl },
    );

  it("goes CREATED → RUNNING → COMPLETED, writes JSONL with __parentId, and signs the finish webhook", async () => {
    const { sim, gql, run, node, advance } = setup();
    await subscribe(gql);
    received.length = 0;
    const started = await run();
    expect(started.userErrors).toEqual([]);
    expect(started.bulkOperation).toEqual({
      id: expect.stringMatching(/^gid:\/\/shopify\/BulkOperation\/\d+$/),
      status: "CREATED",
    });
    const id = started.bulkOperation.id;
    expect(await node(id)).toMatchObject({ status: "CREATED", objectCount: "0", url: null });
    // The query executes in the background while the simulated clock stands still.
    await sim.idle();

    advance(1000 + 200);
    expect(await node(id)).toMatchObject({ status: "RUNNING", objectCount: "2", completedAt: null });

    // Two open orders (the cancelled one is filtered out): 2 orders, 3 line items, 2 fulfillment
    // orders; 7 objects at 10 a second end 0.7 s into the run.
    advance(500);
    const done = await node(id);
    expect(done).toMatchObject({
      status: "COMPLETED",
      errorCode: null,
      objectCount: "7",
      rootObjectCount: "2",
      createdAt: "2026-11-28T01:00:00Z",
      completedAt: "2026-11-28T01:00:01Z",
      partialDataUrl: null,
    });
    expect((await gql(`{ currentBulkOperation { id status } }`)).currentBulkOperation).toEqual({
      id,
      status: "COMPLETED",
    });

    const file = await sim.app.request(done.url);
    expect(file.status).toBe(200);
    const text = await file.text();
    expect(Buffer.byteLength(text)).toBe(Number(done.fileSize));
    const lines = text
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as Json);
    const [first, second] = sim.shop(SHOP).orders;
    const orderId = (n: number) => `gid://shopify/Order/${n}`;
    expect(lines.map((l) => [l.id.split("/")[3], l.__parentId ?? null])).toEqual([
      ["Order", null],
      ["LineItem", orderId(first!.numericId)],
      ["LineItem", orderId(first!.numericId)],
      ["FulfillmentOrder", orderId(first!.numericId)],
      ["Order", null],
      ["LineItem", orderId(second!.numericId)],
      ["FulfillmentOrder", orderId(second!.numericId)],
    ]);
    expect(lines[1]).toEqual({
      id: expect.any(String),
      sku: "TEA-1",
      quantity: 1,
      __parentId: orderId(first!.numericId),
    });
    // A plain list stays in its order's line, as on Shopify.
    expect(lines[4]!.fulfillments).toEqual([
      {
        id: expect.stringContaining("Fulfillment/"),
        status: "SUCCESS",
        trackingInfo: [{ number: expect.any(String) }],
      },
    ]);

    await sim.idle();
    const finish = received.filter((r) => r.headers.get("x-shopify-topic") === "bulk_operations/finish");
    expect(finish).toHaveLength(1);
    const { headers, body } = finish[0]!;
    expect(headers.get("x-shopify-hmac-sha256")).toBe(
      createHmac("sha256", SECRET).update(body).digest("base64"),
    );
    expect(headers.get("x-shopify-api-version")).toBe(API_VERSION);
    expect(JSON.parse(body)).toEqual({
      admin_graphql_api_id: id,
      completed_at: "2026-11-28T01:00:01Z",
      created_at: "2026-11-28T01:00:00Z",
      error_code: null,
      status: "completed",
      type: "query",
    });
  });

  it("fails when a test makes it fail, with the data written so far and a finish webhook", async () => {
    const { sim, gql, run, node, advance } = setup();
    await subscribe(gql);
    received.length = 0;
    sim.shop(SHOP).failNextBulkOperation();
    const { id } = (await run()).bulkOperation;
    await sim.idle();
    advance(60_000);
    const failed = await node(id);
    expect(failed).toMatchObject({
      status: "FAILED",
      errorCode: "INTERNAL_SERVER_ERROR",
      objectCount: "3",
      url: null,
    });
    const partial = await (await sim.app.request(failed.partialDataUrl)).text();
    expect(partial.trimEnd().split("\n")).toHaveLength(3);
    await sim.idle();
    const payload = JSON.parse(received.find((r) => r.body.includes(`"${id}"`))!.body);
    expect(payload).toMatchObject({
      admin_graphql_api_id: id,
      status: "failed",
      error_code: "internal_server_error",
    });
    // The next one runs normally again.
    const next = (await run()).bulkOperation;
    await sim.idle();
    advance(60_000);
    expect(await node(next.id)).toMatchObject({ status: "COMPLETED" });
  });

  it("runs five bulk queries at a time per shop in this API version, and refuses a sixth", async () => {
    const { run } = setup();
    for (let i = 0; i < 5; i += 1) expect((await run()).userErrors).toEqual([]);
    const sixth = await run();
    expect(sixth.bulkOperation).toBeNull();
    expect(sixth.userErrors).toEqual([
      {
        field: null,
        message: expect.stringMatching(
          /^A bulk query operation for this app and shop is already in progress/,
        ),
        code: "OPERATION_IN_PROGRESS",
      },
    ]);
  });

  it("cancels a running operation", async () => {
    const { sim, gql, run, node, advance } = setup();
    const { id } = (await run()).bulkOperation;
    await sim.idle();
    advance(1100);
    const cancel = await gql(
      `mutation($id: ID!) { bulkOperationCancel(id: $id) { bulkOperation { id status } userErrors { message } } }`,
      { id },
    );
    expect(cancel.bulkOperationCancel).toEqual({ bulkOperation: { id, status: "CANCELED" }, userErrors: [] });
    advance(60_000);
    expect(await node(id)).toMatchObject({ status: "CANCELED", objectCount: "1" });
  });

  it("answers the mutation at once and executes a large store's query in the background", async () => {
    const { sim, gql, run, node } = setup(largeStore());
    // Every object is written the moment the query has executed: only the execution stands
    // between the mutation and a COMPLETED operation.
    sim.shop(SHOP).setBulkPace({ startDelayMs: 0, objectsPerSecond: Number.POSITIVE_INFINITY });
    const started = await run();
    expect(started.userErrors).toEqual([]);
    expect(started.bulkOperation.status).not.toBe("COMPLETED");
    const { id } = started.bulkOperation;

    // A request sent after the mutation's answer is answered while the query still executes.
    expect((await gql("{ shop { myshopifyDomain } }")).shop).toEqual({ myshopifyDomain: SHOP });
    expect(await node(id)).toMatchObject({ status: "RUNNING", objectCount: "0", url: null });

    await sim.idle();
    const done = await node(id);
    expect(done).toMatchObject({ status: "COMPLETED", rootObjectCount: "4000" });
    const lines = (await (await sim.app.request(done.url)).text()).trimEnd().split("\n");
    expect(lines).toHaveLength(Number(done.objectCount));
  }, 60_000);

  it("cancels, finishes and counts operations whose query still executes", async () => {
    const { sim, gql, run, node } = setup(largeStore());
    await subscribe(gql);
    received.length = 0;
    const kept = (await run()).bulkOperation.id;
    const canceled = (await run()).bulkOperation.id;
    const cancel = await gql(
      `mutation($id: ID!) { bulkOperationCancel(id: $id) { bulkOperation { status } userErrors { message } } }`,
      { id: canceled },
    );
    expect(cancel.bulkOperationCancel).toEqual({ bulkOperation: { status: "CANCELED" }, userErrors: [] });

    // The executing one counts among the five a shop may run at a time.
    const small = "{ webhookSubscriptions { edges { node { id } } } }";
    for (let i = 0; i < 4; i += 1) expect((await run(small)).userErrors).toEqual([]);
    expect((await run(small)).userErrors).toEqual([
      expect.objectContaining({ code: "OPERATION_IN_PROGRESS" }),
    ]);

    // Finished now, it completes as soon as its query has executed, not before.
    sim.shop(SHOP).finishBulkOperationsNow();
    expect(await node(kept)).toMatchObject({ status: "RUNNING", objectCount: "0" });
    await sim.idle();
    expect(await node(kept)).toMatchObject({ status: "COMPLETED", rootObjectCount: "4000" });
    expect(await node(canceled)).toMatchObject({
      status: "CANCELED",
      objectCount: "0",
      url: null,
      partialDataUrl: null,
    });
    // One finish each: the two above and the four small ones, which finishing now ended too.
    const finishes = received.map((r) => JSON.parse(r.body) as Json);
    expect(finishes).toHaveLength(6);
    expect(new Set(finishes.map((f) => f.admin_graphql_api_id)).size).toBe(6);
    expect(finishes.filter((f) => [kept, canceled].includes(f.admin_graphql_api_id))).toEqual([
      expect.objectContaining({ admin_graphql_api_id: canceled, status: "canceled" }),
      expect.objectContaining({ admin_graphql_api_id: kept, status: "completed" }),
    ]);
  }, 60_000);

  it("refuses a bulk query without a connection", async () => {
    const { run } = setup();
    expect(await run("{ shop { name } }")).toEqual({
      bulkOperation: null,
      userErrors: [
        { field: ["query"], message: "Bulk queries must contain at least one connection.", code: "INVALID" },
      ],
    });
  });
});
