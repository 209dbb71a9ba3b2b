import type { z } from "zod";

/**
 * A core function that validates its own input and exposes the schema, so the
 * API route reuses exactly the schema the domain checks.
 */
export function fn<S extends z.ZodType, R>(schema: S, cb: (input: z.output<S>) => R) {
  const run = (input: z.input<S>): R => cb(schema.parse(input));
  run.schema = schema;
  return run;
}
