/** The user pool's password policy (stacks/auth.ts): 8+ characters with upper case, lower case and digits. */
export const passwordRules = [
  { id: "length", label: "8文字以上", test: (value: string) => value.length >= 8 },
  { id: "upper", label: "英大文字", test: (value: string) => /[A-Z]/.test(value) },
  { id: "lower", label: "英小文字", test: (value: string) => /[a-z]/.test(value) },
  { id: "digit", label: "数字", test: (value: string) => /[0-9]/.test(value) },
] as const;

export function passwordProblem(value: string): string | null {
  if (value.length < 8) return "パスワードは8文字以上で入力してください。";
  if (!passwordRules.every((rule) => rule.test(value))) {
    return "パスワードには英大文字・英小文字・数字をそれぞれ1文字以上含めてください。";
  }
  return null;
}

export const passwordHint = "8文字以上で、英大文字・英小文字・数字を含めてください。";

export const passwordMismatch = "パスワードが一致しません。";
