import { z } from "zod";
import { webhookEvents } from "./webhook-event-names";

/**
 * A webhook endpoint as an API連携 integration registers it. The events and their names
 * (no schemas) live in webhook-event-names.ts.
 */
export {
  MAX_WEBHOOK_ENDPOINTS,
  type WebhookEvent,
  webhookEventLabels,
  webhookEvents,
} from "./webhook-event-names";

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
