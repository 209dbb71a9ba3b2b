import type { ShopItem } from "../../entities/shop/entity";
import type { ImportedOrder } from "../../platforms/imported-order";

/**
 * One page of a shop's orders changed since a time, and where the next page starts (null: the
 * last); `total`, when the platform says it with each page (Ecforce's JSON:API meta), is how
 * many orders the whole window holds.
 */
export type PageReader = (
  shop: ShopItem,
  page: { cursor: string | null; updatedSince: string | null },
) => Promise<{ orders: ImportedOrder[]; nextCursor: string | null; total?: number }>;
