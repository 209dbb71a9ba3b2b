/**
 * An operator's repair of a company's label summaries (core/src/workflows/maintenance/recount-labels.ts):
 *
 *   npm run recount-labels -- <company id | administrator e-mail>
 *
 * Safe to run while the company works, and again: it changes only what disagrees with the
 * shipments. Reaches the stand-ins of a running `npm start`, or AWS as `npm run feature` does.
 */
import { companyOf } from "./operator";

async function main() {
  const [who] = process.argv.slice(2);
  if (!who) {
    console.error("使い方: npm run recount-labels -- <会社ID（com_…）または管理者のメールアドレス>");
    process.exit(2);
  }
  const tenantId = await companyOf(who);
  const { ActorContext } = await import("@okuru/core/actor");
  const { recountLabels } = await import("../../core/src/workflows/maintenance/recount-labels");
  const { orders, corrected } = await ActorContext.with({ type: "system", properties: { tenantId } }, () =>
    recountLabels(),
  );
  console.log(`${tenantId}: 送り状のある注文 ${orders}件を数え直し、${corrected}件を直しました。`);
}

main().catch((err) => {
  console.error((err as Error).message);
  process.exit(1);
});
