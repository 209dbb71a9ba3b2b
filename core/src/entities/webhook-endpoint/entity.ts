import type { EntityItem } from "electrodb";
import { keyString, tenantIndex, timestamps } from "../../db/attributes";
import { defineEntity } from "../../db/client";
import { runningAttributes } from "../../db/job";

/**
 * Access patterns
 * | pattern | index   | pk composite | sk composite | used by                                            |
 * | byId    | primary | tenantId     | endpointId   | endpoint CRUD; every event reads the company's few |
 *
 * An HTTPS endpoint an API連携 credential registered for webhooks out. The signing
 * secret is sealed (Secret.seal), since each delivery must sign with it again; it is
 * shown to the integrator once, at creation and on rotation.
 */
export const WebhookEndpointEntity = defineEntity("webhookEndpoint", {
  attributes: {
    tenantId: keyString,
    endpointId: keyString,
    credentialId: { type: "string", required: true, readOnly: true },
    url: { type: "string", required: true },
    events: { type: "list", items: { type: "string" }, required: true },
    enabled: { type: "boolean", required: true, default: true },
    sealedSecret: { type: "string", required: true },
    ...timestamps,
  },
  indexes: {
    byId: tenantIndex("endpointId"),
  },
});
export type WebhookEndpointItem = EntityItem<typeof WebhookEndpointEntity>;

/**
 * Access patterns
 * | pattern    | index   | pk composite | sk composite           | used by                       |
 * | byEndpoint | primary | tenantId     | endpointId, deliveryId | the tab's recent deliveries   |
 *
 * One event posted to one endpoint, with each attempt's outcome: the integrator's log.
 * Delivery ids are ULIDs, so the newest sort last; kept for 30 days (`expiresAt`, TTL).
 *
 * A pending delivery is in the running-jobs index (db/job.ts) with its heartbeat at the
 * time its next attempt is due, so the re-drive sweep sends again the message of an
 * attempt that is overdue (a send SQS did not take, a message lost): workflows/redrive.
 * An ended delivery (succeeded, failed) leaves the index.
 */
export const WebhookDeliveryEntity = defineEntity("webhookDelivery", {
  attributes: {
    tenantId: keyString,
    endpointId: keyString,
    deliveryId: keyString,
    event: { type: "string", required: true, readOnly: true },
    eventId: { type: "string", required: true, readOnly: true },
    /** The JSON posted, as signed: a retry posts the very same bytes. */
    body: { type: "string", required: true, readOnly: true },
    status: { type: ["pending", "succeeded", "failed"] as const, required: true, default: "pending" },
    attempts: { type: "number", required: true, default: 0 },
    /** The last answer's HTTP status, or 0 when none came (refused, timed out, unreachable). */
    lastStatusCode: { type: "number" },
    /** Why the last attempt failed, in Japanese, for the tab. */
    lastError: { type: "string" },
    lastAttemptAt: { type: "string" },
    nextAttemptAt: { type: "string" },
    expiresAt: { type: "number", required: true },
    ...runningAttributes,
    ...timestamps,
  },
  indexes: {
    byEndpoint: tenantIndex("endpointId", "deliveryId"),
  },
});
export type WebhookDeliveryItem = EntityItem<typeof WebhookDeliveryEntity>;
