import type { MessageOf } from "@okuru/core/queue";
import { WebhooksOut } from "@okuru/core/workflows/webhooks-out";
import { consumer } from "./consumer";

/** One attempt to post one event to an integrator's endpoint; a failure is retried by the work itself. */
export async function run(message: MessageOf<"webhookDelivery">): Promise<void> {
  await WebhooksOut.deliver(message);
}

export const handler = consumer("webhookDelivery", run);
