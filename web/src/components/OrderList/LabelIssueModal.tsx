import { Alert, Button, Group, Loader, Progress, ScrollArea, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck, IconFileTypePdf } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { labelBatchQueryOptions, useInvalidateAfterLabels, useIssueLabels } from "../../queries/labels";
import { FormModal } from "../forms/FormModal";
import { FailedOrders } from "./FailedOrders";
import classes from "./OrderList.module.css";
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
        <BatchProgress labelId={labelId} numbers={numbers} onClose={flow.close} />
      ) : (
        <Group gap="sm" py="md">
          <Loader size="sm" />
          <Text size="sm">送り状の発行を受け付けています…</Text>
        </Group>
      )}
    </FormModal>
  );
}

function BatchProgress({
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
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Group gap={8} wrap="nowrap">
            {!view.finished && <Loader size="xs" />}
            <Text size="sm" fw={600}>
              {view.finished ? "発行が完了しました" : "送り状を作成しています…"}
            </Text>
          </Group>
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

      {view.parts.length > 0 && (
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            印刷用PDF
          </Text>
          <ScrollArea.Autosize mah={220} type="auto">
            <Stack gap={6}>
              {view.parts.map((part, index) => (
                <Group key={part.key} justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm">
                    {view.parts.length > 1 ? `${index + 1}. ` : ""}
                    {part.title}
                  </Text>
                  <Button
                    component="a"
                    href={part.url}
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
            できたものから印刷できます。リンクの有効期限は15分です。
          </Text>
        </Stack>
      )}

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
