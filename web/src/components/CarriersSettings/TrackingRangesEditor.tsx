import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { MAX_RANGES_PER_ACCOUNT } from "@okuru/core/shared/carrier-account-names";
import { formatTrackingNumber } from "@okuru/core/shared/tracking-number";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import type { CarrierTrackingRange } from "../../lib/api";
import type { SchemaForm } from "../../lib/form";
import {
  type CarrierAccountFormValues,
  canAddRange,
  canRemoveRange,
  emptyRange,
  formatCount,
  type RangeRow,
  rangeSize,
} from "./carrier-account-form";

export interface TrackingRangesEditorProps {
  form: SchemaForm<CarrierAccountFormValues, unknown>;
  /** The account's registered ranges by id, with what was used of them. */
  registered: ReadonlyMap<string, CarrierTrackingRange>;
}

/**
 * 追跡番号の番号帯: the ranges the carrier assigned, one row each. Registered ranges
 * are shown as they are (the API keeps them unchanged) with what is left of them;
 * new rows take the first and last number, check digit included.
 */
export function TrackingRangesEditor({ form, registered }: TrackingRangesEditorProps) {
  const rows = form.getValues().tracking_ranges;
  const listError = form.errors.tracking_ranges;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        配送会社から割り当てられた追跡番号の範囲を、末尾のチェックデジットを含む12桁で入力してください。ハイフンや全角数字もそのまま入力できます。
      </Text>
      {rows.map((row, index) => (
        <RangeRowFields
          key={row.key}
          form={form}
          row={row}
          index={index}
          range={row.id ? registered.get(row.id) : undefined}
        />
      ))}
      {listError && (
        <Text size="sm" c="red" role="alert">
          {listError}
        </Text>
      )}
      <Group justify="space-between" gap="sm">
        <Button
          variant="light"
          size="sm"
          leftSection={<IconPlus size={16} stroke={1.8} />}
          disabled={!canAddRange(form.getValues())}
          onClick={() => {
            form.insertListItem("tracking_ranges", emptyRange());
            form.clearFieldError("tracking_ranges");
          }}
        >
          番号帯を追加
        </Button>
        <Text size="xs" c="dimmed">
          {`${MAX_RANGES_PER_ACCOUNT}件まで登録できます`}
        </Text>
      </Group>
    </Stack>
  );
}

const endFields = [
  { field: "first", label: "開始番号", placeholder: "例: 4444-1375-0001" },
  { field: "last", label: "終了番号", placeholder: "例: 4444-1375-9996" },
] as const;

function RangeRowFields({
  form,
  row,
  index,
  range,
}: {
  form: SchemaForm<CarrierAccountFormValues, unknown>;
  row: RangeRow;
  index: number;
  range: CarrierTrackingRange | undefined;
}) {
  const title = `番号帯 ${index + 1}`;
  const path = `tracking_ranges.${index}` as const;
  const size = range ? null : rangeSize(row);
  // A registered range is shown, not edited: the API keeps it exactly as it is.
  const shown = (field: "first" | "last") =>
    range
      ? {
          ...form.getInputProps(`${path}.${field}`),
          value: formatTrackingNumber(row[field]),
          readOnly: true,
          variant: "filled" as const,
        }
      : form.getInputProps(`${path}.${field}`);
  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-label={title}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" fw={600}>
              {title}
            </Text>
            {range ? (
              <Badge size="xs" variant="light" color="gray" radius="sm">
                登録済み
              </Badge>
            ) : (
              <Badge size="xs" variant="light" color="ai" radius="sm">
                新規
              </Badge>
            )}
          </Group>
          {canRemoveRange(range) ? (
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              leftSection={<IconTrash size={14} stroke={1.8} />}
              aria-label={`${title}を削除`}
              onClick={() => {
                form.removeListItem("tracking_ranges", index);
                form.clearFieldError("tracking_ranges");
              }}
            >
              削除
            </Button>
          ) : (
            <Text size="xs" c="dimmed">
              使用済みの番号があるため削除できません
            </Text>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
          {endFields.map(({ field, label, placeholder }) => (
            <TextInput
              key={field}
              label={label}
              placeholder={placeholder}
              inputMode="numeric"
              autoComplete="off"
              {...shown(field)}
            />
          ))}
        </SimpleGrid>
        {range ? (
          <Text size="xs" c="dimmed">
            {`残り ${formatCount(range.remaining)}・使用済み ${formatCount(range.used)}`}
            {range.next ? `・次の番号 ${formatTrackingNumber(range.next)}` : "・使い切りました"}
          </Text>
        ) : (
          size !== null && (
            <Text size="xs" c="dimmed">
              {`${formatCount(size)}の番号を登録します`}
            </Text>
          )
        )}
      </Stack>
    </Paper>
  );
}
