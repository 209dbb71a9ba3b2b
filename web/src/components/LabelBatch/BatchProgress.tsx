import { Button, Group, Loader, Progress, ScrollArea, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconFileTypePdf } from "@tabler/icons-react";
import type { MouseEvent } from "react";
import { URL_MARGIN_MS } from "./label-pdfs";

/** Where a job (label issue, reissue, tracking upload) stands: a bar with done/total, the title changing when it ends. */
export function BatchProgress({
  finished,
  done,
  total,
  percent,
  runningTitle = "送り状を作成しています…",
  finishedTitle,
  label = "送り状の作成状況",
  error,
}: {
  finished: boolean;
  done: number;
  total: number;
  percent: number;
  runningTitle?: string;
  finishedTitle: string;
  /** The bar's accessible name. */
  label?: string;
  error?: string;
}) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <Group gap={8} wrap="nowrap">
          {!finished && <Loader size="xs" />}
          <Text size="sm" fw={600}>
            {finished ? finishedTitle : runningTitle}
          </Text>
        </Group>
        <Text size="sm" c="dimmed" style={{ fontVariantNumeric: "tabular-nums" }}>
          {done} / {total}件
        </Text>
      </Group>
      <Progress
        value={percent}
        size="lg"
        striped={!finished}
        animated={!finished}
        color={finished ? "teal" : "blue"}
        aria-label={label}
      />
      {error && (
        <Text size="xs" c="red">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The batch's finished PDFs, each openable as soon as it exists (in the browser's viewer,
 * to print). A link whose URL has expired, or is about to, is not followed: the tab is
 * opened at once (so the browser lets it open) and sent to the URL `fresh` reads again.
 */
export function PdfLinks({
  pdfs,
  note,
  expiresAt,
  fresh,
}: {
  pdfs: readonly { key: string; title: string; url: string }[];
  note: string;
  /** When a link stops working (epoch ms); without it, links are followed as they are. */
  expiresAt?: (url: string) => number;
  /** The file's URL read again (a new signature); undefined when the batch no longer has the file. */
  fresh?: (key: string) => Promise<string | undefined>;
}) {
  if (pdfs.length === 0) return null;
  const open = (pdf: { key: string; url: string }) => async (event: MouseEvent<HTMLAnchorElement>) => {
    if (!fresh || !expiresAt || Date.now() + URL_MARGIN_MS < expiresAt(pdf.url)) return;
    event.preventDefault();
    const tab = window.open("", "_blank");
    try {
      const url = await fresh(pdf.key);
      if (!url) throw new Error("このPDFはありません。画面の表示を確認してください。");
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else window.open(url, "_blank", "noopener,noreferrer");
    } catch (error) {
      tab?.close();
      notifications.show({ color: "red", message: `PDFを開けませんでした。${(error as Error).message}` });
    }
  };
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        印刷用PDF
      </Text>
      <ScrollArea.Autosize mah={220} type="auto">
        <Stack gap={6}>
          {pdfs.map((pdf, index) => (
            <Group key={pdf.key} justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm">
                {pdfs.length > 1 ? `${index + 1}. ` : ""}
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
                onClick={open(pdf)}
              >
                PDFを開く
              </Button>
            </Group>
          ))}
        </Stack>
      </ScrollArea.Autosize>
      <Text size="xs" c="dimmed">
        {note}
      </Text>
    </Stack>
  );
}
