/**
 * Webhooks out: events of the company posted, signed, to the HTTPS endpoints its API連携
 * credentials registered, retried with back-off through the webhook-delivery queue, each
 * attempt in the endpoint's delivery log.
 */

export { emit, type OutgoingEvent } from "../../entities/webhook-endpoint/emit";
export { type DeliveryMessage, deliver, MAX_ATTEMPTS, RETRY_DELAYS_SECONDS } from "./deliver";
export * as WebhooksOut from "./index";
export { SIGNATURE_HEADER, signature, verifySignature } from "./sign";
