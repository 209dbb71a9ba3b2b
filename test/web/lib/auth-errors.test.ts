import { AuthError } from "aws-amplify/auth";
import {
  type AuthAction,
  authErrorMessage,
  authMessages,
  isSignInSessionLost,
  isUserNotConfirmed,
} from "../../../web/src/lib/auth-errors";

/**
 * The errors as Amplify 6 throws them: an AuthError whose `name` is Cognito's
 * exception name (`__type`) and whose `message` is Cognito's text. Its own input
 * checks use names such as EmptySignInUsername; a fetch that cannot reach Cognito
 * becomes NetworkError "A network error has occurred." wrapping fetch's TypeError.
 *
 * The product requirements leave the wording of these messages to the app
 * (docs/requirements.md#messages), so the expected Japanese is written out here literally:
 * a change of wording must be a deliberate change of this test.
 */
function cognito(name: string, message: string): AuthError {
  return new AuthError({ name, message });
}

const networkError = new AuthError({
  name: "NetworkError",
  message: "A network error has occurred.",
  underlyingError: new TypeError("Failed to fetch"),
});

/** `NotAuthorizedException "Incorrect username or password."`, for test names. */
function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name} "${error.message}"` : String(error);
}

const wrongCredentials = "メールアドレスまたはパスワードが正しくありません。";
const userNotFound = "このメールアドレスで登録されたアカウントが見つかりません。";
const userDisabled = "このアカウントは現在ご利用いただけません。管理者にお問い合わせください。";
const tooManyAttempts = "試行回数が上限を超えました。しばらくしてから再度お試しください。";
const network = "サーバーに接続できませんでした。ネットワーク環境をご確認のうえ、再度お試しください。";
const codeMismatch = "確認コードが正しくありません。メールに記載の6桁のコードをご確認ください。";
const codeExpired = "確認コードの有効期限が切れています。コードを再送信してください。";
const alreadyConfirmed = "このメールアドレスは確認済みです。ログインしてください。";
const emailExists = "このメールアドレスは既に登録されています。";
const invalidPassword = "パスワードは8文字以上で、英大文字・英小文字・数字を含めてください。";
const invalidParameter = "入力内容をご確認ください。";
const unsupported = "この操作は現在ご利用いただけません。";
const unsupportedSignIn = "このアカウントは現在ログインできません。サポートまでお問い合わせください。";
const unknown = "エラーが発生しました。時間をおいて再度お試しください。";
const resetCodeExpired =
  "確認コードの有効期限が切れています。「確認コードを再送信」から新しいコードを取得してください。";
const resendUnsupported =
  "確認コードを再送信できませんでした。お手数ですが、すでにお送りしたメールの確認コードをご利用ください。";
const resetNotAllowed =
  "このアカウントはまだ初回ログインが済んでいないため、パスワードを再設定できません。招待メールに記載の仮パスワードでログインしてください。";
const resetNoVerifiedEmail =
  "このアカウントはメールアドレスの確認が済んでいないため、パスワードを再設定できません。サポートまでお問い合わせください。";
const signInSessionExpired =
  "ログインの手続きの有効期限が切れました。お手数ですが、もう一度ログインしてください。";

describe("authErrorMessage without an action", () => {
  it.each<[string, unknown, string]>([
    [
      "a wrong password",
      cognito("NotAuthorizedException", "Incorrect username or password."),
      wrongCredentials,
    ],
    [
      "a locked-out account",
      cognito("NotAuthorizedException", "Password attempts exceeded"),
      tooManyAttempts,
    ],
    ["an unknown user", cognito("UserNotFoundException", "User does not exist."), userNotFound],
    [
      "a wrong code",
      cognito("CodeMismatchException", "Invalid verification code provided, please try again."),
      codeMismatch,
    ],
    [
      "an expired code",
      cognito("ExpiredCodeException", "Invalid code provided, please request a code again."),
      codeExpired,
    ],
    [
      "a weak password",
      cognito("InvalidPasswordException", "Password did not conform with policy: Password not long enough"),
      invalidPassword,
    ],
    [
      "too many requests",
      cognito("LimitExceededException", "Attempt limit exceeded, please try after some time."),
      tooManyAttempts,
    ],
    ["throttling", cognito("TooManyRequestsException", "Rate exceeded"), tooManyAttempts],
    [
      "too many failed attempts",
      cognito("TooManyFailedAttemptsException", "Too many failed attempts."),
      tooManyAttempts,
    ],
    [
      "an address in use",
      cognito("UsernameExistsException", "An account with the given email already exists."),
      emailExists,
    ],
    [
      "an alias in use",
      cognito("AliasExistsException", "An account with the email already exists."),
      emailExists,
    ],
    [
      "a bad parameter",
      cognito("InvalidParameterException", "1 validation error detected"),
      invalidParameter,
    ],
    [
      "Amplify's empty-username check",
      cognito("EmptySignInUsername", "username is required to signIn"),
      invalidParameter,
    ],
    [
      "Amplify's empty-code check",
      cognito("EmptyConfirmSignUpCode", "code is required to confirmSignUp"),
      invalidParameter,
    ],
    [
      "an unsupported sign-in step",
      cognito("UnsupportedSignInStepError", "Unsupported sign-in step"),
      unsupportedSignIn,
    ],
    ["Amplify's network error", networkError, network],
    ["fetch's own TypeError", new TypeError("Failed to fetch"), network],
    ["Firefox's fetch TypeError", new TypeError("NetworkError when attempting to fetch resource."), network],
    [
      "cognito-local's unsupported operation",
      cognito("Unsupported", "Cognito Local unsupported feature: InitAuth"),
      unsupported,
    ],
    [
      "an unknown target",
      cognito("UnknownError", 'Unsupported x-amz-target header "ResendConfirmationCode"'),
      unsupported,
    ],
    ["an unrelated TypeError", new TypeError("Cannot read properties of undefined"), unknown],
    ["Amplify's unknown error", cognito("Unknown", "An unknown error has occurred."), unknown],
    ["an error of another name", cognito("InternalErrorException", "Internal error"), unknown],
    ["a string", "not an error", unknown],
    ["undefined", undefined, unknown],
    ["null", null, unknown],
  ])("%s → its message", (_, error, expected) => {
    expect(authErrorMessage(error)).toBe(expected);
  });

  it("matches on the name, not on the class: a plain Error named like Cognito's maps the same", () => {
    const plain = Object.assign(new Error("User does not exist."), { name: "UserNotFoundException" });
    expect(authErrorMessage(plain)).toBe(userNotFound);
  });
});

/** The same Cognito error read for what the user was doing: [action, error, message]. */
const byAction: [AuthAction, unknown, string][] = [
  // /login
  ["signIn", cognito("NotAuthorizedException", "Incorrect username or password."), wrongCredentials],
  // cognito-local answers a wrong password with InvalidPasswordException.
  ["signIn", cognito("InvalidPasswordException", "Invalid password"), wrongCredentials],
  ["signIn", cognito("NotAuthorizedException", "Password attempts exceeded"), tooManyAttempts],
  ["signIn", cognito("NotAuthorizedException", "User is disabled."), userDisabled],
  ["signIn", cognito("UserNotFoundException", "User does not exist."), userNotFound],
  ["signIn", cognito("LimitExceededException", "Attempt limit exceeded"), tooManyAttempts],
  ["signIn", networkError, network],
  ["signIn", new TypeError("Failed to fetch"), network],
  ["signIn", cognito("UnsupportedSignInStepError", "Unsupported sign-in step"), unsupportedSignIn],
  // the invited user's new password
  [
    "newPassword",
    cognito("InvalidPasswordException", "Password does not conform to policy"),
    invalidPassword,
  ],
  [
    "newPassword",
    cognito("NotAuthorizedException", "Invalid session for the user, session is expired."),
    signInSessionExpired,
  ],
  [
    "newPassword",
    cognito("SignInException", "An error occurred during the sign in process."),
    signInSessionExpired,
  ],
  ["newPassword", networkError, network],
  // /signup
  ["signUp", cognito("UsernameExistsException", "User already exists"), emailExists],
  ["signUp", cognito("InvalidPasswordException", "Password did not conform with policy"), invalidPassword],
  ["signUp", cognito("InvalidParameterException", "Invalid email address format."), invalidParameter],
  ["signUp", networkError, network],
  // /email_verification
  ["confirmSignUp", cognito("CodeMismatchException", "Incorrect confirmation code"), codeMismatch],
  [
    "confirmSignUp",
    cognito("ExpiredCodeException", "Invalid code provided, please request a code again."),
    codeExpired,
  ],
  [
    "confirmSignUp",
    cognito("NotAuthorizedException", "User cannot be confirmed. Current status is CONFIRMED"),
    alreadyConfirmed,
  ],
  ["confirmSignUp", cognito("LimitExceededException", "Attempt limit exceeded"), tooManyAttempts],
  [
    "resendCode",
    cognito(
      "Unsupported",
      'Cognito Local unsupported feature: Unsupported x-amz-target header "ResendConfirmationCode"',
    ),
    resendUnsupported,
  ],
  ["resendCode", cognito("InvalidParameterException", "User is already confirmed."), alreadyConfirmed],
  ["resendCode", cognito("LimitExceededException", "Attempt limit exceeded"), tooManyAttempts],
  // /password_reset
  [
    "resetPassword",
    cognito("UserNotFoundException", "Username/client id combination not found."),
    userNotFound,
  ],
  ["resetPassword", cognito("LimitExceededException", "Attempt limit exceeded"), tooManyAttempts],
  [
    "resetPassword",
    cognito("NotAuthorizedException", "User password cannot be reset in the current state."),
    resetNotAllowed,
  ],
  [
    "resetPassword",
    cognito(
      "InvalidParameterException",
      "Cannot reset password for the user as there is no registered/verified email or phone_number",
    ),
    resetNoVerifiedEmail,
  ],
  [
    "confirmResetPassword",
    cognito("CodeMismatchException", "Invalid verification code provided"),
    codeMismatch,
  ],
  ["confirmResetPassword", cognito("ExpiredCodeException", "Invalid code provided"), resetCodeExpired],
  ["confirmResetPassword", cognito("InvalidPasswordException", "Password not long enough"), invalidPassword],
  ["confirmResetPassword", cognito("LimitExceededException", "Attempt limit exceeded"), tooManyAttempts],
  ["confirmResetPassword", cognito("UserNotFoundException", "User does not exist."), userNotFound],
];

describe("authErrorMessage by action", () => {
  it.each(
    byAction.map(([action, error, expected]) => [action, describeError(error), error, expected] as const),
  )("%s: %s", (action, _, error, expected) => {
    expect(authErrorMessage(error, action)).toBe(expected);
  });

  it("reads an action-specific error the common way for other actions", () => {
    const disabled = cognito("NotAuthorizedException", "User is disabled.");
    expect(authErrorMessage(disabled, "signIn")).toBe(userDisabled);
    expect(authErrorMessage(disabled)).toBe(wrongCredentials);
    const expired = cognito("ExpiredCodeException", "Invalid code provided");
    expect(authErrorMessage(expired, "confirmResetPassword")).toBe(resetCodeExpired);
    expect(authErrorMessage(expired, "confirmSignUp")).toBe(codeExpired);
    const wrongPassword = cognito("InvalidPasswordException", "Invalid password");
    expect(authErrorMessage(wrongPassword, "signIn")).toBe(wrongCredentials);
    expect(authErrorMessage(wrongPassword, "signUp")).toBe(invalidPassword);
  });

  it("exports the same wording it returns", () => {
    expect(authMessages).toEqual({
      wrongCredentials,
      userNotFound,
      userDisabled,
      tooManyAttempts,
      network,
      codeMismatch,
      codeExpired,
      resetCodeExpired,
      alreadyConfirmed,
      resendUnsupported,
      resetNotAllowed,
      resetNoVerifiedEmail,
      signInSessionExpired,
      emailExists,
      invalidPassword,
      invalidParameter,
      unsupported,
      unsupportedSignIn,
      unknown,
    });
  });
});

describe("isSignInSessionLost", () => {
  it("recognises an expired challenge and a lost sign-in, nothing else", () => {
    expect(isSignInSessionLost(cognito("NotAuthorizedException", "Invalid session for the user."))).toBe(
      true,
    );
    expect(
      isSignInSessionLost(cognito("SignInException", "An error occurred during the sign in process.")),
    ).toBe(true);
    expect(isSignInSessionLost(cognito("NotAuthorizedException", "Incorrect username or password."))).toBe(
      false,
    );
    expect(isSignInSessionLost(cognito("InvalidPasswordException", "Invalid session"))).toBe(false);
    expect(isSignInSessionLost(undefined)).toBe(false);
  });
});

describe("isUserNotConfirmed", () => {
  it("recognises Cognito's UserNotConfirmedException only", () => {
    expect(isUserNotConfirmed(cognito("UserNotConfirmedException", "User is not confirmed."))).toBe(true);
    expect(isUserNotConfirmed(cognito("NotAuthorizedException", "User is not confirmed."))).toBe(false);
    expect(isUserNotConfirmed(null)).toBe(false);
  });
});
