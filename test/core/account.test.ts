import { ActorContext } from "@okuru/core/actor";
import { Company } from "@okuru/core/entities/company";
import { Identity } from "@okuru/core/entities/identity";
import { User } from "@okuru/core/entities/user";
import { isID } from "@okuru/core/util/id";
import { Account } from "@okuru/core/workflows/account";
import { describe, expect, it } from "vitest";
import { asUser, testAccount } from "../support/account";
import { uniqueEmail } from "../support/cognito";

describe("Account.signup", () => {
  it("writes the company, an administrator and the identity link together", async () => {
    const account = await testAccount("株式会社テスト");
    expect(isID("company", account.tenantId)).toBe(true);
    expect(isID("user", account.userId)).toBe(true);

    const link = await Identity.resolve(account.subject);
    expect(link).toMatchObject({ tenantId: account.tenantId, userId: account.userId });

    await asUser(account, async () => {
      const company = await Company.get();
      expect(company).toMatchObject({ name: "株式会社テスト", setupStatus: "basic_information" });
      const users = (await User.list()).items;
      expect(users).toHaveLength(1);
      expect(users[0]).toMatchObject({ userId: account.userId, email: account.email, role: "admin" });
    });
  });

  it("writes nothing when the identity already has an account", async () => {
    const account = await testAccount();
    const identity = { subject: account.subject, email: account.email, emailVerified: true };
    await expect(
      ActorContext.with({ type: "identity", properties: identity }, () => Account.signup()),
    ).rejects.toMatchObject({ code: "signup.exists" });
    await asUser(account, async () => expect((await User.list()).items).toHaveLength(1));
  });

  it("requires an identity: no public or system actor can sign up", async () => {
    await expect(Account.signup()).rejects.toMatchObject({ code: "auth.no_identity" });
    await expect(
      ActorContext.with(
        { type: "identity", properties: { subject: "s", email: uniqueEmail(), emailVerified: false } },
        () => Account.signup(),
      ),
    ).rejects.toMatchObject({ code: "signup.email_unverified" });
  });
});

describe("tenant isolation in core", () => {
  it("cannot read another company's user, even knowing its id", async () => {
    const [a, b] = await Promise.all([testAccount("A"), testAccount("B")]);
    await asUser(a, async () => {
      expect(await User.find(b.userId)).toBeUndefined();
      await expect(User.get(b.userId)).rejects.toMatchObject({ code: "user.not_found" });
      expect((await User.list()).items.map((u) => u.userId)).toEqual([a.userId]);
      expect((await Company.get()).tenantId).toBe(a.tenantId);
    });
  });

  it("refuses tenant-scoped reads without a tenant", async () => {
    await expect(Company.get()).rejects.toMatchObject({ code: "auth.no_tenant" });
    await expect(User.list()).rejects.toMatchObject({ code: "auth.no_tenant" });
  });
});
