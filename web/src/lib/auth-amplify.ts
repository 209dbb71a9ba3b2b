import { Amplify } from "aws-amplify";
import {
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  confirmUserAttribute,
  fetchAuthSession,
  resendSignUpCode,
  resetPassword,
  sendUserAttributeVerificationCode,
  signIn,
  signOut,
  signUp,
} from "aws-amplify/auth";
import { cognitoUserPoolsTokenProvider } from "aws-amplify/auth/cognito";
import type { Config } from "../config";
import { type Auth, type SignInOutcome, UnsupportedSignInStepError, userOfClaims } from "./auth";
import { createTokenRefresher } from "./token-refresher";

/**
 * Amplify and every Cognito call of the auth object: a chunk of its own, which
 * src/lib/auth.ts fetches when a sign-in, a refresh or a sign-out needs it.
 */
let configured = false;

function configureAmplify(config: Config): void {
  if (configured) return;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.cognitoEndpoint ? { userPoolEndpoint: config.cognitoEndpoint } : {}),
        loginWith: { email: true },
      },
    },
  });
  // Amplify refreshes with GetTokensFromRefreshToken, which cognito-local lacks; Cognito keeps Amplify's own.
  if (config.cognitoEndpoint) {
    cognitoUserPoolsTokenProvider.tokenOrchestrator.setTokenRefresher(createTokenRefresher(config));
  }
  configured = true;
}

function signInOutcome(step: string): SignInOutcome {
  if (step === "DONE") return "signedIn";
  if (step === "CONFIRM_SIGN_UP") return "confirmSignUp";
  if (step === "RESET_PASSWORD") return "resetPassword";
  if (step === "CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED") return "newPasswordRequired";
  throw new UnsupportedSignInStepError(step);
}

/** Configures Amplify (once) and returns the auth object backed by it. */
export function createAmplifyBackedAuth(config: Config): Auth {
  configureAmplify(config);

  /** Whose sign-in is waiting for a new password (Amplify keeps the challenge itself). */
  let newPasswordFor = "";

  const auth: Auth = {
    async getUser() {
      const { tokens } = await fetchAuthSession();
      const payload = tokens?.idToken?.payload;
      return payload ? userOfClaims(payload) : null;
    },

    async getIdToken() {
      const { tokens } = await fetchAuthSession();
      return tokens?.idToken?.toString() ?? "";
    },

    async signIn(email, password) {
      const attempt = () => signIn({ username: email, password, options: { authFlowType: config.authFlow } });
      let result: Awaited<ReturnType<typeof signIn>>;
      try {
        result = await attempt();
      } catch (error) {
        // A stale session from another tab blocks a new sign-in; replace it.
        if ((error as Error)?.name !== "UserAlreadyAuthenticatedException") throw error;
        await signOut();
        result = await attempt();
      }
      const outcome = signInOutcome(result.nextStep.signInStep);
      if (outcome === "newPasswordRequired") newPasswordFor = email;
      return outcome;
    },

    async confirmNewPassword(newPassword) {
      // RespondToAuthChallenge NEW_PASSWORD_REQUIRED; works with USER_PASSWORD_AUTH and SRP alike.
      const result = await confirmSignIn({ challengeResponse: newPassword });
      const outcome = signInOutcome(result.nextStep.signInStep);
      if (outcome === "signedIn" && newPasswordFor) {
        // A fresh password sign-in right after the challenge: cognito-local does not keep
        // the refresh token RespondToAuthChallenge hands out (the session would end at its
        // first refresh). Cognito does not need it, but doing it everywhere costs one round
        // trip and keeps the code free of "is local" branches.
        await signOut();
        await signIn({
          username: newPasswordFor,
          password: newPassword,
          options: { authFlowType: config.authFlow },
        });
      }
      newPasswordFor = "";
      return outcome;
    },

    async signOut() {
      await signOut();
    },

    async signUp(email, password) {
      await signUp({ username: email, password, options: { userAttributes: { email } } });
    },

    async confirmSignUp(email, code) {
      await confirmSignUp({ username: email, confirmationCode: code });
    },

    async resendSignUpCode(email) {
      await resendSignUpCode({ username: email });
    },

    async resetPassword(email) {
      await resetPassword({ username: email });
    },

    async confirmResetPassword(email, code, newPassword) {
      await confirmResetPassword({ username: email, confirmationCode: code, newPassword });
    },

    async sendEmailVerificationCode() {
      await sendUserAttributeVerificationCode({ userAttributeKey: "email" });
    },

    async confirmEmail(code) {
      await confirmUserAttribute({ userAttributeKey: "email", confirmationCode: code });
      // The ID token still says email_verified=false until it is refreshed.
      await fetchAuthSession({ forceRefresh: true });
    },
  };
  return auth;
}
