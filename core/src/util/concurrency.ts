import pLimit from "p-limit";

/**
 * `fn` over `items`, at most `limit` at once, results in the order of `items`. After the
 * first failure nothing new starts (those already running finish) and that failure is
 * thrown, like Promise.all over chunks of `limit` would.
 */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const limited = pLimit(limit);
  return Promise.all(
    items.map((item, index) =>
      limited(async () => {
        try {
          return await fn(item, index);
        } catch (error) {
          limited.clearQueue();
          throw error;
        }
      }),
    ),
  );
}

/**
 * A limit shared by every caller of the function it returns: `work` runs when one of the
 * `limit` slots is free (callers in one process share a resource's capacity).
 */
export function sharedLimit(limit: number): <T>(work: () => Promise<T>) => Promise<T> {
  const limited = pLimit(limit);
  return (work) => limited(work);
}
