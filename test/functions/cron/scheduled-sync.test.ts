import { OrderSync } from "@okuru/core/workflows/order-sync";
import { ulid } from "ulid";
import { describe, expect, it } from "vitest";
import { scheduledSync } from "../../../functions/src/cron/scheduled-sync";
import { receiveAll, useFreshQueue } from "../../support/queues";

const freshOrderSyncQueue = useFreshQueue("orderSync", "cron-test");

describe("scheduled sync", () => {
  it("sends nothing when no shop is due", async () => {
    const queueUrl = await freshOrderSyncQueue();
    expect(await scheduledSync({ shops: async () => [] })).toEqual({ enqueued: 0, failed: 0 });
    expect(await receiveAll(queueUrl)).toEqual([]);
  });

  it("sends one order-sync message per shop, inside each shop's tenant, keyed by shop and 15-minute window", async () => {
    const queueUrl = await freshOrderSyncQueue();
    const [a, b] = [`com_${ulid()}`, `com_${ulid()}`];
    const shops = [
      { tenantId: a, shopId: "shop_1" },
      { tenantId: b, shopId: "shop_2" },
      { tenantId: a, shopId: "shop_3" },
    ];
    const now = new Date("2026-11-23T10:07:30.000Z");

    expect(await scheduledSync({ shops: async () => shops, now })).toEqual({ enqueued: 3, failed: 0 });

    const bodies = await receiveAll(queueUrl);
    expect(bodies.sort((x, y) => String(x.shopId).localeCompare(String(y.shopId)))).toEqual(
      shops.map(({ tenantId, shopId }) => ({
        kind: "order_sync",
        tenantId,
        shopId,
        reason: "scheduled",
        requestedAt: now.toISOString(),
        dedupeKey: `scheduled:${shopId}:2026-11-23T10:00:00.000Z`,
      })),
    );
  });

  it("gives a tick in the same window the same dedupe key and the next window a new one", () => {
    const key = (iso: string) => OrderSync.scheduledSync("shop_1", new Date(iso)).dedupeKey;
    expect(key("2026-11-23T10:00:00.000Z")).toBe(key("2026-11-23T10:14:59.999Z"));
    expect(key("2026-11-23T10:15:00.000Z")).not.toBe(key("2026-11-23T10:14:59.999Z"));
  });
});
