/** The user pool's password policy (stacks/auth.ts): 8+ characters with upper case, lower case and digits. */
export function passwordProblem(value: string): string | null {
  if (value.length < 8) return "パスワードは8文字以上で入力してください。";
  if (!/[a-z]/.test(value) || !/[A-Z]/.test(value) || !/[0-9]/.test(value)) {
    return "パスワードには英大文字・英小文字・数字をそれぞれ1文字以上含めてください。";
  }
  return null;
}

export const passwordHint = "8文字以上で、英大文字・英小文字・数字を含めてください。";
