import { Alert, Button, Group, List, Modal, Stack, Text } from "@mantine/core";
import { IconCircleCheck, IconInfoTriangle } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useDialogOpening } from "../../hooks/use-focus-back";
import { ApiError, type Shipment } from "../../lib/api";
import { notify } from "../../lib/notify";
import { useCancelShipment, useCancelShipments } from "../../queries/shipments";
import { FormAlert } from "../forms/FormAlert";
import { FailedItems } from "./FailedItems";
import classes from "./ShipmentHistory.module.css";
import { type CancelSummary, cancelDoneMessage, cancelSummary, shipmentTitle } from "./shipment-history";

/** Shipments to cancel: one row's (PUT /{id}/cancel) or the selection's (PUT /cancel_shipments). */
export interface CancelTarget {
  shipments: readonly Shipment[];
  bulk: boolean;
}

/** How many are named in the confirmation before "ほかN件". */
const NAMED = 5;

const failedMessage = "取り消せませんでした。時間をおいて再度お試しください。";

/**
 * Asks before cancelling, saying that the numbers are retired for good. One row's
 * refusal (already reported to the shop…) is shown in the dialog, which stays open;
 * a selection's refusals are listed by shipment with their reasons.
 */
export function CancelShipmentsModal({
  target,
  onClose,
  onCancelled,
}: {
  target: CancelTarget | null;
  onClose: () => void;
  /** After the API answered: the list lets go of its selection. */
  onCancelled: () => void;
}) {
  // Drawn later (shipment-history-later): opened before it came, it shows open from its second commit.
  const dialog = useDialogOpening(target !== null);
  const one = useCancelShipment();
  const many = useCancelShipments();
  const [error, setError] = useState<string | null>(null);
  const [summary, setSummary] = useState<CancelSummary | null>(null);
  const pending = one.isPending || many.isPending;

  useEffect(() => {
    if (target) {
      setError(null);
      setSummary(null);
    }
  }, [target]);

  const shipments = target?.shipments ?? [];

  async function confirm() {
    if (!target) return;
    setError(null);
    try {
      if (!target.bulk && shipments[0]) {
        await one.mutateAsync(shipments[0].id);
        notify.success(cancelDoneMessage(1));
        onCancelled();
        onClose();
        return;
      }
      const { results } = await many.mutateAsync(shipments.map((s) => s.id));
      const next = cancelSummary(results, new Map(shipments.map((s) => [s.id, s] as const)));
      onCancelled();
      if (next.failed.length === 0) {
        notify.success(cancelDoneMessage(next.done));
        onClose();
      } else setSummary(next);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : failedMessage);
    }
  }

  return (
    <Modal
      {...dialog}
      onClose={onClose}
      title={summary ? "取り消しの結果" : "出荷を取り消す"}
      size="md"
      centered
      padding="lg"
      closeButtonProps={{ "aria-label": "閉じる" }}
      styles={{ title: { fontWeight: 700, fontSize: "var(--mantine-font-size-lg)" } }}
    >
      {summary ? (
        <Stack gap="md">
          {summary.done > 0 && (
            <Alert
              color="teal"
              icon={<IconCircleCheck size={18} />}
              title={cancelDoneMessage(summary.done)}
            />
          )}
          <FailedItems title="取り消せなかった出荷" items={summary.failed} />
          <Group justify="flex-end">
            <Button onClick={onClose}>閉じる</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text size="sm">
            {target?.bulk
              ? `選択した${shipments.length}件の出荷の送り状を取り消します。`
              : "この出荷の送り状を取り消します。"}
          </Text>
          <List size="sm" spacing={4}>
            {shipments.slice(0, NAMED).map((shipment) => (
              <List.Item key={shipment.id}>
                <Text size="sm" fw={600} className={classes.number}>
                  {shipmentTitle(shipment)}
                </Text>
              </List.Item>
            ))}
          </List>
          {shipments.length > NAMED && (
            <Text size="sm" c="dimmed">
              ほか{shipments.length - NAMED}件
            </Text>
          )}
          <Alert
            color="orange"
            variant="light"
            icon={<IconInfoTriangle size={18} />}
            title="取り消した追跡番号は再利用されません"
          >
            印刷済みの送り状は使わずに破棄してください。発送し直すときは注文リストから送り状を発行します（新しい追跡番号になります）。
          </Alert>
          <FormAlert error={error} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              戻る
            </Button>
            <Button color="red" onClick={() => void confirm()} loading={pending}>
              取り消す
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
