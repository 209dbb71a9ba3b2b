export * as Account from "./index";

import { z } from "zod";
import { ActorContext, useIdentity } from "../../actor";
import { Company } from "../../entities/company";
import { Counter } from "../../entities/counter";
import { Identity } from "../../entities/identity";
import { Database } from "../../entities/service";
import { User } from "../../entities/user";
import { ConflictError, RuleError } from "../../error";
import { optionalText } from "../../shared/fields";
import { createID } from "../../util/id";

/** Whether the signed-in identity already has a user (spec: signup check → exist). */
export async function exists(): Promise<boolean> {
  const { subject } = useIdentity();
  const link = await Identity.resolve(subject);
  // The tombstone answers as every other route does, not as an account that exists.
  if (link?.removedAt) throw Identity.removedUser();
  return link !== undefined;
}

export const SignupInput = z.object({
  company_name: optionalText("会社名", 100).optional(),
});

/**
 * Creates the company, its first user (an administrator), the identity link and the
 * company's counts in one transaction, so a retry or a double click can never leave
 * half an account. A removed user's token cannot start a new company.
 */
export async function signup(input: z.input<typeof SignupInput> = {}) {
  const { subject, email, emailVerified } = useIdentity();
  if (!emailVerified)
    throw new RuleError("signup.email_unverified", "メールアドレスの確認が完了していません。");
  const { company_name } = SignupInput.parse(input);
  const existing = await Identity.resolve(subject);
  if (existing?.removedAt) throw Identity.removedUser();
  if (existing) throw new ConflictError("signup.exists", "このアカウントは既に登録されています。");
  const tenantId = createID("company");
  const userId = createID("user");
  const result = await Database.transaction
    .write(({ company, user, identity, counter }) => [
      company.create({ tenantId, name: company_name ?? "", setupStatus: "basic_information" }).commit(),
      user.create({ tenantId, userId, subject, email, name: "", role: "admin" }).commit(),
      identity.create({ subject, tenantId, userId, role: "admin" }).commit(),
      ...User.initialCounters.map(({ name, count }) => Counter.start(counter, tenantId, name, count)),
    ])
    .go();
  if (result.canceled) {
    throw new ConflictError("signup.exists", "このアカウントは既に登録されています。");
  }
  const company = await ActorContext.with({ type: "system", properties: { tenantId } }, () => Company.get());
  return { tenantId, userId, company };
}
