import { Alert, Button, Group, Loader, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { labelBatchQueryOptions, useInvalidateAfterLabels, useIssueLabels } from "../../queries/labels";
import { FormModal } from "../forms/FormModal";
import { BatchProgress, PdfLinks } from "../LabelBatch/BatchProgress";
import { FailedOrders } from "./FailedOrders";
import {
  type LabelRequest,
  labelBatchView,
  labelPollInterval,
  newLabelRequest,
  type OrderNumbers,
} from "./order-bulk";

/**
 * 送り状発行 as one flow: the click sends the batch under a fresh Idempotency-Key, and
 * 再試行 sends the same request under the same key, so a request that did reach the
 * server answers its first batch instead of starting a second one.
 */
export function useLabelIssue({ onAccepted }: { onAccepted: () => void }) {
  const issue = useIssueLabels();
  const [request, setRequest] = useState<LabelRequest | null>(null);
  // The numbers of the orders sent, kept for the summary after the list has let go of its selection.
  const [numbers, setNumbers] = useState<OrderNumbers>(new Map());
  const send = (next: LabelRequest) => issue.mutate(next, { onSuccess: onAccepted });
  return {
    request,
    issue,
    numbers,
    start(selection: OrderNumbers) {
      const next = newLabelRequest(selection.keys());
      setRequest(next);
      setNumbers(new Map(selection));
      issue.reset();
      send(next);
    },
    retry() {
      if (request) send(request);
    },
    close() {
      setRequest(null);
      issue.reset();
    },
  };
}

export type LabelIssue = ReturnType<typeof useLabelIssue>;

/** The batch from its acceptance to its summary: progress, each PDF as it is ready, the orders that failed. */
export function LabelIssueModal({ flow }: { flow: LabelIssue }) {
  const { issue, numbers } = flow;
  const labelId = issue.data?.labelId;
  return (
    <FormModal opened={flow.request !== null} onClose={flow.close} title="送り状発行" size="md">
      {issue.isError ? (
        <Stack gap="md">
          <Alert
            color="red"
            icon={<IconAlertTriangle size={18} />}
            title="送り状の発行を開始できませんでした"
          >
            {issue.error.message}
          </Alert>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={flow.close}>
              閉じる
            </Button>
            <Button onClick={flow.retry}>再試行</Button>
          </Group>
        </Stack>
      ) : labelId ? (
        <IssueProgress labelId={labelId} numbers={numbers} onClose={flow.close} />
      ) : (
        <Group gap="sm" py="md">
          <Loader size="sm" />
          <Text size="sm">送り状の発行を受け付けています…</Text>
        </Group>
      )}
    </FormModal>
  );
}

function IssueProgress({
  labelId,
  numbers,
  onClose,
}: {
  labelId: string;
  numbers: OrderNumbers;
  onClose: () => void;
}) {
  const invalidate = useInvalidateAfterLabels();
  const batch = useQuery({
    ...labelBatchQueryOptions(labelId),
    refetchInterval: (query) => labelPollInterval(query.state.data),
    // The merchant may switch to another tab while it renders; the bar is current when they come back.
    refetchIntervalInBackground: true,
  });
  const view = batch.data ? labelBatchView(batch.data, numbers) : null;
  const finished = view?.finished ?? false;

  // The orders' statuses and the drawer's 送り状 change once the batch is done.
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
        <Text size="sm">発行状況を確認しています…</Text>
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
        finishedTitle="発行が完了しました"
        error={batch.isError ? batch.error.message : undefined}
      />
      <PdfLinks pdfs={view.parts} note="できたものから印刷できます。リンクの有効期限は15分です。" />

      {view.finished && (
        <>
          <Alert
            color={view.issued > 0 ? "teal" : "gray"}
            icon={<IconCircleCheck size={18} />}
            title={
              view.issued > 0
                ? `${view.issued}件の注文に送り状を発行しました（${view.labels}枚）`
                : "送り状を発行できた注文はありません"
            }
          />
          {view.failed.length > 0 && <FailedOrders title="発行できなかった注文" orders={view.failed} />}
        </>
      )}

      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {view.finished ? "" : "閉じても発行は続きます。"}
        </Text>
        <Button variant={view.finished ? "filled" : "default"} onClick={onClose}>
          閉じる
        </Button>
      </Group>
    </Stack>
  );
}
