import {
  Alert,
  Anchor,
  Badge,
  Button,
  FileButton,
  Group,
  Paper,
  Radio,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from "@mantine/core";
import type { Carrier } from "@okuru/core/shared/brand";
import { IconAlertTriangle, IconCircleCheck, IconUpload } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { type DragEvent, useState } from "react";
import type { ImportFormat, ImportResult } from "../../lib/api";
import { useCreateImport } from "../../queries/imports";
import { FormModal } from "../forms/FormModal";
import {
  fileProblem,
  fileSizeLabel,
  importBody,
  importCarrierChoices,
  importFormatChoices,
  importFormatHints,
  importFormatLabels,
  importReport,
  referenceLabel,
} from "./import-formats";

/**
 * 発行済みデータを取り込む (opened by CarrierImportButton): the merchant picks the carrier
 * software's issued-data file (or a two-column file of order and tracking numbers, with
 * its carrier); its numbers become shipments of the orders they were exported for, and
 * the dialog reports every row that did not. A file too large for the JSON body is
 * uploaded to S3 first, without the merchant doing anything different.
 */
export function CarrierImportModal({ onClose }: { onClose: () => void }) {
  const create = useCreateImport();
  const [format, setFormat] = useState<ImportFormat>("yamato_b2");
  const [carrier, setCarrier] = useState<Carrier | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const problem = file ? fileProblem(file) : null;
  const needsCarrier = format === "order_numbers" && carrier === null;

  const choose = (next: File | null) => {
    setFile(next);
    setUploadError(null);
    create.reset();
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) choose(dropped);
  };
  const send = async () => {
    if (!file || problem || needsCarrier) return;
    setUploadError(null);
    setUploading(true);
    try {
      create.mutate(await importBody(file, format, carrier));
    } catch (err) {
      setUploadError(err instanceof Error ? err.message : String(err));
    } finally {
      setUploading(false);
    }
  };

  return (
    <FormModal opened onClose={onClose} title="発行済みデータを取り込む" size="lg">
      {create.data ? (
        <Stack gap="md">
          <ImportReportView result={create.data} fileName={file?.name ?? ""} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => choose(null)}>
              別のファイルを取り込む
            </Button>
            <Button onClick={onClose}>閉じる</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text size="sm">
            配送会社のソフトで発行した送り状のデータを取り込むと、このアプリから出力した注文に追跡番号が登録され、出荷履歴に追加されます。同じファイルをもう一度取り込んでも変わりません。
          </Text>
          <Radio.Group
            label="取り込む形式"
            value={format}
            onChange={(value) => {
              setFormat(value as ImportFormat);
              create.reset();
            }}
          >
            <Stack gap="xs" mt={6}>
              {importFormatChoices.map((choice) => (
                <Radio
                  key={choice}
                  value={choice}
                  label={importFormatLabels[choice]}
                  description={choice === format ? importFormatHints[choice] : undefined}
                />
              ))}
            </Stack>
          </Radio.Group>
          {format === "order_numbers" && (
            <Select
              label="追跡番号の配送会社"
              placeholder="配送会社を選択"
              data={importCarrierChoices}
              value={carrier}
              onChange={(value) => {
                setCarrier(value as Carrier | null);
                create.reset();
              }}
              allowDeselect={false}
              required
            />
          )}

          <Paper
            withBorder
            p="md"
            role="group"
            aria-label="取り込むファイル"
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            style={{
              borderStyle: "dashed",
              background: dragging ? "var(--mantine-color-blue-light)" : undefined,
            }}
          >
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Stack gap={2}>
                <Text size="sm" fw={600}>
                  {file ? file.name : "ファイルをここにドロップ"}
                </Text>
                <Text size="xs" c="dimmed">
                  {file
                    ? fileSizeLabel(file.size)
                    : "CSV（Shift_JIS または UTF-8、見出し行はあってもなくても構いません）"}
                </Text>
              </Stack>
              <FileButton onChange={choose} accept=".csv,.txt,text/csv,text/plain">
                {(props) => (
                  <Button {...props} variant="light" leftSection={<IconUpload size={16} />}>
                    {file ? "ファイルを選び直す" : "ファイルを選択"}
                  </Button>
                )}
              </FileButton>
            </Group>
          </Paper>

          {problem && (
            <Alert color="red" icon={<IconAlertTriangle size={18} />}>
              {problem}
            </Alert>
          )}
          {uploadError && (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} title="取り込めませんでした">
              {uploadError}
            </Alert>
          )}
          {create.isError && (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} title="取り込めませんでした">
              {create.error.message}
            </Alert>
          )}

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              キャンセル
            </Button>
            <Button
              onClick={() => void send()}
              disabled={!file || problem !== null || needsCarrier}
              loading={uploading || create.isPending}
            >
              取り込む
            </Button>
          </Group>
        </Stack>
      )}
    </FormModal>
  );
}

