import {
  type AuthAction,
  authErrorMessage,
  authMessages,
  isSignInSessionLost,
  isUserNotConfirmed,
} from "../../../web/src/lib/auth-errors";

function named(name: string, message = name): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

describe("authErrorMessage", () => {
  it.each([
    [named("NotAuthorizedException", "Incorrect username or password."), authMessages.wrongCredentials],
    [named("NotAuthorizedException", "Password attempts exceeded"), authMessages.tooManyAttempts],
    [named("UserNotFoundException"), authMessages.userNotFound],
    [named("LimitExceededException"), authMessages.tooManyAttempts],
    [named("TooManyRequestsException"), authMessages.tooManyAttempts],
    [named("TooManyFailedAttemptsException"), authMessages.tooManyAttempts],
    [named("CodeMismatchException"), authMessages.codeMismatch],
    [named("ExpiredCodeException"), authMessages.codeExpired],
    [named("UsernameExistsException"), authMessages.emailExists],
    [named("InvalidPasswordException"), authMessages.invalidPassword],
    [named("InvalidParameterException"), authMessages.invalidParameter],
    [named("EmptySignInUsername"), authMessages.invalidParameter],
    [named("UnsupportedSignInStepError"), authMessages.unsupportedSignIn],
    [named("AliasExistsException"), authMessages.emailExists],
    [named("Unsupported", "Cognito Local unsupported feature: InitAuth"), authMessages.unsupported],
    [named("NetworkError"), authMessages.network],
    [new TypeError("Failed to fetch"), authMessages.network],
    [
      named("UnknownError", 'Unsupported x-amz-target header "ResendConfirmationCode"'),
      authMessages.unsupported,
    ],
    [named("SomethingElse"), authMessages.unknown],
    ["not an error", authMessages.unknown],
    [undefined, authMessages.unknown],
  ])("%o → %s", (error, expected) => {
    expect(authErrorMessage(error)).toBe(expected);
  });

  it("gives the spec's wording for the common failures", () => {
    expect(authMessages.wrongCredentials).toBe("メールアドレスまたはパスワードが正しくありません。");
    expect(authMessages.tooManyAttempts).toBe(
      "試行回数が上限を超えました。しばらくしてから再度お試しください。",
    );
  });
});

describe("authErrorMessage while signing in", () => {
  it("reads cognito-local's InvalidPasswordException as a wrong password", () => {
    expect(authErrorMessage(named("InvalidPasswordException"), "signIn")).toBe(authMessages.wrongCredentials);
    expect(authErrorMessage(named("NotAuthorizedException"), "signIn")).toBe(authMessages.wrongCredentials);
  });
});

