/**
 * The user pool's password policy, once: the stack builds Cognito's policy from it,
 * and the forms derive their checklist, hint and messages from it (browser-safe).
 */
export const passwordPolicy = {
  minLength: 8,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: false,
} as const;

const classes = [
  {
    id: "upper",
    label: "英大文字",
    required: passwordPolicy.requireUppercase,
    test: (v: string) => /[A-Z]/.test(v),
  },
  {
    id: "lower",
    label: "英小文字",
    required: passwordPolicy.requireLowercase,
    test: (v: string) => /[a-z]/.test(v),
  },
  {
    id: "digit",
    label: "数字",
    required: passwordPolicy.requireDigits,
    test: (v: string) => /[0-9]/.test(v),
  },
  {
    id: "symbol",
    label: "記号",
    required: passwordPolicy.requireSymbols,
    test: (v: string) => /[^A-Za-z0-9]/.test(v),
  },
] as const;

/** What a password must have, in order, as the checklist under the password field shows it. */
export const passwordRules = [
  {
    id: "length",
    label: `${passwordPolicy.minLength}文字以上`,
    test: (value: string) => value.length >= passwordPolicy.minLength,
  },
  ...classes.filter((c) => c.required).map(({ id, label, test }) => ({ id, label, test })),
];

const classNames = classes
  .filter((c) => c.required)
  .map((c) => c.label)
  .join("・");

export const passwordHint = `${passwordPolicy.minLength}文字以上で、${classNames}を含めてください。`;

export function passwordProblem(value: string): string | null {
  if (value.length < passwordPolicy.minLength)
    return `パスワードは${passwordPolicy.minLength}文字以上で入力してください。`;
  if (!passwordRules.every((rule) => rule.test(value)))
    return `パスワードには${classNames}をそれぞれ1文字以上含めてください。`;
  return null;
}
