import type { Shipment, ShipmentReissueReq } from "../../lib/api";
import { useReissueShipments } from "../../queries/shipments";
import { useLabelBatch } from "../LabelBatch/label-batch";
import { useStartPosition } from "../LabelBatch/start-position";

/**
 * 再発行 as one flow (BatchJob): `start` sends the selected shipments, kept to name the
 * results. Apart from ReissueModal, so that 出荷履歴's first screen holds the flow and not
 * its dialog.
 */
export function useReissue({ onAccepted }: { onAccepted: () => void }) {
  const startPosition = useStartPosition();
  const flow = useLabelBatch<ShipmentReissueReq, Shipment>(
    useReissueShipments(),
    (ids) => ({ shipment_ids: ids, ...startPosition.body() }),
    {
      onAccepted: () => {
        startPosition.reset();
        onAccepted();
      },
    },
  );
  return { ...flow, startPosition };
}

export type Reissue = ReturnType<typeof useReissue>;
