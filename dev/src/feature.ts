/**
 * An operator's switch of a company's feature, never the merchant's:
 *
 *   npm run feature -- api on <company id | administrator e-mail>
 *   npm run feature -- api off <company id | administrator e-mail>
 *
 * `api` is API連携 (the settings tab, the credentials routes, POST /api/oauth_token and
 * every access token of the company). Locally it reaches the stand-ins of a running
 * `npm start`; against AWS, set the table and user pool the stack made
 * (`SST_Table_tableName_Main`, `OKURU_USER_POOL_ID`, `AWS_REGION`) and AWS credentials
 * (README, "Public API").
 */
import {
  CognitoIdentityProviderClient,
  ListUserPoolsCommand,
} from "@aws-sdk/client-cognito-identity-provider";

const usage = "使い方: npm run feature -- api on|off <会社ID（com_…）または管理者のメールアドレス>";

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

async function main() {
  const [feature, state, who] = process.argv.slice(2);
  if (feature !== "api" || (state !== "on" && state !== "off") || !who) {
    console.error(usage);
    process.exit(2);
  }
  if (!process.env.SST_Table_tableName_Main) await useLocalStandIns();
  // Core reads its configuration on first use, so it is imported only now.
  const { Company } = await import("@okuru/core/entities/company");
  const { Identity } = await import("@okuru/core/entities/identity");
  const { subjectOfEmail } = await import("../../core/src/entities/identity/cognito");
  let tenantId = who;
  if (who.includes("@")) {
    const subject = await subjectOfEmail(who);
    const link = subject ? await Identity.resolve(subject) : undefined;
    if (!link || link.removedAt) {
      console.error(`このメールアドレスのユーザーが見つかりません: ${who}`);
      process.exit(1);
    }
    tenantId = link.tenantId;
  }
  const company = await Company.setFeature(tenantId, "api", state === "on");
  console.log(
    `${company.name}（${company.tenantId}）: API連携を${state === "on" ? "有効" : "無効"}にしました。`,
  );
}

main().catch((err) => {
  console.error((err as Error).message);
  process.exit(1);
});
