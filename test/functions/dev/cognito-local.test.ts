import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from "@aws-sdk/client-cognito-identity-provider";
import { coreConfig } from "@okuru/core/config";
import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { confirmationCodeFor, uniqueEmail } from "../../support/cognito";

describe("cognito-local as the stand-ins run it", () => {
  it("marks the email verified when a sign-up is confirmed, as Cognito does", async () => {
    const { cognito, endpoints, region } = coreConfig();
    const client = new CognitoIdentityProviderClient({
      region,
      endpoint: endpoints.cognito,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    });
    const email = uniqueEmail("signup");
    const password = "Signup-pass-1";
    await client.send(
      new SignUpCommand({
        ClientId: cognito.clientId,
        Username: email,
        Password: password,
        UserAttributes: [{ Name: "email", Value: email }],
      }),
    );
    const code = confirmationCodeFor(email);
    expect(code).toMatch(/^\d{6}$/);
    await client.send(
      new ConfirmSignUpCommand({ ClientId: cognito.clientId, Username: email, ConfirmationCode: code! }),
    );
    const auth = await client.send(
      new InitiateAuthCommand({
        ClientId: cognito.clientId,
        AuthFlow: "USER_PASSWORD_AUTH",
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    const claims = decodeJwt(auth.AuthenticationResult!.IdToken!);
    expect(claims.email).toBe(email);
    expect(claims.email_verified).toBe(true);
  });
});
