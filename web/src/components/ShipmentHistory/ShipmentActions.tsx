import { Button, Group } from "@mantine/core";
import { IconBan, IconPrinter } from "@tabler/icons-react";
import { useState } from "react";
import type { Shipment } from "../../lib/api";
import { CancelShipmentsModal, type CancelTarget } from "./CancelShipmentsModal";
import { ReissueModal } from "./ReissueModal";
import { useReissue } from "./reissue";
import { actionsOf, shipmentTitle } from "./shipment-history";

/**
 * 再発行 and 取り消し of one shipment where it is shown on its own (an order's 送り状, a
 * shipment's page): the same flows as 出荷履歴's row menu, with their modals. A typed
 * number (手入力) has no label to print again, so it offers 取り消し only.
 */
export function ShipmentActions({ shipment }: { shipment: Shipment }) {
  const reissue = useReissue({ onAccepted: () => undefined });
  const [cancelTarget, setCancelTarget] = useState<CancelTarget | null>(null);
  const { canReissue, canCancel } = actionsOf(shipment);
  const reissuable = canReissue && shipment.source === "label";
  if (!reissuable && !canCancel) return null;
  return (
    <Group gap={6} wrap="nowrap">
      {reissuable && (
        <Button
          size="compact-xs"
          variant="default"
          leftSection={<IconPrinter size={14} />}
          aria-label={`${shipmentTitle(shipment)} を再発行`}
          loading={reissue.mutation.isPending}
          onClick={() => reissue.start(new Map([[shipment.id, shipment]]))}
        >
          再発行
        </Button>
      )}
      {canCancel && (
        <Button
          size="compact-xs"
          variant="light"
          color="red"
          leftSection={<IconBan size={14} />}
          aria-label={`${shipmentTitle(shipment)} を取り消し`}
          onClick={() => setCancelTarget({ shipments: [shipment], bulk: false })}
        >
          取り消し
        </Button>
      )}
      <ReissueModal flow={reissue} />
      <CancelShipmentsModal
        target={cancelTarget}
        onClose={() => setCancelTarget(null)}
        onCancelled={() => undefined}
      />
    </Group>
  );
}
