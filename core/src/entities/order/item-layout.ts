/**
 * How ElectroDB lays out an entity's stored item, read once from ElectroDB itself, so
 * that the items a sync writes by the thousand (orders and their search tokens) are
 * built without ElectroDB's per-item work (validation, key building, some 70–150 µs an
 * item) and still follow the entity's model: the keys are templates of literal text
 * and composites, filled by concatenation. Each builder's test holds its items equal
 * to `Entity.put(…).params().Item` (test/core/sync-page.test.ts).
 */

/** Literal text of a key, or the name of the composite attribute whose value goes there. */
type Part = string | { composite: string };

export type ItemLayout = {
  /** Key fields (pk, sk, gsi1pk, …) as templates. */
  keys: { field: string; parts: Part[] }[];
  /** What ElectroDB adds to every item of the entity alike (`__edb_e__`, `__edb_v__`, a key without composites). */
  constants: Record<string, unknown>;
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The layout of `item`, ElectroDB's put of `input`, in which each key composite named
 * in `marks` holds its mark: a value that occurs nowhere else in the keys (a
 * private-use character; for an enumeration, one of its values). Fields of the item
 * that are neither attributes of `input` nor `generated` (the timestamps) are keys when
 * they hold a mark, constants otherwise.
 */
export function readLayout(
  item: Record<string, unknown>,
  input: Record<string, unknown>,
  marks: Record<string, string>,
  generated: readonly string[] = [],
): ItemLayout {
  const compositeOf = new Map(Object.entries(marks).map(([composite, mark]) => [mark, composite]));
  const splitter = new RegExp(
    `(${[...compositeOf.keys()]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join("|")})`,
  );
  const layout: ItemLayout = { keys: [], constants: {} };
  for (const [field, value] of Object.entries(item)) {
    if (field in input || generated.includes(field)) continue;
    if (typeof value === "string" && splitter.test(value)) {
      // "$okuru#tenantId_<mark>#shard_<mark>" → ["$okuru#tenantId_", <mark>, "#shard_", <mark>]
      const parts = value
        .split(splitter)
        .filter((part) => part !== "")
        .map((part): Part => {
          const composite = compositeOf.get(part);
          return composite ? { composite } : part;
        });
      layout.keys.push({ field, parts });
    } else {
      layout.constants[field] = value;
    }
  }
  return layout;
}

/** One key of an item: the template with the item's composite values in place. */
export function fillKey(parts: Part[], values: Record<string, unknown>): string {
  let key = "";
  for (const part of parts) key += typeof part === "string" ? part : String(values[part.composite]);
  return key;
}
