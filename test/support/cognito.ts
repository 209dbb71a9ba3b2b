import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from "@aws-sdk/client-cognito-identity-provider";
import { coreConfig } from "@okuru/core/config";
import { inject } from "vitest";

const password = "Test-password-1";

/** A client of the test run's cognito-local, with the stand-in credentials it takes. */
export function cognitoClient() {
  const { endpoints, region } = coreConfig();
  return new CognitoIdentityProviderClient({
    region,
    endpoint: endpoints.cognito,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
}

let counter = 0;
export function uniqueEmail(label = "user"): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${process.pid}-${counter}@example.jp`;
}

/** A confirmed Cognito user (verified email unless asked otherwise) and its ID token. */
export async function cognitoUser(options: { email?: string; emailVerified?: boolean } = {}) {
  const email = options.email ?? uniqueEmail();
  const { cognito } = coreConfig();
  const created = await cognitoClient().send(
    new AdminCreateUserCommand({
      UserPoolId: cognito.userPoolId,
      Username: email,
      MessageAction: "SUPPRESS",
      // cognito-local turns any email_verified value, even "false", into true, so an
      // unverified user is one without the attribute, as after a real sign-up.
      UserAttributes: [
        { Name: "email", Value: email },
        ...(options.emailVerified === false ? [] : [{ Name: "email_verified", Value: "true" }]),
      ],
    }),
  );
  const tokens = await setPasswordAndSignIn(email);
  const subject = created.User?.Attributes?.find((a) => a.Name === "sub")?.Value ?? created.User!.Username!;
  return { email, password, subject, ...tokens };
}

async function setPasswordAndSignIn(email: string) {
  const { cognito } = coreConfig();
  await cognitoClient().send(
    new AdminSetUserPasswordCommand({
      UserPoolId: cognito.userPoolId,
      Username: email,
      Password: password,
      Permanent: true,
    }),
  );
  const auth = await cognitoClient().send(
    new InitiateAuthCommand({
      ClientId: cognito.clientId,
      AuthFlow: "USER_PASSWORD_AUTH",
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  return {
    idToken: auth.AuthenticationResult!.IdToken!,
    accessToken: auth.AuthenticationResult!.AccessToken!,
  };
}

type StoredUser = {
  UserStatus?: string;
  Password?: string;
  ConfirmationCode?: string;
  Attributes?: { Name: string; Value: string }[];
};

/** A user as cognito-local keeps it in `<cognitoDataDir>/<poolId>.json`, found by email. */
function storedUser(email: string): StoredUser | undefined {
  const { cognito } = coreConfig();
  const db = JSON.parse(
    readFileSync(join(inject("cognitoDataDir"), `${cognito.userPoolId}.json`), "utf8"),
  ) as { Users?: Record<string, StoredUser> };
  return Object.values(db.Users ?? {}).find((u) =>
    u.Attributes?.some((a) => a.Name === "email" && a.Value === email),
  );
}

/** cognito-local keeps confirmation codes in its JSON state; the e-mail itself goes nowhere. */
export function confirmationCodeFor(email: string): string | undefined {
  return storedUser(email)?.ConfirmationCode;
}

/**
 * The temporary password Cognito would mail to an invited user (AdminCreateUser),
 * while the user still has to replace it (status FORCE_CHANGE_PASSWORD).
 */
export function temporaryPasswordFor(email: string): string | undefined {
  const user = storedUser(email);
  return user?.UserStatus === "FORCE_CHANGE_PASSWORD" ? user.Password : undefined;
}

/** Sets a known password for an existing (e.g. invited) user and signs in as them. */
export async function signInAs(email: string) {
  return (await setPasswordAndSignIn(email)).idToken;
}
