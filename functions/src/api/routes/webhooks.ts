import { createRoute, z } from "@hono/zod-openapi";
import { OrderSync } from "@okuru/core/workflows/order-sync";
import { Privacy } from "@okuru/core/workflows/privacy";
import { ErrorSchema, router } from "../openapi";

const Received = z.object({ received: z.literal(true) }).meta({ id: "WebhookReceived" });

/**
 * Shop webhooks: public routes (no Cognito token), each delivery authenticated by
 * its HMAC over the raw body, read as text before any JSON parsing. A privacy
 * delivery is for the shop its signed body names, which must be the header's; each
 * webhook id is handled once (core/src/workflows/privacy/webhooks.ts). An order topic's
 * order is written before the answer; if that fails the answer is 500 and Shopify
 * delivers it again. A finished bulk query sends the shop's waiting sync on (no call to
 * Shopify here).
 */
export const webhooks = router().openapi(
  createRoute({
    method: "post",
    path: "/shopify",
    tags: ["webhook"],
    summary: "Shopify の Webhook（注文・アンインストール・プライバシー）",
    request: {
      headers: z.object({
        "x-shopify-hmac-sha256": z.string().optional(),
        "x-shopify-topic": z.string().optional(),
        "x-shopify-shop-domain": z.string().optional(),
        "x-shopify-webhook-id": z.string().optional(),
      }),
    },
    responses: {
      200: { description: "受け付けた", content: { "application/json": { schema: Received } } },
      401: {
        description:
          "署名が正しくない、またはプライバシー Webhook の署名された本文のストアがヘッダーのストアと異なる",
        content: { "application/json": { schema: ErrorSchema } },
      },
      409: {
        description: "同じ Webhook ID の配信を処理中（Shopify が後で再送する）",
        content: { "application/json": { schema: ErrorSchema } },
      },
    },
  }),
  async (c) => {
    await Privacy.receiveShopifyWebhook(
      {
        rawBody: await c.req.text(),
        hmac: c.req.header("x-shopify-hmac-sha256"),
        topic: c.req.header("x-shopify-topic"),
        domain: c.req.header("x-shopify-shop-domain"),
        webhookId: c.req.header("x-shopify-webhook-id"),
      },
      {
        upsert: OrderSync.upsertWebhookOrder,
        bulkFinished: OrderSync.continueFinishedBulk,
        unreadable: (reason, topic) =>
          c.var.logger.warn("Order webhook body is not a readable order; a sync is asked for", {
            topic,
            reason,
          }),
      },
    );
    return c.json({ received: true as const }, 200);
  },
);
