import { matchesField } from "@mantine/form";
import { passwordProblem } from "@okuru/core/shared/password";

export { passwordHint, passwordProblem, passwordRules } from "@okuru/core/shared/password";

export const passwordMismatch = "パスワードが一致しません。";

/** The rules of a new password and its confirmation (NewPasswordFields' two fields). */
export const newPasswordRules = {
  password: passwordProblem,
  passwordConfirmation: matchesField("password", passwordMismatch),
};
