import { z } from "zod";
import { TimestampsInfo, timestampsToWire } from "./attributes";

/**
 * A record's wire schema: `id` first, then its own fields, then the timestamps;
 * `component` names it in the OpenAPI document.
 */
export function recordInfo<const S extends z.ZodRawShape>(component: string, shape: S) {
  return z.object({ id: z.string(), ...shape, ...TimestampsInfo }).meta({ id: component });
}

/** A record on the wire, in the order of `recordInfo`: `id`, its own fields, the timestamps. */
export function recordToWire<F extends object>(
  id: string,
  item: { createdAt: string; updatedAt: string },
  fields: F,
) {
  return { id, ...fields, ...timestampsToWire(item) };
}
