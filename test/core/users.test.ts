import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
} from "@aws-sdk/client-cognito-identity-provider";
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { coreConfig } from "@okuru/core/config";
import { dynamo } from "@okuru/core/db/client";
import { User } from "@okuru/core/entities/user";
import { describe, expect, it } from "vitest";
import { asUser, testAccount } from "../support/account";
import { uniqueEmail } from "../support/cognito";

/** Two administrators of one company, each able to act as themselves. */
async function companyWithTwoAdmins() {
  const first = await testAccount();
  const second = await asUser(first, () =>
    User.invite({ email: uniqueEmail("admin"), name: "二人目", role: "admin" }),
  );
  const secondActor = { ...first, userId: second.userId, subject: second.subject, email: second.email };
  return { first, second: secondActor };
}

async function adminsOf(account: Awaited<ReturnType<typeof testAccount>>) {
  return asUser(account, async () => (await User.list()).items.filter((u) => u.role === "admin"));
}

describe("the last administrator, under concurrency", () => {
  it("two administrators demoting each other at the same moment leave exactly one", async () => {
    const { first, second } = await companyWithTwoAdmins();
    const results = await Promise.allSettled([
      asUser(first, () => User.update(second.userId, { name: "二人目", role: "member" })),
      asUser(second, () => User.update(first.userId, { name: "", role: "member" })),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(["user.last_admin", "conflict.concurrent_update", "auth.admin_only"]).toContain(
      refused.reason.code,
    );
    expect(await adminsOf(first)).toHaveLength(1);
  });

  it("two administrators deleting each other at the same moment leave exactly one", async () => {
    const { first, second } = await companyWithTwoAdmins();
    const results = await Promise.allSettled([
      asUser(first, () => User.remove(second.userId)),
      asUser(second, () => User.remove(first.userId)),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const survivor = results[0]!.status === "fulfilled" ? first : second;
    expect((await adminsOf(survivor)).map((u) => u.userId)).toEqual([survivor.userId]);
  });

  it("the only administrator can neither demote nor delete themselves", async () => {
    const account = await testAccount();
    await asUser(account, async () => {
      await expect(User.update(account.userId, { name: "", role: "member" })).rejects.toMatchObject({
        code: "user.last_admin",
      });
      await expect(User.remove(account.userId)).rejects.toMatchObject({ code: "user.self_delete" });
      expect((await User.get(account.userId)).role).toBe("admin");
    });
  });
});

describe("invitations", () => {
  it("undoes the Cognito sign-in when the company's write fails (two invitations racing for the last place)", async () => {
    const account = await testAccount();
    // Bring the company to one free place by setting its user count directly in the table.
    const { tableName } = coreConfig();
    await asUser(account, () => User.list());
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName,
        Key: { pk: `$okuru#tenantId_${account.tenantId}`, sk: "$counter_1#name_users" },
        UpdateExpression: "SET #count = :count",
        ExpressionAttributeNames: { "#count": "count" },
        ExpressionAttributeValues: { ":count": User.MAX_USERS - 1 },
        ConditionExpression: "attribute_exists(pk)",
      }),
    );
    const emails = [uniqueEmail("race"), uniqueEmail("race")];
    const results = await Promise.allSettled(
      emails.map((email) => asUser(account, () => User.invite({ email, name: "", role: "member" }))),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason.code).toBe("user.limit");

    const refusedEmail = emails[results.indexOf(refused)]!;
    const { endpoints, region, cognito } = coreConfig();
    const client = new CognitoIdentityProviderClient({
      region,
      endpoint: endpoints.cognito,
      credentials: { accessKeyId: "x", secretAccessKey: "x" },
    });
    await expect(
      client.send(new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: refusedEmail })),
    ).rejects.toMatchObject({ name: "UserNotFoundException" });
    await expect(
      asUser(account, () => User.invite({ email: uniqueEmail(), name: "", role: "member" })),
    ).rejects.toMatchObject({
      code: "user.limit",
    });
  });
});
