import * as cognito from "aws-cdk-lib/aws-cognito";
import { Cognito, type StackContext } from "sst/constructs";

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
        passwordPolicy: {
          minLength: 8,
          requireLowercase: true,
          requireUppercase: true,
          requireDigits: true,
          requireSymbols: false,
        },
        accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
        // Cognito's default verification mail is English; the merchants read Japanese.
        userVerification: {
          emailStyle: cognito.VerificationEmailStyle.CODE,
          emailSubject: "【Okuru】メールアドレスの確認",
          emailBody: "Okuru の確認コードは {####} です。",
        },
      },
      userPoolClient: {
        // SRP in AWS; USER_PASSWORD_AUTH because cognito-local (the local stand-in) supports only that.
        authFlows: { userSrp: true, userPassword: true },
        generateSecret: false,
        preventUserExistenceErrors: true,
        // Sign-in happens in our own forms, not the hosted UI, so no OAuth flows or callback URLs.
        disableOAuth: true,
      },
    },
  });

  return { auth };
}
