/**
 * An enumeration written once, with each value's Japanese label: `values` in the
 * order written (a non-empty tuple, as z.enum wants) and `labels` by value.
 *
 * Only for values that are not integers ("1", "1200"): objects put integer-like keys
 * first, in numeric order, whatever order they were written in (timeSlots keeps its
 * own list for that reason). Browser-safe.
 */
export function labelled<const Labels extends Record<string, string>>(labels: Labels) {
  const values = Object.keys(labels) as [keyof Labels & string, ...(keyof Labels & string)[]];
  if (values.some((value) => /^(0|[1-9]\d*)$/.test(value))) {
    throw new Error(`labelled: integer-like values lose their order: ${values.join(", ")}`);
  }
  return {
    values: values as Readonly<typeof values>,
    labels: labels as Readonly<Record<keyof Labels & string, string>>,
  };
}
