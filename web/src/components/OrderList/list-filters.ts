import { carrierLabels, carriers } from "../../lib/route-values";

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

/** The filters the phone keeps behind 「絞り込み」 (the search stays on the screen). */
export interface DrawerFilters {
  purchased_from?: string;
  purchased_to?: string;
  label_status?: LabelStatusFilter;
  carrier?: CarrierFilter;
  shop_id?: string;
}

/** How many of them narrow the list; a purchase range counts once, whichever ends it has. */
export function activeFilterCount(filters: DrawerFilters): number {
  return [
    filters.purchased_from || filters.purchased_to,
    filters.label_status,
    filters.carrier,
    filters.shop_id,
  ].filter(Boolean).length;
}

/** The same filters with those behind 「絞り込み」 cleared (the tab and the search stay). */
export function withoutDrawerFilters<F extends DrawerFilters>(filters: F): F {
  return {
    ...filters,
    purchased_from: undefined,
    purchased_to: undefined,
    label_status: undefined,
    carrier: undefined,
    shop_id: undefined,
  };
}
