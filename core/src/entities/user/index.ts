export * as User from "./index";

import { z } from "zod";
import { assertAdmin, useTenantID, useUser } from "../../actor";
import { lockLost } from "../../db/attributes";
import { recordInfo, recordToWire } from "../../db/wire";
import { ConflictError, concurrentUpdate, NotFoundError, RuleError } from "../../error";
import { roles, UserInvite, UserUpdate } from "../../shared/user";
import { createID, isID } from "../../util/id";
import { Counter } from "../counter";
import { deleteUser, inviteUser, resendInvitation } from "../identity/cognito";
import { orNotFound, type Page, type PageRequest, page } from "../records";
import { Database } from "../service";
import { UserEntity, type UserItem } from "./entity";

export { roles };

export const MAX_USERS = 100;

/** Counter names: all users of the company, and its administrators (at least one, always). */
const USERS = "users";
const ADMINS = "admins";

/** A removed user's identity link stays as a tombstone for longer than any ID token lives. */
const REMOVED_IDENTITY_TTL_SECONDS = 2 * 24 * 60 * 60;

export const Info = recordInfo("User", {
  email: z.string(),
  name: z.string(),
  role: z.enum(roles),
  invited_at: z.string().nullable().meta({
    description: "招待中（まだ一度もログインしていない）なら招待メールを送った日時、ログイン済みなら null",
  }),
});
export type Info = z.infer<typeof Info>;

export function serialize(item: UserItem): Info {
  return recordToWire(item.userId, item, {
    email: item.email,
    name: item.name,
    role: item.role,
    invited_at: item.invitedAt ?? null,
  });
}

const notFound = () => new NotFoundError("user.not_found", "ユーザーが見つかりません。");
const lastAdmin = () =>
  new RuleError("user.last_admin", "管理者が1人もいなくなるため、この操作はできません。");
const emailExists = () =>
  new ConflictError("user.email_exists", "このメールアドレスは既に登録されています。");

export async function find(userId: string): Promise<UserItem | undefined> {
  if (!isID("user", userId)) return undefined;
  const { data } = await UserEntity.get({ tenantId: useTenantID(), userId }).go();
  return data ?? undefined;
}

export const get = orNotFound(find, notFound);

/** One page of the company's users, oldest first (ids are ULIDs). */
export async function list(request?: PageRequest): Promise<Page<UserItem>> {
  return page(UserEntity.query.byId({ tenantId: useTenantID() }), request);
}

async function allUsers(): Promise<UserItem[]> {
  const { data } = await UserEntity.query.byId({ tenantId: useTenantID() }).go({ pages: "all" });
  return data;
}

/** Counts predating the counters are taken from the users once. */
async function ensureCounters() {
  await Counter.ensure(USERS, async () => (await allUsers()).length);
  await Counter.ensure(ADMINS, async () => (await allUsers()).filter((u) => u.role === "admin").length);
}

/**
 * Invites a colleague: a Cognito sign-in (Cognito mails the temporary password)
 * plus the user, the identity link and the counts, written together; the user limit
 * is the transaction's condition, so parallel invitations cannot pass it. If our
 * side is not written, the sign-in is removed again, so no orphan can sign in.
 */
export async function invite(input: z.input<typeof UserInvite>): Promise<UserItem> {
  assertAdmin();
  const tenantId = useTenantID();
  const value = UserInvite.parse(input);
  const email = value.email.toLowerCase();
  if ((await allUsers()).some((u) => u.email.toLowerCase() === email)) throw emailExists();
  await ensureCounters();
  if (((await Counter.read(USERS)) ?? 0) >= MAX_USERS) throw userLimit();
  const subject = await inviteUser(email);
  const userId = createID("user");
  const invitedAt = new Date().toISOString();
  try {
    const result = await Database.transaction
      .write(({ user, identity, counter }) => [
        user
          .create({ tenantId, userId, subject, email, name: value.name, role: value.role, invitedAt })
          .commit(),
        identity.create({ subject, tenantId, userId, role: value.role, invitedAt }).commit(),
        Counter.increment(counter, tenantId, USERS, MAX_USERS),
        ...(value.role === "admin" ? [Counter.increment(counter, tenantId, ADMINS)] : []),
      ])
      .go();
    if (result.canceled) {
      if (result.data[2]?.code === "ConditionalCheckFailed") throw userLimit();
      if (result.data.some((item) => item.code === "TransactionConflict")) throw concurrentUpdate();
      throw emailExists();
    }
  } catch (err) {
    await deleteUser(subject);
    throw err;
  }
  return get(userId);
}

