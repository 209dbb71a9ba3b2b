import { type ServerType, serve } from "@hono/node-server";
import { Company } from "@okuru/core/entities/company";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../../dev/src/stand-ins";
import { app } from "../../../functions/src/api/app";
import { handler as labelJobHandler } from "../../../functions/src/queue/label-job";
import { shippingCompany } from "../../support/printing";
import { printableSeedOrder } from "../../support/seed-orders";
import { connectShopify, drainQueue, syncedOrdersByNumber, useShops } from "../../support/simulators";

/**
 * The integrator's path, with plain HTTP calls to the API served as `npm start` serves
 * it: an administrator creates a credential (Cognito ID token), the integration gets a
 * token (form body, HTTP Basic), lists the orders not shipped yet, issues a label,
 * downloads it and uploads the tracking number to the shop. Only the label queue's
 * consumer runs in-process, as Lambda would run it.
 */

const shops = useShops("labelJob", "trackingUpload");
let server: ServerType;
let base: string;

beforeAll(async () => {
  const port = await freePort();
  server = serve({ fetch: app.fetch, port, hostname: "127.0.0.1" });
  base = `http://127.0.0.1:${port}/api`;
});

afterAll(() => {
  server?.close();
});

describe("the public API, end to end", () => {
  it("creates a credential, gets a token, lists not-shipped orders, issues and downloads a label, uploads the number", async () => {
    const domain = "okuru-public-api.myshopify.com";
    const { account, call } = await shippingCompany({
      name: "京都おくる茶舗",
      yamato: { first: 33_600_000_000 + (process.pid % 1000) * 1000, count: 100 },
    });
    await Company.setFeature(account.tenantId, "api", true);
    shops().shopify.addShop(domain, [
      printableSeedOrder(1, new Date(Date.now() - 86_400_000).toISOString(), {
        lineItems: [{ sku: "TEA-01", name: "宇治抹茶 100g", quantity: 1, unitPrice: 1800 }],
      }),
    ]);
    await connectShopify(account, domain);
    await syncedOrdersByNumber(call);

    const created = await fetch(`${base}/credentials`, {
      method: "POST",
      headers: { authorization: `Bearer ${account.idToken}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "出荷連携", scopes: ["orders:read", "labels:write", "tracking:write"] }),
    });
    expect(created.status).toBe(201);
    const credential = (await created.json()) as { client_id: string; client_secret: string };

    const tokenAnswer = await fetch(`${base}/oauth_token`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${credential.client_id}:${credential.client_secret}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "grant_type=client_credentials",
    });
    expect(tokenAnswer.status).toBe(200);
    const { access_token: token } = (await tokenAnswer.json()) as { access_token: string };
    const api = async (path: string, init: { method?: string; body?: unknown } = {}) => {
      const response = await fetch(`${base}${path}`, {
        method: init.method ?? "GET",
        headers: {
          authorization: `Bearer ${token}`,
          ...(init.body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      // biome-ignore lint/suspicious/noExplicitAny: the test reads answers of every shape
      return { status: response.status, headers: response.headers, json: (await response.json()) as any };
    };

    const orders = await api("/orders?shipment_status=notShipped&limit=100");
    expect(orders.status).toBe(200);
    expect(orders.headers.get("ratelimit-limit")).toBe("600");
    expect(orders.json.items).toHaveLength(1);
    const orderId = orders.json.items[0].id as string;

    const accepted = await api("/shipments/labels", { method: "POST", body: { order_ids: [orderId] } });
    expect(accepted.status).toBe(202);
    await drainQueue("labelJob", labelJobHandler);
    const batch = await api(`/shipments/labels?label_id=${accepted.json.label_id}`);
    expect(batch.json).toMatchObject({ status: "done" });
    const [result] = batch.json.results;
    expect(result.error).toBeNull();

    const pdf = await fetch(batch.json.parts[0].url);
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    const uploaded = await api(`/shipments/${result.shipment_ids[0]}/upload_tracking_number`, {
      method: "PUT",
    });
    expect(uploaded.status).toBe(200);
    expect(uploaded.json).toMatchObject({ status: "uploaded", tracking_numbers: result.tracking_numbers });
    const fulfilled = shops()
      .shopify.shop(domain)
      .fulfillments.filter((f) => f.status !== "CANCELLED");
    expect(fulfilled.flatMap((f) => f.trackingInfo.map((t) => t.number))).toEqual(result.tracking_numbers);
  }, 120_000);
});
