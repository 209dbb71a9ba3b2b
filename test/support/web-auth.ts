import type { SetupStatus } from "@okuru/core/shared/setup-status";
import { fireEvent, screen } from "@testing-library/react";
import { afterEach } from "vitest";
import { forgetPendingSignIn } from "../../web/src/lib/pending-sign-in";
import { companyBody, type FakeRoutes, refusal, stubApi } from "../web/fake-api";
import { createFakeAuth, type FakeAuth, renderRoute, verifiedUser } from "./render";
import { resetScreensAfterEach } from "./web-reset";

/** An error as Amplify throws it for Cognito's answer: the exception's name and its message. */
export function cognitoError(name: string, message = name) {
  const error = new Error(message);
  error.name = name;
  return error;
}

type AuthCall = {
  [Method in keyof FakeAuth]: FakeAuth[Method] extends { mockRejectedValue: unknown } ? Method : never;
}[keyof FakeAuth];

/** A signed-out fake auth whose `call` fails as Cognito refuses it (`name`, `message`). */
export function authRefusing(call: AuthCall, name: string, message = name) {
  const auth = createFakeAuth();
  auth[call].mockRejectedValue(cognitoError(name, message));
  return auth;
}

/** A sign-in that lands as a verified user, as Cognito's confirmation makes the address. */
export function signsInVerified(auth: FakeAuth) {
  auth.signIn.mockImplementation(async (email) => {
    auth.setUser({ ...verifiedUser, email });
    return "signedIn";
  });
}

/** The API at a user's first sign-in: no account yet; creating it makes a company at its first setup step. */
export function newAccountRoutes(): FakeRoutes {
  return {
    "GET /api/signup": () => ({ body: { exist: false } }),
    "POST /api/signup": () => ({ status: 201, body: { company: companyBody("basic_information") } }),
    "GET /api/companies": () => ({ body: companyBody("basic_information") }),
  };
}

/**
 * A new user's first sign-in: Cognito signs them in verified, and the API has no account
 * for them yet (`api` is its fetch, for the calls made). With `signupError`, creating
 * the account fails: POST /signup answers 500 with that message.
 */
export function firstSignIn(signupError?: string) {
  const auth = createFakeAuth();
  signsInVerified(auth);
  const { "GET /api/signup": lookUp, ...created } = newAccountRoutes();
  const api = stubApi(
    signupError === undefined
      ? { "GET /api/signup": lookUp, ...created }
      : { "GET /api/signup": lookUp, "POST /api/signup": () => refusal(500, "internal", signupError) },
  );
  return { auth, api };
}

/** Renders `path` for a signed-in, verified user whose company's setup is at `setupStatus`. */
export function renderSignedIn(path: string, setupStatus: SetupStatus) {
  stubApi({ "GET /api/companies": () => ({ body: companyBody(setupStatus) }) });
  return renderRoute(path, { auth: createFakeAuth(verifiedUser) });
}

/** Types `value` into the input labelled `label` (the auth cards' fields carry no textbox role of their own). */
export function change(label: RegExp | string, value: string) {
  fireEvent.change(screen.getByLabelText(label, { selector: "input" }), { target: { value } });
}

/**
 * What one auth screen test leaves behind that must not reach the next: the screens'
 * (stubbed fetch, toasts) and a password kept for the sign-in after the email code.
 */
export function resetAuthScreensAfterEach() {
  resetScreensAfterEach();
  afterEach(() => forgetPendingSignIn());
}