/** The same Cognito error read for what the user was doing: [action, error, message]. */
const byAction: [AuthAction, Error, string][] = [
  // /login
  [
    "signIn",
    named("NotAuthorizedException", "Incorrect username or password."),
    authMessages.wrongCredentials,
  ],
  ["signIn", named("InvalidPasswordException", "Invalid password"), authMessages.wrongCredentials],
  ["signIn", named("NotAuthorizedException", "Password attempts exceeded"), authMessages.tooManyAttempts],
  ["signIn", named("NotAuthorizedException", "User is disabled."), authMessages.userDisabled],
  ["signIn", named("UserNotFoundException", "User does not exist."), authMessages.userNotFound],
  ["signIn", named("LimitExceededException"), authMessages.tooManyAttempts],
  ["signIn", named("TooManyRequestsException"), authMessages.tooManyAttempts],
  ["signIn", named("NetworkError", "A network error has occurred."), authMessages.network],
  ["signIn", new TypeError("Failed to fetch"), authMessages.network],
  ["signIn", named("UnsupportedSignInStepError"), authMessages.unsupportedSignIn],
  // the invited user's new password
  [
    "newPassword",
    named("InvalidPasswordException", "Password does not conform to policy"),
    authMessages.invalidPassword,
  ],
  [
    "newPassword",
    named("NotAuthorizedException", "Invalid session for the user, session is expired."),
    authMessages.signInSessionExpired,
  ],
  [
    "newPassword",
    named("SignInException", "An error occurred during the sign in process."),
    authMessages.signInSessionExpired,
  ],
  ["newPassword", named("NetworkError"), authMessages.network],
  // /signup
  ["signUp", named("UsernameExistsException", "User already exists"), authMessages.emailExists],
  [
    "signUp",
    named("InvalidPasswordException", "Password did not conform with policy"),
    authMessages.invalidPassword,
  ],
  ["signUp", named("InvalidParameterException"), authMessages.invalidParameter],
  // /email_verification
  ["confirmSignUp", named("CodeMismatchException", "Incorrect confirmation code"), authMessages.codeMismatch],
  ["confirmSignUp", named("ExpiredCodeException"), authMessages.codeExpired],
  [
    "confirmSignUp",
    named("NotAuthorizedException", "User cannot be confirmed. Current status is CONFIRMED"),
    authMessages.alreadyConfirmed,
  ],
  ["confirmSignUp", named("LimitExceededException"), authMessages.tooManyAttempts],
  [
    "resendCode",
    named(
      "Unsupported",
      'Cognito Local unsupported feature: Unsupported x-amz-target header "ResendConfirmationCode"',
    ),
    authMessages.resendUnsupported,
  ],
  [
    "resendCode",
    named("InvalidParameterException", "User is already confirmed."),
    authMessages.alreadyConfirmed,
  ],
  ["resendCode", named("LimitExceededException"), authMessages.tooManyAttempts],
  // /password_reset
  [
    "resetPassword",
    named("UserNotFoundException", "Username/client id combination not found."),
    authMessages.userNotFound,
  ],
  ["resetPassword", named("LimitExceededException", "Attempt limit exceeded"), authMessages.tooManyAttempts],
  [
    "resetPassword",
    named("NotAuthorizedException", "User password cannot be reset in the current state."),
    authMessages.resetNotAllowed,
  ],
  [
    "resetPassword",
    named(
      "InvalidParameterException",
      "Cannot reset password for the user as there is no registered/verified email",
    ),
    authMessages.resetNoVerifiedEmail,
  ],
  ["confirmResetPassword", named("CodeMismatchException"), authMessages.codeMismatch],
  [
    "confirmResetPassword",
    named("ExpiredCodeException", "Invalid code provided"),
    authMessages.resetCodeExpired,
  ],
  ["confirmResetPassword", named("InvalidPasswordException"), authMessages.invalidPassword],
  ["confirmResetPassword", named("LimitExceededException"), authMessages.tooManyAttempts],
  ["confirmResetPassword", named("UserNotFoundException"), authMessages.userNotFound],
];

describe("authErrorMessage by action", () => {
  it.each(byAction)("%s: %o", (action, error, expected) => {
    expect(authErrorMessage(error, action)).toBe(expected);
  });

  it("has a Japanese message for every entry", () => {
    for (const message of Object.values(authMessages)) expect(message).toMatch(/[ぁ-んァ-ン一-龥]/);
  });
});

describe("isSignInSessionLost", () => {
  it("recognises an expired challenge and a lost sign-in, nothing else", () => {
    expect(isSignInSessionLost(named("NotAuthorizedException", "Invalid session for the user."))).toBe(true);
    expect(isSignInSessionLost(named("SignInException"))).toBe(true);
    expect(isSignInSessionLost(named("NotAuthorizedException", "Incorrect username or password."))).toBe(
      false,
    );
    expect(isSignInSessionLost(named("InvalidPasswordException"))).toBe(false);
  });
});

describe("isUserNotConfirmed", () => {
  it("recognises Cognito's UserNotConfirmedException only", () => {
    expect(isUserNotConfirmed(named("UserNotConfirmedException"))).toBe(true);
    expect(isUserNotConfirmed(named("NotAuthorizedException"))).toBe(false);
    expect(isUserNotConfirmed(null)).toBe(false);
  });
});
