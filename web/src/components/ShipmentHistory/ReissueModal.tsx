import { Alert, Button, Group, Loader, Progress, ScrollArea, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck, IconFileTypePdf } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { labelBatchQueryOptions, useInvalidateAfterLabels } from "../../queries/labels";
import { useReissueShipments } from "../../queries/shipments";
import { FormModal } from "../forms/FormModal";
import { labelPollInterval } from "../OrderList/order-bulk";
import { FailedItems } from "./FailedItems";
import classes from "./ShipmentHistory.module.css";
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
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600}>
            {view.finished ? "再発行が完了しました" : "送り状を作成しています…"}
          </Text>
          <Text size="sm" c="dimmed" className={classes.number}>
            {view.done} / {view.total}件
          </Text>
        </Group>
        <Progress
          value={view.percent}
          size="lg"
          striped={!view.finished}
          animated={!view.finished}
          color={view.finished ? "teal" : "blue"}
          aria-label="送り状の作成状況"
        />
        {batch.isError && (
          <Text size="xs" c="red">
            {batch.error.message}
          </Text>
        )}
      </Stack>

      {view.pdfs.length > 0 && (
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            印刷用PDF
          </Text>
          <ScrollArea.Autosize mah={220} type="auto">
            <Stack gap={6}>
              {view.pdfs.map((pdf, index) => (
                <Group key={pdf.key} justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm">
                    {view.pdfs.length > 1 ? `${index + 1}. ` : ""}
                    {pdf.title}
                  </Text>
                  <Button
                    component="a"
                    href={pdf.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    size="xs"
                    variant="light"
                    leftSection={<IconFileTypePdf size={16} />}
                  >
                    PDFを開く
                  </Button>
                </Group>
              ))}
            </Stack>
          </ScrollArea.Autosize>
          <Text size="xs" c="dimmed">
            追跡番号は前と同じです。前に印刷した送り状は使わずに破棄してください。リンクの有効期限は15分です。
          </Text>
        </Stack>
      )}

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