function Count({ label, value, color }: { label: string; value: number; color: string }) {
  return (
    <Paper withBorder p="xs" role="group" aria-label={label}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text
        size="xl"
        fw={700}
        c={value > 0 ? color : "dimmed"}
        style={{ fontVariantNumeric: "tabular-nums" }}
      >
        {value}
        <Text span size="sm" fw={400} c="dimmed">
          件
        </Text>
      </Text>
    </Paper>
  );
}

/** Numbers and codes read as one piece: never broken across lines. */
const cellNoWrap = { whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" } as const;

/** The row report: counts, the rows that need the merchant's eye, and where the new shipments are. */
function ImportReportView({ result, fileName }: { result: ImportResult; fileName: string }) {
  const report = importReport(result);
  return (
    <Stack gap="md">
      <Alert
        color={report.matched > 0 ? "teal" : "gray"}
        icon={<IconCircleCheck size={18} />}
        title={
          report.matched > 0
            ? `${report.matched}件の追跡番号を取り込みました`
            : "新しく取り込んだ追跡番号はありません"
        }
      >
        <Stack gap={4}>
          <Text size="sm">{fileName}</Text>
          {report.matched + report.unchanged > 0 && (
            <Text size="sm">
              取り込んだ出荷は
              <Anchor component={Link} to="/shipments" size="sm">
                出荷履歴
              </Anchor>
              で確認し、ストアに追跡番号をアップロードできます。
            </Text>
          )}
        </Stack>
      </Alert>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        <Count label="取り込み" value={report.matched} color="teal" />
        <Count label="取り込み済み" value={report.unchanged} color="blue" />
        <Count label="該当なし" value={report.unmatched} color="orange" />
        <Count label="エラー" value={report.rejected} color="red" />
      </SimpleGrid>
      {report.problems.length > 0 && (
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            取り込めなかった行（{report.problems.length}件）
          </Text>
          <ScrollArea.Autosize mah={280} type="auto">
            <Table striped withTableBorder aria-label="取り込めなかった行" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th style={cellNoWrap}>行</Table.Th>
                  <Table.Th style={cellNoWrap}>{referenceLabel(result.format)}</Table.Th>
                  <Table.Th style={cellNoWrap}>追跡番号</Table.Th>
                  <Table.Th>理由</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.problems.map((row) => (
                  <Table.Tr key={`${row.kind}-${row.line}`}>
                    <Table.Td style={cellNoWrap}>{row.line}</Table.Td>
                    <Table.Td style={cellNoWrap}>{row.reference || "—"}</Table.Td>
                    <Table.Td style={cellNoWrap}>{row.trackingNumber || "—"}</Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap" align="flex-start">
                        <Badge
                          size="sm"
                          variant="light"
                          color={row.kind === "rejected" ? "red" : "orange"}
                          style={{ flexShrink: 0, overflow: "visible" }}
                        >
                          {row.kindLabel}
                        </Badge>
                        <Text size="sm">{row.reason}</Text>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
          <Text size="xs" c="dimmed">
            {result.format === "order_numbers"
              ? "該当なしの行は、ストアの注文番号か確認してください。エラーの行は、内容を直してから取り込み直してください。"
              : "該当なしの行は、このアプリから出力したファイルの注文か確認してください。エラーの行は、配送会社のソフトで内容を確認してから取り込み直してください。"}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
