import type { Config } from "../config";
import { readCachedSession } from "./auth-cached-session";

export interface AuthUser {
  userId: string;
  email: string;
  emailVerified: boolean;
}

/**
 * What a successful password check asks for next. "newPasswordRequired": an invited
 * user signed in with the temporary password and must choose their own
 * (confirmNewPassword) before the sign-in completes.
 */
export type SignInOutcome = "signedIn" | "confirmSignUp" | "resetPassword" | "newPasswordRequired";

/**
 * The auth object the router carries in its context. Routes and pages reach Cognito
 * only through it, so tests can hand the router a fake.
 */
export interface Auth {
  /** The signed-in user, or null. Reads the cached session; refreshes tokens when they expire. */
  getUser(): Promise<AuthUser | null>;
  /** The ID token for the API's Authorization header; "" when signed out. */
  getIdToken(): Promise<string>;
  signIn(email: string, password: string): Promise<SignInOutcome>;
  /** Answers the new-password challenge of the sign-in in progress. */
  confirmNewPassword(newPassword: string): Promise<SignInOutcome>;
  signOut(): Promise<void>;
  signUp(email: string, password: string): Promise<void>;
  confirmSignUp(email: string, code: string): Promise<void>;
  resendSignUpCode(email: string): Promise<void>;
  resetPassword(email: string): Promise<void>;
  confirmResetPassword(email: string, code: string, newPassword: string): Promise<void>;
  /** For a signed-in user whose email is not verified yet. */
  sendEmailVerificationCode(): Promise<void>;
  confirmEmail(code: string): Promise<void>;
  /** Fetches ahead what sign-in, refresh and sign-out need, once the first screen is drawn. */
  warmUp?(): void;
}

/** Thrown for sign-in steps the product does not offer (MFA, custom challenges). */
export class UnsupportedSignInStepError extends Error {
  constructor(step: string) {
    super(`Unsupported sign-in step: ${step}`);
    this.name = "UnsupportedSignInStepError";
  }
}

/** Real Cognito puts a boolean in the token; cognito-local copies the attribute string "true". */
function isTrue(claim: unknown): boolean {
  return claim === true || claim === "true";
}

/** The user an ID token's claims name. */
export function userOfClaims(claims: Record<string, unknown>): AuthUser {
  return {
    userId: String(claims.sub ?? ""),
    email: String(claims.email ?? ""),
    emailVerified: isTrue(claims.email_verified),
  };
}

/**
 * The auth object backed by Amplify, which is fetched only when it is needed: a sign-in,
 * a refresh, a sign-out. The first screen reads the session Amplify left in localStorage
 * (auth-cached-session.ts) and does not wait for Amplify's code; warmUp() fetches it
 * once that screen is drawn, so a click on ログイン or ログアウト does not wait either.
 */
export function createAmplifyAuth(config: Config): Auth {
  let amplify: Promise<Auth> | undefined;
  const load = (): Promise<Auth> => {
    amplify ??= import("./auth-amplify").then(
      (module) => module.createAmplifyBackedAuth(config),
      (error: unknown) => {
        // A failed fetch (the line dropped) is tried again by the next call.
        amplify = undefined;
        throw error;
      },
    );
    return amplify;
  };

  return {
    async getUser() {
      const cached = readCachedSession(config.userPoolClientId);
      if (cached.state === "signedOut") return null;
      if (cached.state === "fresh") return userOfClaims(cached.claims);
      return (await load()).getUser();
    },
    async getIdToken() {
      const cached = readCachedSession(config.userPoolClientId);
      if (cached.state === "signedOut") return "";
      if (cached.state === "fresh") return cached.idToken;
      return (await load()).getIdToken();
    },
    warmUp() {
      load().catch(() => undefined);
    },
    signIn: async (email, password) => (await load()).signIn(email, password),
    confirmNewPassword: async (newPassword) => (await load()).confirmNewPassword(newPassword),
    signOut: async () => (await load()).signOut(),
    signUp: async (email, password) => (await load()).signUp(email, password),
    confirmSignUp: async (email, code) => (await load()).confirmSignUp(email, code),
    resendSignUpCode: async (email) => (await load()).resendSignUpCode(email),
    resetPassword: async (email) => (await load()).resetPassword(email),
    confirmResetPassword: async (email, code, newPassword) =>
      (await load()).confirmResetPassword(email, code, newPassword),
    sendEmailVerificationCode: async () => (await load()).sendEmailVerificationCode(),
    confirmEmail: async (code) => (await load()).confirmEmail(code),
  };
}
