import { authErrorMessage, authMessages, isUserNotConfirmed } from "../../../web/src/lib/auth-errors";

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

describe("isUserNotConfirmed", () => {
  it("recognises Cognito's UserNotConfirmedException only", () => {
    expect(isUserNotConfirmed(named("UserNotConfirmedException"))).toBe(true);
    expect(isUserNotConfirmed(named("NotAuthorizedException"))).toBe(false);
    expect(isUserNotConfirmed(null)).toBe(false);
  });
});
