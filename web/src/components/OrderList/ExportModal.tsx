import { Alert, Anchor, Button, Group, Loader, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck } from "@tabler/icons-react";
import { useState } from "react";
import type { ExportFormat } from "../../lib/api";
import { useCreateExport } from "../../queries/labels";
import { FormModal } from "../forms/FormModal";
import { exportFormatLabels } from "./export-formats";
import { FailedOrders } from "./FailedOrders";
import { exportView, type OrderNumbers } from "./order-bulk";

/**
 * Starts the browser's download of a file the API signed. The URL answers with
 * `Content-Disposition: attachment`, so following it downloads the file and the
 * page stays where it is.
 */
function startDownload(url: string) {
  const link = document.createElement("a");
  link.href = url;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
}

/** CSV出力: one carrier software file for the selected orders; the download starts as soon as it is made. */
export function useCarrierExport({ onExported }: { onExported: () => void }) {
  const create = useCreateExport();
  const [format, setFormat] = useState<ExportFormat | null>(null);
  // The numbers of the orders sent, kept for the summary after the list has let go of its selection.
  const [numbers, setNumbers] = useState<OrderNumbers>(new Map());
  return {
    format,
    create,
    numbers,
    start(next: ExportFormat, selection: OrderNumbers) {
      setFormat(next);
      setNumbers(new Map(selection));
      create.reset();
      create.mutate(
        { format: next, order_ids: [...selection.keys()] },
        {
          onSuccess: (result) => {
            if (result.url) startDownload(result.url);
            onExported();
          },
        },
      );
    },
    close() {
      setFormat(null);
      create.reset();
    },
  };
}

export type CarrierExport = ReturnType<typeof useCarrierExport>;

/** What went into the file and what did not, with the reasons, so the merchant can fix those and export again. */
export function ExportModal({ flow }: { flow: CarrierExport }) {
  const { create, format, numbers } = flow;
  const label = format ? exportFormatLabels[format] : "";
  const view = create.data ? exportView(create.data, numbers) : null;
  return (
    <FormModal opened={format !== null} onClose={flow.close} title={`CSV出力（${label}）`} size="md">
      <Stack gap="md">
        {create.isError ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title="ファイルを出力できませんでした">
            {create.error.message}
          </Alert>
        ) : !view ? (
          <Group gap="sm" py="md">
            <Loader size="sm" />
            <Text size="sm">{label}用のファイルを作成しています…</Text>
          </Group>
        ) : (
          <>
            {view.url ? (
              <Alert
                color="teal"
                icon={<IconCircleCheck size={18} />}
                title={`${view.included}件を出力しました`}
              >
                <Stack gap={4}>
                  <Text size="sm">
                    {view.filename} のダウンロードを開始しました。{view.formatLabel}で取り込んでください。
                  </Text>
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
              <Alert
                color="gray"
                icon={<IconAlertTriangle size={18} />}
                title="出力できる注文がありませんでした"
              />
            )}
            {view.excluded.length > 0 && (
              <FailedOrders title="出力できなかった注文" orders={view.excluded}>
                <Text size="xs">お届け先や配送設定を直してから、もう一度出力してください。</Text>
              </FailedOrders>
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant={view ? "filled" : "default"} onClick={flow.close}>
            閉じる
          </Button>
        </Group>
      </Stack>
    </FormModal>
  );
}
