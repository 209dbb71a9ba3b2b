import { z } from "zod";

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

/** The wire form of `timestamps`: every record the API answers carries both. */
export const TimestampsInfo = {
  created_at: z.string(),
  updated_at: z.string(),
};

export function timestampsToWire(item: { createdAt: string; updatedAt: string }) {
  return { created_at: item.createdAt, updated_at: item.updatedAt };
}

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
