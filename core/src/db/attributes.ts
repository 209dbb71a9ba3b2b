/** Timestamps every entity carries; ISO strings sort by time in sort keys. */
export const timestamps = {
  createdAt: {
    type: "string",
    readOnly: true,
    required: true,
    default: () => new Date().toISOString(),
  },
  updatedAt: {
    type: "string",
    watch: "*",
    required: true,
    default: () => new Date().toISOString(),
    set: () => new Date().toISOString(),
  },
} as const;

/** An address as carriers print it (see shared/fields.ts for the limits). */
export const addressAttributes = {
  postalCode: { type: "string", required: true },
  prefecture: { type: "string", required: true },
  city: { type: "string", required: true },
  address1: { type: "string", required: true },
  address2: { type: "string", default: "" },
} as const;

/** DynamoDB's answer when a conditional write (create without overwrite, guarded patch) did not apply. */
export function isConditionalFailure(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const name = (current as { name?: string }).name;
    if (name === "ConditionalCheckFailedException" || name === "TransactionCanceledException") return true;
    const message = (current as { message?: string }).message ?? "";
    if (message.includes("The conditional request failed")) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
