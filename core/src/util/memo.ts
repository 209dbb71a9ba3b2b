/**
 * A pure function of a string, worked out once per distinct argument and kept. At most
 * `cap` arguments are kept: when full, the cache starts over, so it never grows without
 * bound in a long-lived process and what is used now is what it holds.
 */
export function memoized<T>(workOut: (key: string) => T, cap: number): (key: string) => T {
  const known = new Map<string, T>();
  return (key) => {
    // One lookup for the usual hit (a large sync asks millions of times); `has` only for a kept undefined.
    const kept = known.get(key);
    if (kept !== undefined || known.has(key)) return kept as T;
    const value = workOut(key);
    if (known.size >= cap) known.clear();
    known.set(key, value);
    return value;
  };
}
