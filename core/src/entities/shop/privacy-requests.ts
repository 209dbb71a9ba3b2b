import { z } from "zod";
import { isConditionalFailure } from "../../db/attributes";
import { ShopEntity, type ShopItem } from "./entity";

/** What GET /api/shops shows of a privacy request. */
export const PrivacyRequest = z
  .object({
    topic: z.enum(["customers/data_request", "customers/redact", "shop/redact"]),
    received_at: z.string(),
    /** Shopify's customer id; for a data request also the e-mail, so the merchant can answer. */
    customer_id: z.string().nullable(),
    customer_email: z.string().nullable(),
    /** Shopify's order ids the request names. */
    shopify_order_ids: z.array(z.string()),
    /** Our orders it concerned (for a redaction: the ones erased). */
    order_ids: z.array(z.string()),
  })
  .meta({ id: "ShopPrivacyRequest" });
export type PrivacyRequest = z.infer<typeof PrivacyRequest>;

/** The newest requests kept on the shop. */
const KEPT_REQUESTS = 50;

export function privacyRequestsOf(shop: ShopItem): PrivacyRequest[] {
  const parsed = z.array(PrivacyRequest).safeParse(shop.privacyRequests ?? []);
  return parsed.success ? parsed.data : [];
}

/** Adds a request to the shop's list, newest first, against concurrent writers of the shop record. */
export async function recordPrivacyRequest(shop: ShopItem, request: PrivacyRequest): Promise<void> {
  let current = shop;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const requests = [request, ...privacyRequestsOf(current)].slice(0, KEPT_REQUESTS);
    try {
      await ShopEntity.patch({ tenantId: current.tenantId, shopId: current.shopId })
        .set({ privacyRequests: requests })
        .where((attr, op) => op.eq(attr.updatedAt, current.updatedAt))
        .go();
      return;
    } catch (err) {
      if (!isConditionalFailure(err)) throw err;
      const { data } = await ShopEntity.get({ tenantId: current.tenantId, shopId: current.shopId }).go();
      if (!data) return;
      current = data;
    }
  }
}
