import type { Shipment, ShipmentReissueReq } from "../../lib/api";
import { useReissueShipments } from "../../queries/shipments";
import { useLabelBatch } from "../LabelBatch/label-batch";

/**
 * 再発行 as one flow (BatchJob): `start` sends the selected shipments, kept to name the
 * results, from the chosen 印刷開始位置. Apart from ReissueModal, so that 出荷履歴's first
 * screen holds the flow and not its dialog.
 */
export function useReissue({ onAccepted }: { onAccepted: () => void }) {
  return useLabelBatch<ShipmentReissueReq, Shipment>(
    useReissueShipments(),
    (ids) => ({ shipment_ids: ids }),
    {
      onAccepted,
    },
  );
}

export type Reissue = ReturnType<typeof useReissue>;
