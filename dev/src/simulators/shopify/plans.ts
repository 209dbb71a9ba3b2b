/**
 * The GraphQL Admin API cost limit of each Shopify plan, per app and store. Shopify publishes
 * the restore rates: Standard 100 points a second, Advanced Shopify 200, Shopify Plus 1,000.
 * It no longer publishes bucket sizes beside them; the simulator keeps the 1,000-point bucket
 * Shopify long published for its standard plan and grows it with the restore rate (ten
 * seconds' worth), so a burst on a larger plan is larger in proportion.
 */
export type CostLimit = { maximumAvailable: number; restoreRate: number };

export const PLANS = {
  standard: { maximumAvailable: 1000, restoreRate: 100 },
  advanced: { maximumAvailable: 2000, restoreRate: 200 },
  plus: { maximumAvailable: 10_000, restoreRate: 1000 },
} as const satisfies Record<string, CostLimit>;

export type ShopifyPlan = keyof typeof PLANS;

/** A plan by name, or a test's or bench's own limit as it is. */
export const costLimitOf = (plan: ShopifyPlan | CostLimit): CostLimit =>
  typeof plan === "string" ? PLANS[plan] : plan;
