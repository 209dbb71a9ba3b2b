import { Duration } from "aws-cdk-lib";
import * as cognito from "aws-cdk-lib/aws-cognito";
import { Cognito, type StackContext } from "sst/constructs";
import { passwordPolicy } from "../core/src/shared/password";

export function Auth({ stack }: StackContext) {
  const auth = new Cognito(stack, "Auth", {
    login: ["email"],
    // The SPA only needs user pool tokens; an identity pool would hand out AWS credentials nobody uses.
    identityPoolFederation: false,
    cdk: {
      userPool: {
        selfSignUpEnabled: true,
        autoVerify: { email: true },
        standardAttributes: { email: { required: true, mutable: true } },
        passwordPolicy,
        accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
        // Cognito's default verification mail is English; the merchants read Japanese.
        userVerification: {
          emailStyle: cognito.VerificationEmailStyle.CODE,
          emailSubject: "【Okuru】メールアドレスの確認",
          emailBody: "Okuru の確認コードは {####} です。",
        },
      },
      userPoolClient: {
        // SRP only: the password never leaves the browser. cognito-local, which has no SRP, gets a
        // client of its own that allows USER_PASSWORD_AUTH (dev/src/provision.ts).
        authFlows: { userSrp: true },
        generateSecret: false,
        preventUserExistenceErrors: true,
        // Sign-in happens in our own forms, not the hosted UI, so no OAuth flows or callback URLs.
        disableOAuth: true,
        // Short-lived ID tokens: a removed or demoted user's token stops working soon; Amplify refreshes.
        idTokenValidity: Duration.minutes(15),
        accessTokenValidity: Duration.minutes(15),
      },
    },
  });

  return { auth };
}
