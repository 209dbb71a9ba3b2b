/**
 * Japanese messages for errors from Cognito (through Amplify). Amplify keeps the
 * Cognito exception name in `error.name`; its own input checks use names such as
 * EmptySignInUsername.
 */

export const authMessages = {
  wrongCredentials: "メールアドレスまたはパスワードが正しくありません。",
  userNotFound: "このメールアドレスで登録されたアカウントが見つかりません。",
  tooManyAttempts: "試行回数が上限を超えました。しばらくしてから再度お試しください。",
  network: "サーバーに接続できませんでした。ネットワーク環境をご確認のうえ、再度お試しください。",
  codeMismatch: "確認コードが正しくありません。",
  codeExpired: "確認コードの有効期限が切れています。コードを再送信してください。",
  emailExists: "このメールアドレスは既に登録されています。",
  invalidPassword: "パスワードは8文字以上で、英大文字・英小文字・数字を含めてください。",
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

/** What the user was doing; the same Cognito error can mean different things. */
export type AuthAction = "signIn" | "other";

export function authErrorMessage(error: unknown, action: AuthAction = "other"): string {
  const name = errorName(error);
  // cognito-local answers a wrong password with InvalidPasswordException where Cognito says NotAuthorizedException.
  if (action === "signIn" && name === "InvalidPasswordException") return authMessages.wrongCredentials;
  switch (name) {
    case "NotAuthorizedException":
      // Cognito reports a locked-out account with the same exception name.
      return /attempts exceeded/i.test(errorText(error))
        ? authMessages.tooManyAttempts
        : authMessages.wrongCredentials;
    case "UserNotFoundException":
      return authMessages.userNotFound;
    case "LimitExceededException":
    case "TooManyRequestsException":
    case "TooManyFailedAttemptsException":
      return authMessages.tooManyAttempts;
    case "CodeMismatchException":
      return authMessages.codeMismatch;
    case "ExpiredCodeException":
      return authMessages.codeExpired;
    case "UsernameExistsException":
    case "AliasExistsException":
      return authMessages.emailExists;
    case "InvalidPasswordException":
      return authMessages.invalidPassword;
    case "InvalidParameterException":
      return authMessages.invalidParameter;
    case "UnsupportedSignInStepError":
      return authMessages.unsupportedSignIn;
    case "NetworkError":
      return authMessages.network;
  }
  if (name.startsWith("Empty")) return authMessages.invalidParameter;
  if (/unsupported/i.test(errorText(error))) return authMessages.unsupported;
  // fetch itself rejects with a TypeError when the server cannot be reached.
  if (error instanceof TypeError && /fetch|network/i.test(error.message)) return authMessages.network;
  return authMessages.unknown;
}
