import type { StoredAddress } from "../../address";
import type { CarrierPrintSetting } from "../../shared/brand";
import type { TimeSlot } from "../../shared/delivery";
import type { ParcelCarrier } from "../../shared/tracking-number";

/**
 * A party printed on the label, as typed on the order (no width conversion: the font has it all).
 * The postal code is 7 digits, with or without the hyphen.
 */
export type LabelParty = {
  name: string;
  company: string;
} & Required<StoredAddress>;

/** One printed label: a multi-parcel order has one per parcel. */
export type LabelParcel = {
  carrier: ParcelCarrier;
  /** 12 digits (docs/carriers.md#tracking-numbers). */
  trackingNumber: string;
  /** 1-based. */
  parcelIndex: number;
  parcelCount: number;
  orderNumber: string;
  recipient: LabelParty;
  sender: LabelParty;
  itemName: string;
  handling1: string;
  handling2: string;
  /** YYYY-MM-DD: the delivery's, or the day the labels were asked for (every label prints its 出荷日). */
  shipDate: string;
  deliveryDate: string | null;
  timeSlot: TimeSlot;
  /** Yen to collect, or null when the parcel is not cash on delivery. */
  codAmount: number | null;
  /** The carrier's own word for it ("冷蔵", "冷凍", "チルド"), or null for a normal parcel. */
  coolType: string | null;
};

export type LabelPrintSettings = CarrierPrintSetting;
