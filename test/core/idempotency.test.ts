import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { ActorContext } from "@okuru/core/actor";
import { coreConfig } from "@okuru/core/config";
import { dynamo } from "@okuru/core/db/client";
import { tableDefinition } from "@okuru/core/db/table";
import { Idempotency } from "@okuru/core/idempotency";
import { ulid } from "ulid";
import { describe, expect, it } from "vitest";

const tenant = () => `com_${ulid()}`;
const asTenant = <T>(tenantId: string, cb: () => Promise<T>) =>
  ActorContext.with({ type: "system", properties: { tenantId } }, cb);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("idempotentMessage", () => {
  it("runs the same message once; a second delivery gets the stored result", async () => {
    let runs = 0;
    const work = async () => {
      runs += 1;
      return { rendered: 3 };
    };
    await asTenant(tenant(), async () => {
      expect(await Idempotency.idempotentMessage("labelJob:job_1:0", work)).toEqual({ rendered: 3 });
      expect(await Idempotency.idempotentMessage("labelJob:job_1:0", work)).toEqual({ rendered: 3 });
      expect(await Idempotency.idempotentMessage("labelJob:job_1:1", work)).toEqual({ rendered: 3 });
    });
    expect(runs).toBe(2);
  });

  it("lets the retry of a failed message run again", async () => {
    let runs = 0;
    await asTenant(tenant(), async () => {
      const first = Idempotency.idempotentMessage("orderSync:x", async () => {
        runs += 1;
        throw new Error("platform timed out");
      });
      await expect(first).rejects.toThrow("platform timed out");
      await Idempotency.idempotentMessage("orderSync:x", async () => {
        runs += 1;
      });
    });
    expect(runs).toBe(2);
  });

  it("refuses a duplicate while the first delivery still runs", async () => {
    let runs = 0;
    let finish: () => void = () => {};
    const slow = async () => {
      runs += 1;
      await new Promise<void>((r) => {
        finish = r;
      });
    };
    await asTenant(tenant(), async () => {
      const first = Idempotency.idempotentMessage("trackingUpload:job_9:0", slow);
      while (runs === 0) await sleep(10);
      const duplicate = await Idempotency.idempotentMessage("trackingUpload:job_9:0", slow).catch((e) => e);
      expect(Idempotency.isInProgress(duplicate)).toBe(true);
      finish();
      await first;
    });
    expect(runs).toBe(1);
  });

  it("lets a redelivery take over once the first delivery's time budget is spent (a crashed run)", async () => {
    let runs = 0;
    await asTenant(tenant(), async () => {
      const abandoned = Idempotency.idempotentMessage(
        "orderSync:crash",
        async () => {
          runs += 1;
          await sleep(1_500);
        },
        { remainingTimeMs: 100 },
      );
      let retried: unknown = new Error("not yet");
      for (let i = 0; i < 30 && retried instanceof Error; i += 1) {
        await sleep(100);
        retried = await Idempotency.idempotentMessage("orderSync:crash", async () => {
          runs += 1;
          return "done";
        }).catch((e) => e);
      }
      expect(retried).toBe("done");
      await abandoned.catch(() => {});
    });
    expect(runs).toBe(2);
  });

  it("keeps each tenant's records in the tenant's own partition, with the table's TTL attribute", async () => {
    const [a, b] = [tenant(), tenant()];
    let runs = 0;
    const work = async () => {
      runs += 1;
    };
    await asTenant(a, () => Idempotency.idempotentMessage("orderSync:same", work));
    await asTenant(b, () => Idempotency.idempotentMessage("orderSync:same", work));
    expect(runs).toBe(2);

    const { Items = [] } = await dynamo().send(
      new QueryCommand({
        TableName: coreConfig().tableName,
        KeyConditionExpression: "#pk = :pk",
        ExpressionAttributeNames: { "#pk": tableDefinition.partitionKey },
        ExpressionAttributeValues: { ":pk": `$okuru#tenantId_${a}#idempotency` },
      }),
    );
    expect(Items).toHaveLength(1);
    expect(Items[0]?.[tableDefinition.sortKey]).toMatch(/^message#/);
    expect(Items[0]?.status).toBe("COMPLETED");
    expect(Items[0]?.[tableDefinition.timeToLiveAttribute]).toBeGreaterThan(Date.now() / 1000);
  });

  it("needs a tenant", async () => {
    await expect(Idempotency.idempotentMessage("orderSync:x", async () => {})).rejects.toMatchObject({
      code: "auth.no_tenant",
    });
  });
});
