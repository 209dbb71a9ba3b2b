import { createHash } from "node:crypto";
import type { SeedOrder } from "../seed-order";
import { generateSeedOrders } from "../seed-orders";

/**
 * The simulator's own page at a shop's base URL (not part of Ecforce's API): any shop name
 * opens a shop there, and the page shows what the setup wizard's ストア連携 step asks for,
 * the base URL and the API token, so a merchant new to the simulator can connect offline.
 * A real merchant copies the token from their shop's admin (API連携設定).
 */

/** A shop name as it may sit in the path: what a subdomain could be. */
export const SHOP_NAME = /^[a-z0-9][a-z0-9-]{0,62}$/i;
const DEFAULT_ORDERS = 50;
const MAX_ORDERS = 5000;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export function shopPage(shop: { name: string; apiToken: string; orders: number }, baseUrl: string): string {
  const generate =
    shop.orders === 0
      ? `<form method="post">
      <label><input type="checkbox" name="generate_orders" value="1" checked> 日本語の注文を生成する</label>
      <label>注文数 <input type="number" name="order_count" min="1" max="${MAX_ORDERS}" value="${DEFAULT_ORDERS}"></label>
      <button type="submit">注文を作成</button>
    </form>`
      : `<p>注文数: ${shop.orders}件</p>`;
  return `<!doctype html>
<html lang="ja">
  <head><meta charset="utf-8"><title>ecforce シミュレーター - ${escapeHtml(shop.name)}</title></head>
  <body>
    <h1>ecforce シミュレーター: ${escapeHtml(shop.name)}</h1>
    <p>ストア連携では次の値を入力してください。</p>
    <dl>
      <dt>ショップURL</dt><dd><code id="base-url">${escapeHtml(baseUrl)}</code></dd>
      <dt>APIトークン</dt><dd><code id="api-token">${escapeHtml(shop.apiToken)}</code></dd>
    </dl>
    ${generate}
  </body>
</html>`;
}

/** The token a shop opened by its page gets: the same for a name every time, so it survives a fresh start. */
export const tokenForShop = (name: string) =>
  `ecf_${createHash("sha256").update(`okuru-ecforce-simulator:${name}`).digest("hex").slice(0, 32)}`;

/** The orders asked for on the page; none unless the box was ticked. */
export function ordersAskedFor(name: string, form: Record<string, unknown>, now: Date): SeedOrder[] {
  if (form.generate_orders !== "1") return [];
  const asked = Number.parseInt(String(form.order_count ?? ""), 10);
  const count = Number.isFinite(asked) ? Math.min(MAX_ORDERS, Math.max(1, asked)) : DEFAULT_ORDERS;
  const seed = createHash("sha256").update(name).digest().readUInt32BE(0);
  return generateSeedOrders({ count, seed, firstNumber: 50001, daysBack: 25, mistakes: 0.04, now });
}
