import { Button, Group, Loader, Progress, ScrollArea, Stack, Text } from "@mantine/core";
import { IconFileTypePdf } from "@tabler/icons-react";

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

/** The batch's finished PDFs, each openable as soon as it exists (in the browser's viewer, to print). */
export function PdfLinks({
  pdfs,
  note,
}: {
  pdfs: readonly { key: string; title: string; url: string }[];
  note: string;
}) {
  if (pdfs.length === 0) return null;
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
