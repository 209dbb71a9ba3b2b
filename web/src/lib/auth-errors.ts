import { passwordHint } from "@okuru/core/shared/password";
/**
 * Japanese messages for errors from Cognito (through Amplify). Amplify keeps the
 * Cognito exception name in `error.name`; its own input checks use names such as
 * EmptySignInUsername.
 */

export const authMessages = {
  wrongCredentials: "メールアドレスまたはパスワードが正しくありません。",
  userNotFound: "このメールアドレスで登録されたアカウントが見つかりません。",
  userDisabled: "このアカウントは現在ご利用いただけません。管理者にお問い合わせください。",
  tooManyAttempts: "試行回数が上限を超えました。しばらくしてから再度お試しください。",
  network: "サーバーに接続できませんでした。ネットワーク環境をご確認のうえ、再度お試しください。",
  codeMismatch: "確認コードが正しくありません。メールに記載の6桁のコードをご確認ください。",
  codeExpired: "確認コードの有効期限が切れています。コードを再送信してください。",
  resetCodeExpired:
    "確認コードの有効期限が切れています。「確認コードを再送信」から新しいコードを取得してください。",
  alreadyConfirmed: "このメールアドレスは確認済みです。ログインしてください。",
  resendUnsupported:
    "確認コードを再送信できませんでした。お手数ですが、すでにお送りしたメールの確認コードをご利用ください。",
  resetNotAllowed:
    "このアカウントはまだ初回ログインが済んでいないため、パスワードを再設定できません。招待メールに記載の仮パスワードでログインしてください。",
  resetNoVerifiedEmail:
    "このアカウントはメールアドレスの確認が済んでいないため、パスワードを再設定できません。サポートまでお問い合わせください。",
  signInSessionExpired:
    "ログインの手続きの有効期限が切れました。お手数ですが、もう一度ログインしてください。",
  emailExists: "このメールアドレスは既に登録されています。",
  invalidPassword: `パスワードは${passwordHint}`,
  invalidParameter: "入力内容をご確認ください。",
  unsupported: "この操作は現在ご利用いただけません。",
  unsupportedSignIn: "このアカウントは現在ログインできません。サポートまでお問い合わせください。",
  unknown: "エラーが発生しました。時間をおいて再度お試しください。",
} as const;

function errorName(error: unknown): string {
  if (error && typeof error === "object" && "name" in error && typeof error.name === "string")
    return error.name;
  return "";
}

function errorText(error: unknown): string {
  if (error && typeof error === "object" && "message" in error && typeof error.message === "string") {
    return error.message;
  }
  return "";
}

/** Whether Cognito says the account exists but its email has not been confirmed yet. */
export function isUserNotConfirmed(error: unknown): boolean {
  return errorName(error) === "UserNotConfirmedException";
}

/** cognito-local answers operations it does not implement (ResendConfirmationCode) this way. */
function isUnsupported(error: unknown): boolean {
  return errorName(error) === "Unsupported" || /unsupported/i.test(errorText(error));
}

/**
 * The new-password step cannot go on: the challenge session expired (Cognito keeps it
 * for three minutes) or no sign-in is in progress any more (e.g. after a reload).
 */
export function isSignInSessionLost(error: unknown): boolean {
  const name = errorName(error);
  return (
    name === "SignInException" || (name === "NotAuthorizedException" && /session/i.test(errorText(error)))
  );
}

/** What the user was doing; the same Cognito error can mean different things. */
export type AuthAction =
  | "signIn"
  | "newPassword"
  | "signUp"
  | "confirmSignUp"
  | "resendCode"
  | "resetPassword"
  | "confirmResetPassword"
  | "other";

/** Messages that depend on the action; undefined falls through to the common table. */
function actionMessage(action: AuthAction, name: string, error: unknown): string | undefined {
  const text = errorText(error);
  switch (action) {
    case "signIn":
      // cognito-local answers a wrong password with InvalidPasswordException where Cognito says NotAuthorizedException.
      if (name === "InvalidPasswordException") return authMessages.wrongCredentials;
      if (name === "NotAuthorizedException" && /disabled/i.test(text)) return authMessages.userDisabled;
      return undefined;
    case "newPassword":
      if (isSignInSessionLost(error)) return authMessages.signInSessionExpired;
      return undefined;
    case "confirmSignUp":
      // Cognito: "User cannot be confirmed. Current status is CONFIRMED".
      if (name === "NotAuthorizedException" && /CONFIRMED/.test(text)) return authMessages.alreadyConfirmed;
      return undefined;
    case "resendCode":
      if (isUnsupported(error)) return authMessages.resendUnsupported;
      // Cognito: "User is already confirmed."
      if (name === "InvalidParameterException" && /confirmed/i.test(text))
        return authMessages.alreadyConfirmed;
      return undefined;
    case "resetPassword":
      // Cognito: "User password cannot be reset in the current state." (an invited user before first sign-in).
      if (name === "NotAuthorizedException") return authMessages.resetNotAllowed;
      // Cognito: "Cannot reset password for the user as there is no registered/verified email or phone_number".
      if (name === "InvalidParameterException" && /verified|registered/i.test(text)) {
        return authMessages.resetNoVerifiedEmail;
      }
      return undefined;
    case "confirmResetPassword":
      return name === "ExpiredCodeException" ? authMessages.resetCodeExpired : undefined;
    default:
      return undefined;
  }
}

/** The message for an error name, whatever the action. */
const messageByName: Readonly<Record<string, string>> = {
  UserNotFoundException: authMessages.userNotFound,
  LimitExceededException: authMessages.tooManyAttempts,
  TooManyRequestsException: authMessages.tooManyAttempts,
  TooManyFailedAttemptsException: authMessages.tooManyAttempts,
  CodeMismatchException: authMessages.codeMismatch,
  ExpiredCodeException: authMessages.codeExpired,
  UsernameExistsException: authMessages.emailExists,
  AliasExistsException: authMessages.emailExists,
  InvalidPasswordException: authMessages.invalidPassword,
  InvalidParameterException: authMessages.invalidParameter,
  UnsupportedSignInStepError: authMessages.unsupportedSignIn,
  NetworkError: authMessages.network,
};

export function authErrorMessage(error: unknown, action: AuthAction = "other"): string {
  const name = errorName(error);
  const specific = actionMessage(action, name, error);
  if (specific) return specific;
  if (name === "NotAuthorizedException") {
    // Cognito reports a locked-out account with the same exception name.
    return /attempts exceeded/i.test(errorText(error))
      ? authMessages.tooManyAttempts
      : authMessages.wrongCredentials;
  }
  if (Object.hasOwn(messageByName, name)) return messageByName[name] as string;
  if (name.startsWith("Empty")) return authMessages.invalidParameter;
  if (isUnsupported(error)) return authMessages.unsupported;
  // fetch itself rejects with a TypeError when the server cannot be reached.
  if (error instanceof TypeError && /fetch|network/i.test(error.message)) return authMessages.network;
  return authMessages.unknown;
}
