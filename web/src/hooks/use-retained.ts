import { useRef } from "react";

/**
 * The last non-null value: a dialog keeps showing the record it was opened for
 * while it fades out, after the page has already let go of it.
 */
export function useRetained<T>(value: T | null): T | null {
  const last = useRef<T | null>(value);
  if (value !== null) last.current = value;
  return last.current;
}
