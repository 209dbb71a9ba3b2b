import { Brand } from "@okuru/core/entities/brand";
import { Company } from "@okuru/core/entities/company";
import { Counter } from "@okuru/core/entities/counter";
import { Identity } from "@okuru/core/entities/identity";
import { ItemCategory } from "@okuru/core/entities/item-category";
import { Sender } from "@okuru/core/entities/sender";
import { User } from "@okuru/core/entities/user";
import { describe, expect, it } from "vitest";
import { asUser, testAccount } from "../support/account";

/**
 * One test per access pattern of core/src/db/README.md, named after it: each
 * reads what it should, in the order it should, and only the tenant's own items.
 */
describe("access patterns", () => {
  it("Company.byId: the actor's company, and only it", async () => {
    const [a, b] = await Promise.all([testAccount("会社A"), testAccount("会社B")]);
    expect((await asUser(a, () => Company.get())).tenantId).toBe(a.tenantId);
    expect((await asUser(b, () => Company.get())).name).toBe("会社B");
  });

  it("User.byId: one user by id, and the company's users oldest first", async () => {
    const account = await testAccount();
    await asUser(account, async () => {
      const invited = await User.invite({
        email: `p-${Date.now()}@example.jp`,
        name: "後輩",
        role: "member",
      });
      expect((await User.get(invited.userId)).name).toBe("後輩");
      expect((await User.list()).items.map((u) => u.userId)).toEqual([account.userId, invited.userId]);
    });
  });

  it("Identity.bySubject: the verified subject's tenant and user", async () => {
    const account = await testAccount();
    expect(await Identity.resolve(account.subject)).toMatchObject({
      tenantId: account.tenantId,
      userId: account.userId,
    });
    expect(await Identity.resolve("no-such-subject")).toBeUndefined();
  });

  it("Brand.byId: one brand per company, defaults until saved", async () => {
    const [a, b] = await Promise.all([testAccount(), testAccount()]);
    await asUser(a, () => Brand.update({ name: "おくる" }));
    expect((await asUser(a, () => Brand.get()))?.name).toBe("おくる");
    expect(Brand.serialize(await asUser(b, () => Brand.get())).name).toBe("");
  });

  it("Sender.byId: by id, and the company's senders in creation order", async () => {
    const account = await testAccount();
    await asUser(account, async () => {
      const base = {
        company_name: "",
        postal_code: "9000014",
        prefecture: "沖縄県" as const,
        city: "那覇市",
        address1: "松尾2丁目1-1",
        address2: "",
        phone: "098-866-2333",
      };
      const first = await Sender.create({ name: "那覇倉庫", ...base });
      const second = await Sender.create({ name: "第二倉庫", ...base });
      expect((await Sender.get(second.senderId)).name).toBe("第二倉庫");
      expect((await Sender.list()).items.map((s) => s.senderId)).toEqual([first.senderId, second.senderId]);
    });
  });

  it("ItemCategory.byId: by id, and the company's categories in creation order", async () => {
    const account = await testAccount();
    await asUser(account, async () => {
      const first = await ItemCategory.create({ name: "食品", handling1: "天地無用", handling2: "" });
      const second = await ItemCategory.create({ name: "衣類", handling1: "", handling2: "" });
      expect((await ItemCategory.get(first.itemCategoryId)).handling1).toBe("天地無用");
      expect((await ItemCategory.list()).items.map((c) => c.itemCategoryId)).toEqual([
        first.itemCategoryId,
        second.itemCategoryId,
      ]);
    });
  });

  it("Counter.byName: the company's counts, kept with the records they count", async () => {
    const account = await testAccount();
    await asUser(account, async () => {
      expect(await Counter.read("users")).toBe(1);
      expect(await Counter.read("admins")).toBe(1);
      const category = await ItemCategory.create({ name: "雑貨", handling1: "", handling2: "" });
      expect(await Counter.read("itemCategory")).toBe(1);
      await ItemCategory.remove(category.itemCategoryId);
      expect(await Counter.read("itemCategory")).toBe(0);
    });
  });
});
