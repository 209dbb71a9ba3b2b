export { passwordHint, passwordProblem, passwordRules } from "@okuru/core/shared/password";

export const passwordMismatch = "パスワードが一致しません。";
