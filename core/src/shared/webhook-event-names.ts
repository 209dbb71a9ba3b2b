import { labelled } from "./labelled";

/**
 * What an API連携 integration can be told of as it happens (webhooks out), in a module
 * without schemas: the API連携 screen lists and offers these, and webhook-events.ts (which
 * re-exports them) would bring zod with it. One definition: the endpoint form, the API's
 * schema and the events the workflows emit read these.
 */
export const { values: webhookEvents, labels: webhookEventLabels } = labelled({
  "label_batch.completed": "送り状の発行が完了した",
  "shipment.cancelled": "送り状を取り消した",
  "tracking.uploaded": "追跡番号をストアに登録した",
  "order.error": "注文がエラーになった",
});
export type WebhookEvent = (typeof webhookEvents)[number];

/** The most endpoints a company registers: each event is posted to every one of them. */
export const MAX_WEBHOOK_ENDPOINTS = 10;
