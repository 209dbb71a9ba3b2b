import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { coreConfig } from "@okuru/core/config";
import { Company } from "@okuru/core/entities/company";
import { WebhooksOut } from "@okuru/core/workflows/webhooks-out";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handler as labelJobHandler } from "../../../functions/src/queue/label-job";
import { handler as webhookHandler } from "../../../functions/src/queue/webhook-delivery";
import { shippingCompany } from "../../support/printing";
import { usePrivateQueue } from "../../support/queues";
import { printableSeedOrder, printableSeedPerson } from "../../support/seed-orders";
import { connectShopify, drainQueue, syncedOrdersByNumber, useShops } from "../../support/simulators";

/**
 * What an integration hears, end to end: an administrator registers an endpoint for the
 * four events through the API, and the sync, a label batch, a cancel and a tracking upload
 * each post their event, signed, to it.
 */
const shops = useShops("labelJob", "trackingUpload");
type Received = { headers: IncomingMessage["headers"]; body: string };
const received: Received[] = [];
let receiver: Server;
let origin: string;

beforeAll(async () => {
  await usePrivateQueue("webhookDelivery");
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  coreConfig().allowedPrivateOrigins.push(origin);
});

afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const eventsOf = (type: string) =>
  received.map((r) => JSON.parse(r.body)).filter((event: { type: string }) => event.type === type);

describe("webhooks out, from the product's own work", () => {
  it("posts order.error, label_batch.completed, shipment.cancelled and tracking.uploaded, each signed", async () => {
    const domain = "okuru-webhooks-out.myshopify.com";
    const { account, call } = await shippingCompany({
      name: "京都おくる茶舗",
      yamato: { first: 33_700_000_000 + (process.pid % 1000) * 1000, count: 100 },
    });
    await Company.setFeature(account.tenantId, "api", true);
    const credential = await call("/credentials", "POST", { name: "倉庫連携", scopes: ["orders:read"] });
    expect(credential.status, credential.text).toBe(201);
    // An internal address is refused through the API as well.
    const internal = await call(`/credentials/${credential.json.id}/webhooks`, "POST", {
      url: "https://192.168.1.10/hook",
      events: ["order.error"],
    });
    expect([internal.status, internal.json.fields?.url]).toEqual([400, expect.stringContaining("https")]);
    const endpoint = await call(`/credentials/${credential.json.id}/webhooks`, "POST", {
      url: `${origin}/okuru`,
      events: ["order.error", "label_batch.completed", "shipment.cancelled", "tracking.uploaded"],
    });
    expect(endpoint.status, endpoint.text).toBe(201);
    const secret = endpoint.json.secret as string;

    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    shops().shopify.addShop(domain, [
      printableSeedOrder(1, yesterday),
      printableSeedOrder(2, yesterday),
      // A phone number a digit short: into the エラー tab on its first sync.
      printableSeedOrder(3, yesterday, { recipient: printableSeedPerson(3, { phone: "075-123-456" }) }),
    ]);
    await connectShopify(account, domain);
    const ids = await syncedOrdersByNumber(call);
    await drainQueue("webhookDelivery", webhookHandler);
    expect(eventsOf("order.error")).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({
          order_id: ids.get(1003),
          errors: expect.arrayContaining([expect.objectContaining({ field: "customer.phone" })]),
        }),
      }),
    ]);

    const accepted = await call("/shipments/labels", "POST", { order_ids: [ids.get(1001), ids.get(1002)] });
    expect(accepted.status, accepted.text).toBe(202);
    await drainQueue("labelJob", labelJobHandler);
    const batch = await call(`/shipments/labels?label_id=${accepted.json.label_id}`);
    const [first, second] = batch.json.results;
    await drainQueue("webhookDelivery", webhookHandler);
    expect(eventsOf("label_batch.completed")).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({ label_id: accepted.json.label_id, total: 2, issued: 2, failed: 0 }),
      }),
    ]);

    const cancelled = await call(`/shipments/${second.shipment_ids[0]}/cancel`, "PUT");
    expect(cancelled.status, cancelled.text).toBe(200);
    const uploaded = await call(`/shipments/${first.shipment_ids[0]}/upload_tracking_number`, "PUT");
    expect(uploaded.json.status, uploaded.text).toBe("uploaded");
    await drainQueue("webhookDelivery", webhookHandler);
    expect(eventsOf("shipment.cancelled")).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({
          shipment_id: second.shipment_ids[0],
          tracking_number: second.tracking_numbers[0],
        }),
      }),
    ]);
    expect(eventsOf("tracking.uploaded")).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({
          shipment_id: first.shipment_ids[0],
          tracking_number: first.tracking_numbers[0],
          platform: "shopify",
        }),
      }),
    ]);
    for (const request of received) {
      expect(
        WebhooksOut.verifySignature(secret, String(request.headers["okuru-signature"]), request.body),
      ).toBe(true);
    }

    // The delivery log the tab shows, and a revoked credential takes its endpoints with it.
    const log = await call(`/credentials/${credential.json.id}/webhooks/${endpoint.json.id}/deliveries`);
    expect(log.json.items).toHaveLength(4);
    expect(log.json.items.every((d: { status: string }) => d.status === "succeeded")).toBe(true);
    expect((await call(`/credentials/${credential.json.id}`, "DELETE")).status).toBe(204);
    const fresh = await call("/credentials", "POST", { name: "別連携", scopes: ["orders:read"] });
    expect((await call(`/credentials/${fresh.json.id}/webhooks`)).json.items).toEqual([]);
    expect(received.length).toBe(4);
  }, 120_000);
});
