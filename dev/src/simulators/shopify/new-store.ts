import { createHash } from "node:crypto";
import type { SeedOrder } from "../seed-order";
import { generateSeedOrders } from "../seed-orders";
import { PLANS, type ShopifyPlan } from "./plans";

/**
 * A store the simulator opens for a `*.myshopify.com` domain it has never seen, the first
 * time that store's consent page is asked for: a merchant signing up can connect "their"
 * shop offline. The consent page asks once whether the new store should hold generated
 * Japanese orders, and how many.
 */

export const DEFAULT_GENERATED_ORDERS = 50;
/** Enough for a realistic first import; far beyond this the seed generator only slows start-up. */
export const MAX_GENERATED_ORDERS = 5000;

/** The consent page's extra fields while the store is still new (no orders, never installed). */
export function newStoreFields(): string {
  return `<fieldset>
        <legend>新しいストア（シミュレーター）</legend>
        <p>このストアはシミュレーターで新しく作成されました。</p>
        <label><input type="checkbox" name="generate_orders" value="1"> 日本語の注文を生成する</label>
        <label>注文数 <input type="number" name="order_count" min="1" max="${MAX_GENERATED_ORDERS}" value="${DEFAULT_GENERATED_ORDERS}"></label>
        <label>プラン <select name="plan">${planOptions}</select></label>
      </fieldset>`;
}

const PLAN_LABELS: Record<ShopifyPlan, string> = {
  standard: "ベーシック・スタンダード（100ポイント/秒）",
  advanced: "プレミアム（200ポイント/秒）",
  plus: "Shopify Plus（1,000ポイント/秒）",
};
const planOptions = (Object.keys(PLAN_LABELS) as ShopifyPlan[])
  .map((plan) => `<option value="${plan}">${PLAN_LABELS[plan]}</option>`)
  .join("");

/** The plan chosen on the consent page; the simulator's default when none (or an unknown one) was. */
export function planAskedFor(form: URLSearchParams): ShopifyPlan | undefined {
  const plan = form.get("plan");
  return plan && plan in PLANS ? (plan as ShopifyPlan) : undefined;
}

/** The orders the merchant asked for on the consent page; none unless the box was ticked. */
export function ordersAskedFor(domain: string, form: URLSearchParams, now: Date): SeedOrder[] {
  if (form.get("generate_orders") !== "1") return [];
  const asked = Number.parseInt(form.get("order_count") ?? "", 10);
  const count = Number.isFinite(asked)
    ? Math.min(MAX_GENERATED_ORDERS, Math.max(1, asked))
    : DEFAULT_GENERATED_ORDERS;
  // Seeded by the domain: the same store gets the same orders however often it is made afresh.
  const seed = createHash("sha256").update(domain).digest().readUInt32BE(0);
  return generateSeedOrders({ count, seed, firstNumber: 1001, daysBack: 25, mistakes: 0.04, now });
}
