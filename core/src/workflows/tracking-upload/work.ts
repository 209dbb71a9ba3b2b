import type { ShipmentCarrier } from "../../shared/shipment";

/** One attempt's work for a platform: the order in the shop and every number it carries. */
export type UploadWork = {
  platformOrderId: string;
  carrier: ShipmentCarrier;
  /** For carrier `sss`: the delivery company the merchant typed (the shop's tracking company). */
  carrierName?: string;
  /** Every tracking number of the attempt (the parcels of one order uploaded together). */
  numbers: string[];
  /** The order lines this parcel carries, when the merchant named them; otherwise all that remain. */
  lines?: { platformLineItemId: string; quantity: number }[];
  /** Fulfilments our earlier uploads of this order's parcels made (a later parcel joins them). */
  siblingFulfillmentIds: string[];
  /** When the parcel left (the shipment's print time), for the platforms that record it. */
  shippedAt: string;
};

export type PlatformResult = {
  /** The platform's fulfilment, when it has one (Shopify). */
  fulfillmentId: string | null;
  /** What the shop now reports for the order. */
  orderStatus: "partiallyShipped" | "shipped";
  /** Found done in the shop already (our earlier attempt, or fulfilled there): nothing was sent. */
  reconciled?: boolean;
};

/** The platform refused or failed the upload; the message is the merchant's, in Japanese. */
export class Refusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = "Refusal";
  }
}
