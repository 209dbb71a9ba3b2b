import { carrierLabels, carriers } from "@okuru/core/shared/brand";

/** 送り状: the 未発送 list's choice between orders with a live label and those without (absent: すべて). */
export const labelStatusFilters = ["unissued", "issued"] as const;
export type LabelStatusFilter = (typeof labelStatusFilters)[number];

export const labelStatusChoices = [
  { value: "", label: "すべて" },
  { value: "unissued", label: "送り状未発行" },
  { value: "issued", label: "発行済み" },
] as const;

/** The carrier an order ships by, as GET /api/orders filters it; other: その他 or none decided. */
export const carrierFilters = [...carriers, "other"] as const;
export type CarrierFilter = (typeof carrierFilters)[number];

export const carrierFilterLabels: Record<CarrierFilter, string> = { ...carrierLabels, other: "その他" };

/** The carrier filter's choices in the order merchants name them. */
export const carrierChoices = (["yamato", "sagawa", "japan_post", "other"] as const).map((value) => ({
  value,
  label: carrierFilterLabels[value],
}));
