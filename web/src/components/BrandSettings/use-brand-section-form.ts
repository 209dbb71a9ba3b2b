import { useSuspenseQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { Brand } from "../../lib/api";
import { type LaterSchema, useFormSubmit, useSchemaForm } from "../../lib/form";
import { brandQueryOptions } from "../../queries/brands";

/**
 * A brand card saved by one brand call: its form starts from the cached brand and,
 * once saved, from the brand the call answered.
 */
export function useBrandSectionForm<Values extends Record<string, unknown>, S extends z.ZodType>(
  schema: LaterSchema<S>,
  options: {
    name: string;
    valuesOf: (brand: Brand) => Values;
    save: (values: z.output<S>) => Promise<Brand>;
    success: string;
  },
) {
  const { data: brand } = useSuspenseQuery(brandQueryOptions());
  const form = useSchemaForm(schema, { name: options.name, initialValues: options.valuesOf(brand) });
  const { onSubmit, error } = useFormSubmit(form, options.save, {
    success: options.success,
    onSuccess: (saved) => form.resetDirty(options.valuesOf(saved)),
  });
  return { form, section: { onSubmit, submitting: form.submitting, error } };
}
