import { Alert, Anchor, Button, Group, Loader, Progress, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { ExportQueued, ExportResult, ExportStatus } from "../../lib/api";
import { exportJobQueryOptions } from "../../queries/exports";
import { orderKeys } from "../../queries/orders";
import { FormModal } from "../forms/FormModal";
import { type CarrierExport, startDownload, useCarrierExport } from "./carrier-export";
import { exportFormatLabels, exportJobResult, isQueuedExport, jobPercent } from "./export-formats";
import { FailedOrders } from "./FailedOrders";
import { exportView, type OrderNumbers } from "./order-bulk";

export { type CarrierExport, useCarrierExport };

/** What went into the file and what did not, with the reasons, so the merchant can fix those and export again. */
export function ExportModal({ flow }: { flow: CarrierExport }) {
  const { create, format, numbers } = flow;
  const label = format ? exportFormatLabels[format] : "";
  const answer = create.data;
  const exportAgain = (orderIds: string[]) => {
    if (!format) return;
    flow.start(format, new Map(orderIds.map((id) => [id, numbers.get(id) ?? id])), true);
  };
  return (
    <FormModal opened={format !== null} onClose={flow.close} title={`CSV出力（${label}）`} size="md">
      <Stack gap="md">
        {create.isError ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title="ファイルを出力できませんでした">
            {create.error.message}
          </Alert>
        ) : !answer ? (
          <Group gap="sm" py="md">
            <Loader size="sm" />
            <Text size="sm">{label}用のファイルを作成しています…</Text>
          </Group>
        ) : isQueuedExport(answer) ? (
          <ExportJobProgress queued={answer} label={label} numbers={numbers} onAgain={exportAgain} />
        ) : (
          <ExportSummary result={answer} numbers={numbers} onAgain={exportAgain} />
        )}
        <Group justify="flex-end">
          <Button variant={answer || create.isError ? "filled" : "default"} onClick={flow.close}>
            閉じる
          </Button>
        </Group>
      </Stack>
    </FormModal>
  );
}

/** A queued export: the bar while the orders are read, then the same summary as a file made at once. */
function ExportJobProgress({
  queued,
  label,
  numbers,
  onAgain,
}: {
  queued: ExportQueued;
  label: string;
  numbers: OrderNumbers;
  onAgain: (orderIds: string[]) => void;
}) {
  const queryClient = useQueryClient();
  const job = useQuery(exportJobQueryOptions(queued.exportId));
  const status: ExportStatus | undefined = job.data;
  const finished = status !== undefined && status.status !== "running";
  // The download starts once, when the job is seen done; the orders read again to show 出力済み.
  const downloaded = useRef(false);
  useEffect(() => {
    if (!finished || downloaded.current) return;
    downloaded.current = true;
    if (status?.status === "done" && status.url) startDownload(status.url);
    void queryClient.invalidateQueries({ queryKey: orderKeys.all });
  }, [finished, status, queryClient]);

  if (status?.status === "done")
    return <ExportSummary result={exportJobResult(status)} numbers={numbers} onAgain={onAgain} />;
  if (status?.status === "failed")
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title="ファイルを出力できませんでした">
        {status.error}
      </Alert>
    );
  const done = status?.progress.done ?? 0;
  const total = status?.progress.total ?? 0;
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <Group gap={8} wrap="nowrap">
          <Loader size="xs" />
          <Text size="sm" fw={600}>
            {label}用のファイルを作成しています…
          </Text>
        </Group>
        {status && (
          <Text size="sm" c="dimmed" style={{ fontVariantNumeric: "tabular-nums" }}>
            {done} / {total}件
          </Text>
        )}
      </Group>
      <Progress
        value={status ? jobPercent(status) : 0}
        size="lg"
        striped
        animated
        aria-label="ファイルの作成状況"
      />
      {job.isError ? (
        <Text size="xs" c="red">
          {job.error.message}
        </Text>
      ) : (
        <Text size="xs" c="dimmed">
          件数が多いため順に作成しています。閉じても作成は続きます。
        </Text>
      )}
    </Stack>
  );
}

function ExportSummary({
  result,
  numbers,
  onAgain,
}: {
  result: ExportResult;
  numbers: OrderNumbers;
  onAgain: (orderIds: string[]) => void;
}) {
  const view = exportView(result, numbers);
  return (
    <>
      {view.url ? (
        <Alert color="teal" icon={<IconCircleCheck size={18} />} title={`${view.included}件を出力しました`}>
          <Stack gap={4}>
            <Text size="sm">
              {view.filename} のダウンロードを開始しました。{view.formatLabel}で取り込んでください。
            </Text>
            {view.again > 0 && (
              <Text size="sm" fw={600}>
                うち{view.again}
                件は発行済み・出力済みの注文の再出力です。同じ荷物を二重に取り込まないようご注意ください。
              </Text>
            )}
            <Text size="xs" c="dimmed">
              ダウンロードが始まらないときは
              <Anchor href={view.url} size="xs">
                こちら
              </Anchor>
              （15分間有効）
            </Text>
          </Stack>
        </Alert>
      ) : (
        <Alert color="gray" icon={<IconAlertTriangle size={18} />} title="出力できる注文がありませんでした" />
      )}
      {view.leftOut.length > 0 && (
        <FailedOrders title="一部の項目を出力していない注文" orders={view.leftOut} tone="notice">
          <Text size="xs">{view.formatLabel}が扱えない項目です。注文はファイルに含まれています。</Text>
        </FailedOrders>
      )}
      {view.excluded.length > 0 && (
        <FailedOrders title="出力できなかった注文" orders={view.excluded}>
          <Text size="xs">お届け先や配送設定を直してから、もう一度出力してください。</Text>
        </FailedOrders>
      )}
      {view.heldBack.length > 0 && (
        <FailedOrders title="発行済み・出力済みのため出力していない注文" orders={view.heldBack} tone="notice">
          <Stack gap={6} align="flex-start">
            <Text size="xs">
              同じ荷物に二つ目の番号が付かないよう出力していません。取り込み直すときだけ再出力してください。
            </Text>
            <Button
              size="xs"
              variant="light"
              color="orange"
              onClick={() => onAgain(view.heldBack.map((order) => order.orderId))}
            >
              {view.heldBack.length}件を再出力する
            </Button>
          </Stack>
        </FailedOrders>
      )}
    </>
  );
}
