import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from "@aws-sdk/client-cognito-identity-provider";
import { Account } from "@okuru/core/account";
import { ActorContext } from "@okuru/core/actor";
import { CompanyEntity } from "@okuru/core/company/entity";
import { Identity } from "@okuru/core/identity";

/** The demo sign-in `npm start` prints. Local only: the pool lives in .data/. */
export const demoAccount = {
  email: "demo@okuru.example",
  password: "Okuru-demo-2026",
  companyName: "送るデモ商店株式会社",
} as const;

async function ensureCognitoUser(endpoint: string, userPoolId: string, email: string, password: string) {
  const cognito = new CognitoIdentityProviderClient({
    region: "ap-northeast-1",
    endpoint,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
  const existing = await cognito
    .send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }))
    .catch((err: { name?: string }) => {
      if (err.name === "UserNotFoundException") return undefined;
      throw err;
    });
  if (existing) return existing.UserAttributes?.find((a) => a.Name === "sub")?.Value ?? existing.Username!;
  const created = await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: email,
      MessageAction: "SUPPRESS",
      UserAttributes: [
        { Name: "email", Value: email },
        { Name: "email_verified", Value: "true" },
      ],
    }),
  );
  await cognito.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: userPoolId,
      Username: email,
      Password: password,
      Permanent: true,
    }),
  );
  return created.User?.Attributes?.find((a) => a.Name === "sub")?.Value ?? created.User!.Username!;
}

/**
 * A demo company that has finished setup, so a newcomer lands on the order list.
 * Idempotent: a second start finds the identity and leaves everything as it is.
 */
export async function seedDemo(cognitoEndpoint: string, userPoolId: string): Promise<"created" | "exists"> {
  const { email, password, companyName } = demoAccount;
  const subject = await ensureCognitoUser(cognitoEndpoint, userPoolId, email, password);
  if (await Identity.resolve(subject)) return "exists";
  const { tenantId } = await ActorContext.with(
    { type: "identity", properties: { subject, email, emailVerified: true } },
    () => Account.signup({ company_name: companyName }),
  );
  await CompanyEntity.patch({ tenantId }).set({ setupStatus: "done" }).go();
  return "created";
}
