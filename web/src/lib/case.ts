/** `setup_status` → `setupStatus`. Leading underscores and already camelCase keys are kept. */
export function toCamelCase(key: string): string {
  return key.replace(/(?<=[^_-])[_-]+([^_-])/g, (_, next: string) => next.toUpperCase());
}

/** `addressPostcode` → `address_postcode`. Already snake_case keys are kept. */
export function toSnakeCase(key: string): string {
  return key.replace(/(?<=[a-z0-9])([A-Z])/g, (_, upper: string) => `_${upper.toLowerCase()}`);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Converts every object key, at every depth and inside arrays, to camelCase. Values are untouched. */
export function camelizeKeys<T = unknown>(value: unknown): T {
  if (Array.isArray(value)) return value.map((item) => camelizeKeys(item)) as T;
  if (isPlainObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [toCamelCase(key), camelizeKeys(item)]),
    ) as T;
  }
  return value as T;
}
