export * as Account from "./index";

import { z } from "zod";
import { useIdentity } from "../actor";
import { CompanyEntity } from "../company/entity";
import { AccountService } from "../db/service";
import { ConflictError, RuleError } from "../error";
import { IdentityEntity } from "../identity/entity";
import { createID } from "../util/id";

/** Whether the signed-in identity already has a user (spec: signup check → exist). */
export async function exists(): Promise<boolean> {
  const { subject } = useIdentity();
  const { data } = await IdentityEntity.get({ subject }).go();
  return data !== null;
}

export const SignupInput = z.object({
  company_name: z.string().trim().max(100).optional(),
});

/**
 * Creates the company, its first user (an administrator) and the identity link in
 * one transaction, so a retry or a double click can never leave half an account.
 */
export async function signup(input: z.input<typeof SignupInput> = {}) {
  const { subject, email, emailVerified } = useIdentity();
  if (!emailVerified)
    throw new RuleError("signup.email_unverified", "メールアドレスの確認が完了していません。");
  const { company_name } = SignupInput.parse(input);
  const tenantId = createID("company");
  const userId = createID("user");
  const result = await AccountService.transaction
    .write(({ company, user, identity }) => [
      company.create({ tenantId, name: company_name ?? "", setupStatus: "basic_information" }).commit(),
      user.create({ tenantId, userId, subject, email, name: "", role: "admin" }).commit(),
      identity.create({ subject, tenantId, userId }).commit(),
    ])
    .go();
  if (result.canceled) {
    throw new ConflictError("signup.exists", "このアカウントは既に登録されています。");
  }
  const { data } = await CompanyEntity.get({ tenantId }).go();
  return { tenantId, userId, company: data! };
}
