import { Button, Group, Modal, Text } from "@mantine/core";
import { useBlocker } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { UnsavedChangesRegistry } from "../../lib/unsaved-changes";

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
      <Modal opened={blocked} onClose={() => blocker.reset?.()} title="保存していない変更があります" centered>
        <Text size="sm">
          保存していない変更は、このページを離れると失われます。変更を残すときは「このページに戻る」を押し、各項目の「保存する」で保存してください。
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => blocker.reset?.()}>
            このページに戻る
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            保存せずに移動する
          </Button>
        </Group>
      </Modal>
    </UnsavedChangesRegistry.Provider>
  );
}
