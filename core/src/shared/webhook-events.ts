import { z } from "zod";
import { labelled } from "./labelled";

/**
 * What an API連携 integration can be told of as it happens (webhooks out). One definition:
 * the endpoint form, the API's schema and the events the workflows emit read these.
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

export const WebhookEndpointInput = z.object({
  url: z
    .string({ error: "送信先URLを入力してください" })
    .trim()
    .min(1, { error: "送信先URLを入力してください" })
    .max(2048, { error: "送信先URLは2048文字以内で入力してください" })
    // https only, and never an internal address: checked by resolving it when saved (the entity).
    .refine((value) => /^https?:\/\/[^\s]+$/i.test(value), {
      error: "送信先URLは https:// で始まるURLを入力してください",
    })
    .meta({ example: "https://example.jp/okuru/webhooks" }),
  events: z
    .array(z.enum(webhookEvents, { error: "通知するイベントを選択してください" }))
    .min(1, { error: "通知するイベントを1つ以上選択してください" })
    .max(webhookEvents.length)
    .transform((events) => [...new Set(events)])
    .meta({ example: ["label_batch.completed", "tracking.uploaded"] }),
  enabled: z.boolean().default(true),
});
export type WebhookEndpointInput = z.input<typeof WebhookEndpointInput>;