/**
 * 招待を再送: Cognito mails a new temporary password to a user who has not signed in
 * yet, and the invitation's date becomes today (an invitation's password expires).
 */
export async function resendUserInvitation(userId: string): Promise<UserItem> {
  assertAdmin();
  const target = await get(userId);
  if (!target.invitedAt)
    throw new RuleError("user.not_invited", "このユーザーは既にログインしているため、招待を再送できません。");
  await resendInvitation(target.email);
  const invitedAt = new Date().toISOString();
  await Database.transaction
    .write(({ user, identity }) => [
      user
        .patch({ tenantId: target.tenantId, userId })
        .set({ invitedAt })
        .where((attr, op) => op.exists(attr.invitedAt))
        .commit(),
      identity
        .patch({ subject: target.subject })
        .set({ invitedAt })
        .where((attr, op) => op.exists(attr.invitedAt))
        .commit(),
    ])
    .go();
  return get(userId);
}

const userLimit = () => new RuleError("user.limit", `ユーザーは${MAX_USERS}人まで登録できます。`);

/**
 * Name and role. Members may change their own name; roles are for administrators.
 * A demotion and the administrators count change in one transaction whose condition
 * keeps at least one administrator, so two administrators demoting each other at the
 * same moment cannot both succeed.
 */
export async function update(userId: string, input: z.input<typeof UserUpdate>): Promise<UserItem> {
  const tenantId = useTenantID();
  const value = UserUpdate.parse(input);
  const actor = useUser();
  const target = await get(userId);
  if (actor.userId !== userId || value.role !== target.role) assertAdmin();
  if (value.role === target.role) {
    const { data } = await UserEntity.patch({ tenantId, userId })
      .set({ name: value.name })
      .where((attr, op) => op.eq(attr.role, target.role))
      .go({ response: "all_new" })
      .catch(lockLost);
    return data as UserItem;
  }
  await ensureCounters();
  const demoting = target.role === "admin";
  const result = await Database.transaction
    .write(({ user, identity, counter }) => [
      user
        .patch({ tenantId, userId })
        .set({ name: value.name, role: value.role })
        .where((attr, op) => op.eq(attr.role, target.role))
        .commit(),
      identity.patch({ subject: target.subject }).set({ role: value.role }).commit(),
      demoting
        ? Counter.decrement(counter, tenantId, ADMINS, 1)
        : Counter.increment(counter, tenantId, ADMINS),
    ])
    .go();
  if (result.canceled) {
    if (demoting && result.data[2]?.code === "ConditionalCheckFailed") throw lastAdmin();
    throw concurrentUpdate();
  }
  return get(userId);
}

/**
 * Removes a colleague: the user, the counts (keeping one administrator, in the same
 * transaction) and the identity link, which stays behind as a tombstone so the
 * removed user's still-valid token can neither reach the company nor sign up anew.
 */
export async function remove(userId: string): Promise<void> {
  assertAdmin();
  const tenantId = useTenantID();
  const actor = useUser();
  if (actor.userId === userId) throw new RuleError("user.self_delete", "自分自身は削除できません。");
  const target = await get(userId);
  await ensureCounters();
  const removedAt = new Date();
  const result = await Database.transaction
    .write(({ user, identity, counter }) => [
      user
        .delete({ tenantId, userId })
        .where((attr, op) => op.eq(attr.role, target.role))
        .commit(),
      identity
        .patch({ subject: target.subject })
        .set({
          removedAt: removedAt.toISOString(),
          expiresAt: Math.floor(removedAt.getTime() / 1000) + REMOVED_IDENTITY_TTL_SECONDS,
        })
        .commit(),
      Counter.decrement(counter, tenantId, USERS),
      ...(target.role === "admin" ? [Counter.decrement(counter, tenantId, ADMINS, 1)] : []),
    ])
    .go();
  if (result.canceled) {
    const adminsCount = (result.data as { code: string }[])[3];
    if (target.role === "admin" && adminsCount?.code === "ConditionalCheckFailed") throw lastAdmin();
    if (result.data[0]?.code === "ConditionalCheckFailed" && !(await find(userId))) throw notFound();
    throw concurrentUpdate();
  }
  await deleteUser(target.subject);
}

/** The counts a new company starts with: its first user, an administrator (sign-up's transaction). */
export const initialCounters = [
  { name: USERS, count: 1 },
  { name: ADMINS, count: 1 },
] as const;
