import type { LabelParcel } from "../../carriers/label";
import { canonical } from "../../entities/order/shapes";
import { ShipmentEntity, type ShipmentItem } from "../../entities/shipment/entity";
import type { Carrier } from "../../shared/brand";

/** The content a label printed, to keep on its shipment (`printed`). */
export function printedOf({ carrier, trackingNumber, parcelIndex, parcelCount, ...content }: LabelParcel) {
  return content;
}

/** The label exactly as it was printed, when the shipment kept it. */
export function asPrinted(shipment: ShipmentItem & { carrier: Carrier }): LabelParcel | undefined {
  if (!shipment.printed) return undefined;
  return {
    ...shipment.printed,
    carrier: shipment.carrier,
    trackingNumber: shipment.trackingNumber,
    parcelIndex: shipment.parcel,
    parcelCount: shipment.parcels,
  };
}

/**
 * Whether the label the order would get now differs from the one its number was printed
 * with (recipient, sender, 品名, 荷扱い, dates, slot, COD, cool): a reprint still prints what
 * was issued, and the merchant hears that 再発行 (a new number) is needed for the change. The
 * 出荷日 counts only when the order names one: otherwise it is the day of each printing.
 */
export function changedSincePrinted(printed: LabelParcel, now: LabelParcel, namedShipDate: boolean): boolean {
  const content = (parcel: LabelParcel) => {
    const { shipDate, ...rest } = printedOf(parcel);
    return canonical(namedShipDate ? { ...rest, shipDate } : rest);
  };
  return content(printed) !== content(now);
}

/**
 * Keeps what each label of a part printed on its shipment, before the part's PDFs are
 * written: a part run again overwrites both with the same drawing.
 */
export async function keepPrinted(tenantId: string, drawn: { shipmentId: string; parcel: LabelParcel }[]) {
  await Promise.all(
    drawn.map(({ shipmentId, parcel }) =>
      ShipmentEntity.patch({ tenantId, shipmentId })
        .set({ printed: printedOf(parcel) })
        .go({ response: "none" }),
    ),
  );
}
