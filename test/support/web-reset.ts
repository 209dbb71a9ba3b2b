import { notifications } from "@mantine/notifications";
import { act } from "@testing-library/react";
import { afterEach, vi } from "vitest";

/**
 * What one screen test leaves behind that must not reach the next: stubbed globals
 * (`fetch` answered by a fake API) and toasts, which live in a module-level store.
 * Call at the top of a test file.
 */
export function resetScreensAfterEach({ restoreMocks = false } = {}) {
  afterEach(() => {
    vi.unstubAllGlobals();
    if (restoreMocks) vi.restoreAllMocks();
    act(() => notifications.clean());
  });
}
