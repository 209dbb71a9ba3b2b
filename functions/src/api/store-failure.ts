/**
 * What a DynamoDB failure that reached the API says about the request:
 * - `condition_failed`: a condition of the write did not hold (another request changed
 *   the item first): the request lost a race, 409;
 * - `busy`: the table or a transaction on the same items was busy: nothing is wrong with
 *   the request, and the same request sent again shortly goes through (429, Retry-After);
 * - `cancelled`: a transaction cancelled for any other reason (a bug, a limit): a server
 *   error, logged with its reasons.
 */
export type StoreFailure =
  | { kind: "condition_failed" }
  | { kind: "busy" }
  | { kind: "cancelled"; reasons: string[] };

/** Exception names of DynamoDB that mean "not now". */
const busyExceptions = new Set([
  "ThrottlingException",
  "ProvisionedThroughputExceededException",
  "RequestLimitExceeded",
  "TransactionConflictException",
  "TransactionInProgressException",
]);

/** Cancellation reason codes of a transaction that mean "not now". */
const busyReasons = new Set([
  "TransactionConflict",
  "ThrottlingError",
  "ProvisionedThroughputExceeded",
  "RequestLimitExceeded",
]);

/** The DynamoDB failure in `err` or its causes (ElectroDB wraps the SDK's error), if it is one. */
export function storeFailureOf(err: unknown): StoreFailure | undefined {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const { name, message = "" } = current as { name?: string; message?: string };
    if (name === "TransactionCanceledException") return cancellationOf(current);
    if (name === "ConditionalCheckFailedException" || message.includes("The conditional request failed"))
      return { kind: "condition_failed" };
    if (name && busyExceptions.has(name)) return { kind: "busy" };
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A cancelled transaction is a lost race only when one of its conditions failed. */
function cancellationOf(err: unknown): StoreFailure {
  const reasons = reasonCodes(err);
  if (reasons.includes("ConditionalCheckFailed")) return { kind: "condition_failed" };
  if (reasons.some((code) => busyReasons.has(code))) return { kind: "busy" };
  return { kind: "cancelled", reasons };
}

/**
 * One code per item of the transaction ("None" for the items that were fine): the SDK's
 * `CancellationReasons`, or, from an error that kept only the text, the list DynamoDB
 * writes at the end of the message ("… reasons [None, TransactionConflict]").
 */
function reasonCodes(err: unknown): string[] {
  const { CancellationReasons: listed, message = "" } = err as {
    CancellationReasons?: { Code?: string }[];
    message?: string;
  };
  if (listed) return listed.map((reason) => reason.Code ?? "None");
  const written = /\[([^\]]*)\]\s*$/.exec(message);
  return written ? written[1]!.split(",").map((code) => code.trim()) : [];
}
