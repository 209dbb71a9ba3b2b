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
import { companyOf } from "./operator";

const usage = "使い方: npm run feature -- api on|off <会社ID（com_…）または管理者のメールアドレス>";

async function main() {
  const [feature, state, who] = process.argv.slice(2);
  if (feature !== "api" || (state !== "on" && state !== "off") || !who) {
    console.error(usage);
    process.exit(2);
  }
  const tenantId = await companyOf(who);
  // Core reads its configuration on first use, so it is imported only now.
  const { Company } = await import("@okuru/core/entities/company");
  const company = await Company.setFeature(tenantId, "api", state === "on");
  console.log(
    `${company.name}（${company.tenantId}）: API連携を${state === "on" ? "有効" : "無効"}にしました。`,
  );
}

main().catch((err) => {
  console.error((err as Error).message);
  process.exit(1);
});
