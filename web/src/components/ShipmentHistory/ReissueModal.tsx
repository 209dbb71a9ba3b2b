import { Alert, Button, Group, Loader, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { labelBatchQueryOptions, useInvalidateAfterLabels } from "../../queries/labels";
import { useReissueShipments } from "../../queries/shipments";
import { FormModal } from "../forms/FormModal";
import { BatchProgress, PdfLinks } from "../LabelBatch/BatchProgress";
import { labelPollInterval } from "../OrderList/order-bulk";
import { FailedItems } from "./FailedItems";
import {
  newReissueRequest,
  type ReissueRequest,
  reissueView,
  type ShipmentSelection,
} from "./shipment-history";

/**
 * 再発行 as one flow: the click sends the batch under a fresh Idempotency-Key, and
 * 再試行 sends the same request under the same key, so a request that did reach the
 * server answers its first batch instead of printing a second one.
 */
export function useReissue({ onAccepted }: { onAccepted: () => void }) {
  const reissue = useReissueShipments();
  const [request, setRequest] = useState<ReissueRequest | null>(null);
  // The shipments sent, kept to name the results after the list has let go of its selection.
  const [selection, setSelection] = useState<ShipmentSelection>(new Map());
  const send = (next: ReissueRequest) => reissue.mutate(next, { onSuccess: onAccepted });
  return {
    request,
    reissue,
    selection,
    start(shipments: ShipmentSelection) {
      const next = newReissueRequest(shipments.keys());
      setRequest(next);
      setSelection(new Map(shipments));
      reissue.reset();
      send(next);
    },
    retry() {
      if (request) send(request);
    },
    close() {
      setRequest(null);
      reissue.reset();
    },
  };
}

export type Reissue = ReturnType<typeof useReissue>;

/** The reissue from its acceptance to its summary: progress, each PDF as it is ready, what could not be printed. */
export function ReissueModal({ flow }: { flow: Reissue }) {
  const { reissue } = flow;
  const labelId = reissue.data?.labelId;
  return (
    <FormModal opened={flow.request !== null} onClose={flow.close} title="送り状の再発行" size="md">
      {reissue.isError ? (
        <Stack gap="md">
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title="再発行を開始できませんでした">
            {reissue.error.message}
          </Alert>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={flow.close}>
              閉じる
            </Button>
            <Button onClick={flow.retry}>再試行</Button>
          </Group>
        </Stack>
      ) : labelId ? (
        <ReissueProgress labelId={labelId} selection={flow.selection} onClose={flow.close} />
      ) : (
        <Group gap="sm" py="md">
          <Loader size="sm" />
          <Text size="sm">再発行を受け付けています…</Text>
        </Group>
      )}
    </FormModal>
  );
}

function ReissueProgress({
  labelId,
  selection,
  onClose,
}: {
  labelId: string;
  selection: ShipmentSelection;
  onClose: () => void;
}) {
  const invalidate = useInvalidateAfterLabels();
  const batch = useQuery({
    ...labelBatchQueryOptions(labelId),
    refetchInterval: (query) => labelPollInterval(query.state.data),
    // The merchant may switch to another browser tab while it renders; the bar is current on return.
    refetchIntervalInBackground: true,
  });
  const view = batch.data ? reissueView(batch.data, selection) : null;
  const finished = view?.finished ?? false;

  // The reprinted shipments have a new label id and printed time once the batch is done.
  useEffect(() => {
    if (finished) void invalidate();
  }, [finished, invalidate]);

  if (!view) {
    return batch.isError ? (
      <Alert color="red" icon={<IconAlertTriangle size={18} />}>
        {batch.error.message}
      </Alert>
    ) : (
      <Group gap="sm" py="md">
        <Loader size="sm" />
        <Text size="sm">再発行の状況を確認しています…</Text>
      </Group>
    );
  }

  return (
    <Stack gap="md">
      <BatchProgress
        finished={view.finished}
        done={view.done}
        total={view.total}
        percent={view.percent}
        finishedTitle="再発行が完了しました"
        error={batch.isError ? batch.error.message : undefined}
      />
      <PdfLinks
        pdfs={view.pdfs}
        note="追跡番号は前と同じです。前に印刷した送り状は使わずに破棄してください。リンクの有効期限は15分です。"
      />

      {view.finished && (
        <>
          <Alert
            color={view.reissued > 0 ? "teal" : "gray"}
            icon={<IconCircleCheck size={18} />}
            title={
              view.reissued > 0
                ? `${view.reissued}件の送り状を再発行しました`
                : "再発行できた送り状はありません"
            }
          />
          {view.failed.length > 0 && <FailedItems title="再発行できなかった出荷" items={view.failed} />}
        </>
      )}

      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {view.finished ? "" : "閉じても再発行は続きます。"}
        </Text>
        <Button variant={view.finished ? "filled" : "default"} onClick={onClose}>
          閉じる
        </Button>
      </Group>
    </Stack>
  );
}
