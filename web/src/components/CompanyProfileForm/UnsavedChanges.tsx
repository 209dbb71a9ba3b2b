import { useBlocker } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { DrawnLater } from "../../lib/load-later";
import { UnsavedChangesRegistry } from "../../lib/unsaved-changes";
import { unsavedChangesModal } from "./unsaved-changes-later";

/**
 * A page of several forms each saved on its own (会社概要: four 保存する): leaving it, by a
 * link, back or a reload, while any of them holds unsaved edits asks first. Every schema
 * form inside takes part (useSchemaForm registers it).
 */
export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const [checks] = useState(() => new Set<() => boolean>());
  const anyDirty = () => [...checks].some((check) => check());
  const blocker = useBlocker({ shouldBlockFn: anyDirty, enableBeforeUnload: anyDirty, withResolver: true });
  const blocked = blocker.status === "blocked";
  return (
    <UnsavedChangesRegistry.Provider value={checks}>
      {children}
      <DrawnLater
        part={unsavedChangesModal}
        needed={blocked}
        opened={blocked}
        onStay={() => blocker.reset?.()}
        onLeave={() => blocker.proceed?.()}
      />
    </UnsavedChangesRegistry.Provider>
  );
}
