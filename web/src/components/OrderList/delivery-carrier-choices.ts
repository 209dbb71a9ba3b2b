import type { DeliveryCarrier } from "@okuru/core/shared/delivery";

/**
 * The carriers as the merchant chooses among them: the big three first, then their own.
 * On its own, not in delivery-form.ts: the bulk bar's choices (order-bulk.ts) are read
 * on every first screen, the drawer's form and its schemas only when an order opens.
 */
export const deliveryCarrierChoices = [
  "yamato",
  "sagawa",
  "japan_post",
  "sss",
] as const satisfies readonly DeliveryCarrier[];
