/**
 * `npm run reindex-search`: rewrites the order search tokens of every company to the
 * current version (core/src/entities/order/search-reindex.ts). One-off, after a deploy
 * that changes the tokens: run it with the deployed stage's environment (`npx sst bind
 * --stage production npm run reindex-search`). Locally `npm start` does it for the demo
 * company on every start.
 */
import { Order } from "@okuru/core/entities/order";

for (const [tenantId, rewritten] of await Order.reindexEveryCompany()) {
  console.log(`${tenantId}: ${rewritten} orders reindexed`);
}
