import { Button, Group, Modal, Text } from "@mantine/core";
import { useDialogOpening } from "../../hooks/use-focus-back";

/**
 * 保存していない変更があります: asked when a page of separately saved forms is left with edits
 * unsaved (UnsavedChangesGuard). Drawn later (unsaved-changes-later): opened in the commit after
 * it mounts, so its transition plays.
 */
export function UnsavedChangesModal({
  opened,
  onStay,
  onLeave,
}: {
  opened: boolean;
  onStay: () => void;
  onLeave: () => void;
}) {
  const dialog = useDialogOpening(opened);
  return (
    <Modal {...dialog} onClose={onStay} title="保存していない変更があります" centered>
      <Text size="sm">
        保存していない変更は、このページを離れると失われます。変更を残すときは「このページに戻る」を押し、各項目の「保存する」で保存してください。
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onStay}>
          このページに戻る
        </Button>
        <Button color="red" onClick={onLeave}>
          保存せずに移動する
        </Button>
      </Group>
    </Modal>
  );
}
