import { createContext, useContext, useEffect, useRef } from "react";

type DirtyCheck = () => boolean;

/** The forms of a page that asks before it is left with unsaved edits (UnsavedChangesGuard). */
export const UnsavedChangesRegistry = createContext<Set<DirtyCheck> | null>(null);

/** Makes a form's unsaved edits count for the guard around it; outside a guard, nothing. */
export function useUnsavedChanges(isDirty: DirtyCheck) {
  const registry = useContext(UnsavedChangesRegistry);
  const latest = useRef(isDirty);
  latest.current = isDirty;
  useEffect(() => {
    if (!registry) return;
    const check = () => latest.current();
    registry.add(check);
    return () => {
      registry.delete(check);
    };
  }, [registry]);
}
