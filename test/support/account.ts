import { ActorContext } from "@okuru/core/actor";
import { Account } from "@okuru/core/workflows/account";
import { cognitoUser } from "./cognito";

/**
 * A signed-up merchant: a Cognito user with a verified email, its company and its
 * first (administrator) user. Each call makes a fresh tenant, so tests never share
 * state and may run in parallel.
 */
export async function testAccount(companyName = "テスト商店") {
  const user = await cognitoUser();
  const { tenantId, userId, company } = await ActorContext.with(
    { type: "identity", properties: { subject: user.subject, email: user.email, emailVerified: true } },
    () => Account.signup({ company_name: companyName }),
  );
  return { ...user, tenantId, userId, company };
}

/** Runs `cb` as a user of the given tenant, as the auth middleware would. */
export function asUser<T>(
  account: { tenantId: string; userId: string; subject: string; email: string },
  cb: () => Promise<T>,
  role: "admin" | "member" = "admin",
): Promise<T> {
  return ActorContext.with(
    {
      type: "user",
      properties: {
        tenantId: account.tenantId,
        userId: account.userId,
        subject: account.subject,
        email: account.email,
        role,
      },
    },
    cb,
  );
}
