import { type QueryKey, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";

/**
 * The shapes every query module repeats. The calls are lib/api.ts's operations, so
 * their argument and answer types come from the generated API types unchanged.
 */

/** A change after which every query under `key` is read again. */
export function useInvalidatingMutation<V, T>(key: QueryKey, call: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => call(variables),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** A change answered with the whole record, which becomes the cached one under `key`. */
export function useStoringMutation<V, T>(key: QueryKey, call: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => call(variables),
    onSuccess: (record: T) => {
      queryClient.setQueryData(key, record);
    },
  });
}

/** An update of one record: its id and the new values. */
export interface RecordUpdate<B> {
  id: string;
  body: B;
}

/**
 * The create, update and delete hooks of one of the company's record lists (users,
 * senders, item categories): each change reads every query under `key` again.
 */
export function recordMutations<C, U, Created, Updated, Deleted>(
  key: QueryKey,
  api: {
    create: (body: C) => Promise<Created>;
    update: (id: string, body: U) => Promise<Updated>;
    remove: (id: string) => Promise<Deleted>;
  },
) {
  return {
    useCreate: () => useInvalidatingMutation(key, (body: C) => api.create(body)),
    useUpdate: () =>
      useInvalidatingMutation(key, ({ id, body }: RecordUpdate<NonNullable<U>>) => api.update(id, body)),
    useDelete: () => useInvalidatingMutation(key, (id: string) => api.remove(id)),
  };
}

/**
 * One of the company's record lists, read whole and changed one record at a time:
 * its query keys (everything under `[name]`), the list query and the change hooks.
 */
export function recordCollection<L, C, U, Created, Updated, Deleted>(
  name: string,
  api: {
    list: () => Promise<L>;
    create: (body: C) => Promise<Created>;
    update: (id: string, body: U) => Promise<Updated>;
    remove: (id: string) => Promise<Deleted>;
  },
) {
  const keys = { all: [name] as const, list: () => [name, "list"] as const };
  return {
    keys,
    listQueryOptions: () => queryOptions({ queryKey: keys.list(), queryFn: () => api.list() }),
    ...recordMutations(keys.all, api),
  };
}

/** Starts a job; the idempotency key is the caller's, so a retry of the same click reuses it. */
export function useJobMutation<B, T>(start: (body: B, idempotencyKey: string) => Promise<T>) {
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: B; idempotencyKey: string }) =>
      start(body, idempotencyKey),
  });
}
