import {
  CognitoIdentityProviderClient,
  ListUserPoolsCommand,
} from "@aws-sdk/client-cognito-identity-provider";

/**
 * What an operator's task (npm run feature, npm run recount-labels) needs first: the
 * table and user pool to reach. Locally those of a running `npm start`; against AWS the
 * ones the stack made, given as `SST_Table_tableName_Main`, `OKURU_USER_POOL_ID` and
 * `AWS_REGION` with AWS credentials (README, "Public API").
 */
async function useLocalStandIns() {
  const port = (name: string, fallback: number) => process.env[`OKURU_PORT_${name}`] ?? String(fallback);
  process.env.OKURU_DYNAMODB_ENDPOINT ??= `http://127.0.0.1:${port("DYNAMODB", 8000)}`;
  process.env.OKURU_COGNITO_ENDPOINT ??= `http://127.0.0.1:${port("COGNITO", 9229)}`;
  process.env.AWS_ACCESS_KEY_ID ??= "local";
  process.env.AWS_SECRET_ACCESS_KEY ??= "local";
  if (!process.env.OKURU_USER_POOL_ID) {
    // The pool `npm start` provisions (dev/src/provision.ts names it okuru-local).
    const cognito = new CognitoIdentityProviderClient({
      region: "ap-northeast-1",
      endpoint: process.env.OKURU_COGNITO_ENDPOINT,
    });
    const { UserPools = [] } = await cognito.send(new ListUserPoolsCommand({ MaxResults: 60 }));
    process.env.OKURU_USER_POOL_ID = UserPools.find((pool) => pool.Name === "okuru-local")?.Id ?? "";
  }
}

/**
 * The company an operator names, by its id (com_…) or an administrator's e-mail address;
 * exits with the reason when there is none. Core is imported only after the stand-ins are
 * chosen, since it reads its configuration on first use.
 */
export async function companyOf(who: string): Promise<string> {
  if (!process.env.SST_Table_tableName_Main) await useLocalStandIns();
  if (!who.includes("@")) return who;
  const { Identity } = await import("@okuru/core/entities/identity");
  const { subjectOfEmail } = await import("../../core/src/entities/identity/cognito");
  const subject = await subjectOfEmail(who);
  const link = subject ? await Identity.resolve(subject) : undefined;
  if (!link || link.removedAt) {
    console.error(`このメールアドレスのユーザーが見つかりません: ${who}`);
    process.exit(1);
  }
  return link.tenantId;
}
