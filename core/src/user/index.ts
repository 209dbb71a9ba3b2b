export * as User from "./index";

import { z } from "zod";
import { assertAdmin, useTenantID, useUser } from "../actor";
import { AccountService } from "../db/service";
import { ConflictError, NotFoundError, RuleError } from "../error";
import { deleteUser, inviteUser } from "../identity/cognito";
import { roles, UserInvite, UserUpdate } from "../shared/user";
import { createID } from "../util/id";
import { UserEntity, type UserItem } from "./entity";

export { roles };

export const MAX_USERS = 100;

export const Info = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(roles),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "User" });
export type Info = z.infer<typeof Info>;

export function serialize(item: UserItem): Info {
  return {
    id: item.userId,
    email: item.email,
    name: item.name,
    role: item.role,
    created_at: item.createdAt,
    updated_at: item.updatedAt,
  };
}

export async function find(userId: string): Promise<UserItem | undefined> {
  const tenantId = useTenantID();
  const { data } = await UserEntity.get({ tenantId, userId }).go();
  return data ?? undefined;
}

export async function get(userId: string): Promise<UserItem> {
  const user = await find(userId);
  if (!user) throw new NotFoundError("user.not_found", "ユーザーが見つかりません。");
  return user;
}

/** Every user of the actor's company, oldest first (ids are ULIDs). */
export async function list(): Promise<UserItem[]> {
  const tenantId = useTenantID();
  const { data } = await UserEntity.query.byId({ tenantId }).go({ pages: "all" });
  return data;
}

/**
 * Invites a colleague: a Cognito sign-in (Cognito mails the temporary password)
 * plus the user and identity link, written together. If writing our side fails,
 * the sign-in is removed again, so no orphan can sign in.
 */
export async function invite(input: z.input<typeof UserInvite>): Promise<UserItem> {
  assertAdmin();
  const tenantId = useTenantID();
  const value = UserInvite.parse(input);
  const users = await list();
  if (users.length >= MAX_USERS)
    throw new RuleError("user.limit", `ユーザーは${MAX_USERS}人まで登録できます。`);
  const email = value.email.toLowerCase();
  if (users.some((u) => u.email.toLowerCase() === email)) {
    throw new ConflictError("user.email_exists", "このメールアドレスは既に登録されています。");
  }
  const subject = await inviteUser(email);
  const userId = createID("user");
  try {
    const result = await AccountService.transaction
      .write(({ user, identity }) => [
        user.create({ tenantId, userId, subject, email, name: value.name, role: value.role }).commit(),
        identity.create({ subject, tenantId, userId }).commit(),
      ])
      .go();
    if (result.canceled)
      throw new ConflictError("user.email_exists", "このメールアドレスは既に登録されています。");
  } catch (err) {
    await deleteUser(subject);
    throw err;
  }
  return get(userId);
}

function assertAnotherAdminRemains(users: UserItem[], leaving: UserItem) {
  const admins = users.filter((u) => u.role === "admin" && u.userId !== leaving.userId);
  if (leaving.role === "admin" && admins.length === 0) {
    throw new RuleError("user.last_admin", "管理者が1人もいなくなるため、この操作はできません。");
  }
}

/** Name and role. Members may change their own name; roles are for administrators. */
export async function update(userId: string, input: z.input<typeof UserUpdate>): Promise<UserItem> {
  const tenantId = useTenantID();
  const value = UserUpdate.parse(input);
  const actor = useUser();
  const target = await get(userId);
  if (actor.userId !== userId || value.role !== target.role) assertAdmin();
  if (value.role !== "admin") assertAnotherAdminRemains(await list(), target);
  const { data } = await UserEntity.patch({ tenantId, userId })
    .set({ name: value.name, role: value.role })
    .go({ response: "all_new" });
  return data as UserItem;
}

export async function remove(userId: string): Promise<void> {
  assertAdmin();
  const tenantId = useTenantID();
  const actor = useUser();
  if (actor.userId === userId) throw new RuleError("user.self_delete", "自分自身は削除できません。");
  const target = await get(userId);
  assertAnotherAdminRemains(await list(), target);
  await AccountService.transaction
    .write(({ user, identity }) => [
      user.delete({ tenantId, userId }).commit(),
      identity.delete({ subject: target.subject }).commit(),
    ])
    .go();
  await deleteUser(target.subject);
}
