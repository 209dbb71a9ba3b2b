import { labelled } from "./labelled";

/**
 * The carriers a label is issued with, and those an order may be delivered by, in a module
 * without schemas: the web app's routes and 出荷履歴's first screen read them, and brand.ts
 * or delivery.ts would bring zod and the phone metadata with them.
 */
export const { values: carriers, labels: carrierLabels } = labelled({
  japan_post: "日本郵便",
  sagawa: "佐川急便",
  yamato: "ヤマト運輸",
});
export type Carrier = (typeof carriers)[number];

/** An order's delivery carrier: a label carrier, or `sss` (another carrier, typed by the merchant). */
export const deliveryCarriers = [...carriers, "sss"] as const;
export type DeliveryCarrier = (typeof deliveryCarriers)[number];
export const deliveryCarrierLabels: Record<DeliveryCarrier, string> = {
  ...carrierLabels,
  sss: "その他の配送会社",
};
