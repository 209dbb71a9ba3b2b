import { email } from "@okuru/core/shared/fields";
import { emailRule } from "../../../web/src/components/AuthCard/AuthFields";

/** The sign-in pages' e-mail rule, checked without zod, says what the shared schema says. */
describe("the sign-in pages' e-mail rule", () => {
  const schemaSays = (value: string) => {
    const result = email.safeParse(value);
    return result.success ? null : (result.error.issues[0]?.message ?? null);
  };

  it.each([
    "taro@example.com",
    "  taro@example.com  ",
    "taro.yamada+shop@example.co.jp",
    "",
    "   ",
    "taro",
    "taro@",
    "@example.com",
    "taro@example",
    "taro..yamada@example.com",
    ".taro@example.com",
    "taro@-example.com",
    "たろう@example.com",
    `${"a".repeat(250)}@example.com`,
  ])("%j", (value) => {
    expect(emailRule(value)).toBe(schemaSays(value));
  });
});
