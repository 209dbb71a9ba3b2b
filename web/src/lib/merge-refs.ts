import { type Ref, type RefCallback, useCallback, useMemo, useRef } from "react";

/**
 * `useMergeRefs` of @floating-ui/react, as Mantine's ScrollArea takes it (vite.config.ts
 * gives it this module). ScrollArea is under every table, and floating-ui's module holds
 * the positioning of every popover and menu: taken from there, the one hook brought all of
 * it onto the order list's first screen. Same behaviour: one callback ref for all the refs
 * (null when none is set), with a callback ref's own cleanup (React 19) run when it changes.
 */
export function useMergeRefs<Instance>(refs: Array<Ref<Instance> | undefined>): RefCallback<Instance> | null {
  const cleanupRef = useRef<(() => void) | undefined>(undefined);
  const refEffect = useCallback((instance: Instance) => {
    const cleanups = refs.map((ref) => {
      if (ref == null) return undefined;
      if (typeof ref === "function") {
        const cleanup = ref(instance);
        return typeof cleanup === "function" ? cleanup : () => ref(null);
      }
      ref.current = instance;
      return () => {
        ref.current = null;
      };
    });
    return () => {
      for (const cleanup of cleanups) cleanup?.();
    };
    // biome-ignore lint/correctness/useExhaustiveDependencies: the refs are the dependencies, as in floating-ui
  }, refs);
  return useMemo(() => {
    if (refs.every((ref) => ref == null)) return null;
    return (value: Instance | null) => {
      cleanupRef.current?.();
      cleanupRef.current = undefined;
      if (value != null) cleanupRef.current = refEffect(value);
    };
    // biome-ignore lint/correctness/useExhaustiveDependencies: the refs are the dependencies, as in floating-ui
  }, refs);
}
