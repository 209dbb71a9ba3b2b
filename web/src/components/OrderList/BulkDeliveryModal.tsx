import { Alert, Button, Group, Radio, Select, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { notify } from "../../lib/notify";
import { useBulkUpdateOrders } from "../../queries/orders";
import { sendersQueryOptions } from "../../queries/senders";
import { FormModal } from "../forms/FormModal";
import { FailedOrders } from "./FailedOrders";
import {
  type BulkCarrier,
  type BulkSummary,
  bulkCarrierChoices,
  bulkDeliveryRequest,
  bulkDoneMessage,
  DEFAULT_SENDER,
  type OrderNumbers,
  senderChoices,
  summarizeBulk,
} from "./order-bulk";

export type BulkDeliveryKind = "set_sender" | "set_carrier";

const titles: Record<BulkDeliveryKind, string> = {
  set_sender: "発送元を変更",
  set_carrier: "配送会社を変更",
};

export interface BulkDeliveryModalProps {
  kind: BulkDeliveryKind | null;
  /** The selected orders, id → order number. */
  selection: OrderNumbers;
  onClose: () => void;
  /** Some orders were changed: the list lets go of the selection. */
  onChanged: () => void;
}

/**
 * 一括で配送設定: the 発送元 or the carrier of every selected order. When every order
 * was changed a toast says so; otherwise the dialog stays open with how many were
 * changed and each order that was not (a carrier that cannot take it keeps its
 * delivery), with the reason.
 */
export function BulkDeliveryModal(props: BulkDeliveryModalProps) {
  const { kind, onClose } = props;
  return (
    <FormModal opened={kind !== null} onClose={onClose} title={kind ? titles[kind] : ""} size="md">
      {kind && <BulkDeliveryForm key={kind} {...props} kind={kind} />}
    </FormModal>
  );
}

function BulkDeliveryForm({
  kind,
  selection,
  onClose,
  onChanged,
}: BulkDeliveryModalProps & { kind: BulkDeliveryKind }) {
  const ids = [...selection.keys()];
  const senders = useQuery({ ...sendersQueryOptions(), enabled: kind === "set_sender" });
  const bulk = useBulkUpdateOrders();
  const [sender, setSender] = useState(DEFAULT_SENDER);
  const [carrier, setCarrier] = useState<BulkCarrier | null>(null);
  const [summary, setSummary] = useState<BulkSummary | null>(null);

  async function submit() {
    const request =
      kind === "set_sender"
        ? bulkDeliveryRequest(ids, { action: "set_sender", choice: sender })
        : carrier && bulkDeliveryRequest(ids, { action: "set_carrier", carrier });
    if (!request) return;
    try {
      const result = summarizeBulk((await bulk.mutateAsync(request)).results, selection);
      if (result.done > 0) onChanged();
      // All done: a toast says so. Otherwise the dialog stays with the count and the orders left as they were.
      if (result.failed.length === 0 && result.turnedError.length === 0) {
        notify.success(bulkDoneMessage(kind, result.done));
        onClose();
      } else setSummary(result);
    } catch {
      // Shown in the dialog from the mutation's error.
    }
  }

  if (summary) {
    return (
      <Stack gap="md">
        {summary.done > 0 && <Text size="sm">{bulkDoneMessage(kind, summary.done)}</Text>}
        {summary.turnedError.length > 0 && (
          <FailedOrders title="変更してエラーになった注文" orders={summary.turnedError}>
            <Text size="xs">
              変更後の配送会社では送り状を発行・出力できません。「エラー」のタブで注文を開いて直してください。
            </Text>
          </FailedOrders>
        )}
        {summary.failed.length > 0 && (
          <FailedOrders title="変更できなかった注文" orders={summary.failed}>
            {kind === "set_carrier" && (
              <Text size="xs">
                これらの注文は、これまでの配送設定のままです。注文を開いて配送設定を確認してください。
              </Text>
            )}
          </FailedOrders>
        )}
        <Group justify="flex-end">
          <Button onClick={onClose}>閉じる</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm">
        選択した{ids.length}件の注文の{kind === "set_sender" ? "発送元" : "配送会社"}を変更します。
      </Text>
      {kind === "set_sender" ? (
        <Select
          label="発送元"
          description="送り状のご依頼主欄に印字します"
          data={senderChoices(senders.data?.items ?? [])}
          value={sender}
          onChange={(value) => value && setSender(value)}
          allowDeselect={false}
          disabled={senders.isPending}
          comboboxProps={{ withinPortal: true }}
        />
      ) : (
        <Radio.Group
          label="配送会社"
          description="各注文の代引・配達希望日時・品名から、その配送会社の配送設定を作ります。すでにその配送会社で発送する注文はそのままです。"
          value={carrier}
          onChange={(value) => setCarrier(value as BulkCarrier)}
        >
          <Stack gap="xs" mt="xs">
            {bulkCarrierChoices.map((choice) => (
              <Radio key={choice.value} value={choice.value} label={choice.label} />
            ))}
          </Stack>
        </Radio.Group>
      )}
      {bulk.isError && (
        <Alert color="red" title="変更できませんでした">
          {bulk.error.message}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={bulk.isPending}>
          キャンセル
        </Button>
        <Button
          onClick={() => void submit()}
          loading={bulk.isPending}
          disabled={kind === "set_carrier" && carrier === null}
        >
          変更する
        </Button>
      </Group>
    </Stack>
  );
}
