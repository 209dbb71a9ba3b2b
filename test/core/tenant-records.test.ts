import { ItemCategory } from "@okuru/core/entities/item-category";
import { Sender } from "@okuru/core/entities/sender";
import { describe, expect, it } from "vitest";
import { asUser, testAccount } from "../support/account";
import { senderFixture } from "../support/senders";

describe("ids are canonical", () => {
  it("does not find a record through its id in another case, and never rewrites the stored id", async () => {
    const account = await testAccount();
    await asUser(account, async () => {
      const sender = await Sender.create(senderFixture({ name: "本社" }));
      const lower = sender.senderId.toLowerCase();
      expect(await Sender.find(lower)).toBeUndefined();
      await expect(Sender.update(lower, senderFixture({ name: "書換" }))).rejects.toMatchObject({
        code: "sender.not_found",
      });
      await expect(Sender.remove(lower)).rejects.toMatchObject({ code: "sender.not_found" });
      expect(await Sender.get(sender.senderId)).toMatchObject({ senderId: sender.senderId, name: "本社" });
    });
  });

  it("answers not found for ids of another kind or any length, before reading", async () => {
    const account = await testAccount();
    await asUser(account, async () => {
      const category = await ItemCategory.create({ name: "衣類", handling1: "", handling2: "" });
      for (const id of ["x".repeat(1100), category.itemCategoryId.replace("icat_", "snd_"), "", "snd_"]) {
        expect(await Sender.find(id)).toBeUndefined();
        await expect(Sender.remove(id)).rejects.toMatchObject({ code: "sender.not_found" });
      }
    });
  });
});

describe("count limits hold under concurrency", () => {
  it("30 parallel creates against the last 5 free places make exactly 5", async () => {
    const account = await testAccount();
    await asUser(account, async () => {
      for (let i = 0; i < Sender.MAX_SENDERS - 5; i += 25) {
        await Promise.all(
          Array.from({ length: Math.min(25, Sender.MAX_SENDERS - 5 - i) }, (_, j) =>
            Sender.create(senderFixture({ name: `倉庫${i + j}` })),
          ),
        );
      }
      const results = await Promise.allSettled(
        Array.from({ length: 30 }, (_, i) => Sender.create(senderFixture({ name: `追加${i}` }))),
      );
      const created = results.filter((r) => r.status === "fulfilled");
      const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
      expect(created).toHaveLength(5);
      // Every refusal is the limit, or a lost race that a retry resolves; never a sixth record.
      for (const reason of refused)
        expect(["sender.limit", "conflict.concurrent_update"]).toContain(reason.code);

      let total = 0;
      let cursor: string | null = null;
      do {
        const page: Awaited<ReturnType<typeof Sender.list>> = await Sender.list({ cursor, limit: 100 });
        total += page.items.length;
        cursor = page.cursor;
      } while (cursor);
      expect(total).toBe(Sender.MAX_SENDERS);
      await expect(Sender.create(senderFixture({ name: "上限超え" }))).rejects.toMatchObject({
        code: "sender.limit",
      });

      // A deletion frees exactly one place again.
      const first = (await Sender.list({ limit: 1 })).items[0]!;
      await Sender.remove(first.senderId);
      await Sender.create(senderFixture({ name: "空きに追加" }));
      await expect(Sender.create(senderFixture({ name: "再び上限" }))).rejects.toMatchObject({
        code: "sender.limit",
      });
    });
  }, 120_000);
});

describe("lists are pages", () => {
  it("pages with a cursor bound to the tenant's own list", async () => {
    const [a, b] = await Promise.all([testAccount("A"), testAccount("B")]);
    const created = await asUser(a, async () => {
      const ids: string[] = [];
      for (const name of ["衣類", "食品", "雑貨"])
        ids.push((await ItemCategory.create({ name, handling1: "", handling2: "" })).itemCategoryId);
      return ids;
    });
    const { firstPage, secondPage } = await asUser(a, async () => {
      const firstPage = await ItemCategory.list({ limit: 2 });
      const secondPage = await ItemCategory.list({ limit: 2, cursor: firstPage.cursor });
      return { firstPage, secondPage };
    });
    expect(firstPage.items.map((i) => i.itemCategoryId)).toEqual(created.slice(0, 2));
    expect(firstPage.cursor).toEqual(expect.any(String));
    expect(secondPage.items.map((i) => i.itemCategoryId)).toEqual(created.slice(2));
    expect(secondPage.cursor).toBeNull();

    // A's cursor is no key of B's list: refused as input, not used to read across tenants.
    await asUser(b, async () => {
      await expect(ItemCategory.list({ cursor: firstPage.cursor })).rejects.toMatchObject({
        code: "input.invalid_cursor",
      });
      for (const cursor of ["not-base64!", Buffer.from("[1]").toString("base64url"), "eyJwayI6MX0"])
        await expect(ItemCategory.list({ cursor })).rejects.toMatchObject({ code: "input.invalid_cursor" });
    });
  });
});
