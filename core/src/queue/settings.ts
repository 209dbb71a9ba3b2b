/**
 * Queue settings as plain data, so the stack (stacks/queues.ts), the local
 * provisioning (dev/src/provision.ts) and the consumers read one value
 * without pulling in the SDK.
 *
 * A message is delivered at most this often; the delivery that fails with this
 * receive count is the last one before SQS parks it in the dead-letter queue, so
 * the consumer records the reason on the entity it concerns at that delivery.
 */
export const maxReceiveCount = 3;
