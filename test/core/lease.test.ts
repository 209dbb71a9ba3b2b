import { ActorContext } from "@okuru/core/actor";
import { Lease } from "@okuru/core/lease";
import { ulid } from "ulid";
import { describe, expect, it } from "vitest";

const tenant = () => `com_${ulid()}`;
const asTenant = <T>(tenantId: string, cb: () => Promise<T>) =>
  ActorContext.with({ type: "system", properties: { tenantId } }, cb);

describe("Lease", () => {
  it("of two concurrent acquires exactly one wins; the other is recorded as pending", async () => {
    await asTenant(tenant(), async () => {
      const results = await Promise.all(
        ["run_a", "run_b", "run_c"].map((owner) =>
          Lease.acquire("order-sync:shop_1", { ttlSeconds: 60, owner }),
        ),
      );
      expect(results.filter((r) => r.acquired)).toHaveLength(1);
      const winner = ["run_a", "run_b", "run_c"][results.findIndex((r) => r.acquired)]!;
      expect(await Lease.release("order-sync:shop_1", winner)).toEqual({ released: true, pending: true });
    });
  });

  it("is free again after release, and release without contention reports nothing pending", async () => {
    await asTenant(tenant(), async () => {
      expect(await Lease.acquire("sync", { ttlSeconds: 60, owner: "run_a" })).toMatchObject({
        acquired: true,
      });
      expect(await Lease.release("sync", "run_a")).toEqual({ released: true, pending: false });
      expect(await Lease.acquire("sync", { ttlSeconds: 60, owner: "run_b" })).toMatchObject({
        acquired: true,
      });
    });
  });

  it("is released only by its owner", async () => {
    await asTenant(tenant(), async () => {
      await Lease.acquire("sync", { ttlSeconds: 60, owner: "run_a" });
      expect(await Lease.release("sync", "run_b")).toEqual({ released: false, pending: false });
      expect(await Lease.acquire("sync", { ttlSeconds: 60, owner: "run_b" })).toEqual({ acquired: false });
      expect(await Lease.release("sync", "run_a")).toEqual({ released: true, pending: true });
    });
  });

  it("can be taken over once it has expired, and the former owner can then neither renew nor release it", async () => {
    await asTenant(tenant(), async () => {
      await Lease.acquire("sync", { ttlSeconds: 1, owner: "crashed" });
      // Wait until the TTL has passed, by polling the lease itself (no assumption about timing).
      let taken = await Lease.acquire("sync", { ttlSeconds: 60, owner: "next" });
      for (let i = 0; !taken.acquired && i < 40; i += 1) {
        await new Promise((r) => setTimeout(r, 100));
        taken = await Lease.acquire("sync", { ttlSeconds: 60, owner: "next" });
      }
      expect(taken.acquired).toBe(true);
      expect(await Lease.renew("sync", "crashed", 60)).toBe(false);
      expect(await Lease.release("sync", "crashed")).toEqual({ released: false, pending: false });
      // The failed attempts while "crashed" held it were recorded, but the new holder started afresh.
      expect(await Lease.release("sync", "next")).toEqual({ released: true, pending: false });
    });
  });

  it("is renewed by its owner only", async () => {
    await asTenant(tenant(), async () => {
      const first = await Lease.acquire("sync", { ttlSeconds: 5, owner: "run_a" });
      expect(await Lease.renew("sync", "run_b", 60)).toBe(false);
      expect(await Lease.renew("sync", "run_a", 600)).toBe(true);
      expect(first.acquired && first.expiresAt).toBeGreaterThan(0);
      expect(await Lease.acquire("sync", { ttlSeconds: 60, owner: "run_b" })).toEqual({ acquired: false });
    });
  });

  it("is per tenant: the same name in another company is another lease", async () => {
    const name = "order-sync:shop_same";
    expect(await asTenant(tenant(), () => Lease.acquire(name, { ttlSeconds: 60, owner: "a" }))).toMatchObject(
      {
        acquired: true,
      },
    );
    expect(await asTenant(tenant(), () => Lease.acquire(name, { ttlSeconds: 60, owner: "b" }))).toMatchObject(
      {
        acquired: true,
      },
    );
  });

  it("needs a tenant", async () => {
    await expect(Lease.acquire("sync", { ttlSeconds: 60, owner: "a" })).rejects.toMatchObject({
      code: "auth.no_tenant",
    });
  });
});
