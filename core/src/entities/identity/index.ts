export * as Identity from "./index";

import type { Actor } from "../../actor";
import { UnauthenticatedError } from "../../error";
import { Database } from "../service";
import { UserEntity } from "../user/entity";
import { IdentityEntity, type IdentityItem } from "./entity";

/** What a verified ID token says about its holder. */
export type VerifiedClaims = { subject: string; email: string; emailVerified: boolean };

/**
 * The user and tenant behind a verified Cognito subject, or undefined when the
 * subject has not signed up yet. A removed user's link is returned with `removedAt`.
 */
export async function resolve(subject: string): Promise<IdentityItem | undefined> {
  const { data } = await IdentityEntity.get({ subject }).go();
  return data ?? undefined;
}

export const removedUser = () =>
  new UnauthenticatedError("auth.user_removed", "このユーザーは削除されています。");

/**
 * The actor a verified token stands for: a user of a company, with the role read
 * now (not from the token), so a demotion or removal takes effect on the next
 * request. The link carries the role, changed in the user's own transactions, so
 * this is one read; a link from before it did reads the user as well.
 */
export async function actorFor(claims: VerifiedClaims): Promise<Extract<Actor, { type: "user" }>> {
  if (!claims.emailVerified) {
    throw new UnauthenticatedError("auth.email_unverified", "メールアドレスの確認が完了していません。");
  }
  const link = await resolve(claims.subject);
  if (!link) throw new UnauthenticatedError("auth.not_signed_up", "ユーザー登録が完了していません。");
  if (link.removedAt) throw removedUser();
  if (link.invitedAt) await acceptInvitation(link);
  const role = link.role ?? (await roleOf(link));
  return {
    type: "user",
    properties: {
      tenantId: link.tenantId,
      userId: link.userId,
      subject: claims.subject,
      email: claims.email,
      role,
    },
  };
}

/**
 * The invited user's first request: Cognito gives an ID token only once the temporary
 * password was replaced, so the invitation is accepted. Cleared on both items under the
 * condition that it is still there, so parallel first requests clear it once; a lost
 * race is nothing to report.
 */
async function acceptInvitation(link: IdentityItem) {
  await Database.transaction
    .write(({ user, identity }) => [
      user
        .patch({ tenantId: link.tenantId, userId: link.userId })
        .remove(["invitedAt"])
        .where((attr, op) => op.exists(attr.invitedAt))
        .commit(),
      identity
        .patch({ subject: link.subject })
        .remove(["invitedAt"])
        .where((attr, op) => op.exists(attr.invitedAt))
        .commit(),
    ])
    .go();
}

async function roleOf(link: IdentityItem) {
  const { data: user } = await UserEntity.get({ tenantId: link.tenantId, userId: link.userId }).go();
  if (!user) throw removedUser();
  return user.role;
}
