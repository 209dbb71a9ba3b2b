export * as User from "./index";

import { z } from "zod";
import { useTenantID } from "../actor";
import { NotFoundError } from "../error";
import { UserEntity, type UserItem } from "./entity";

export const roles = ["admin", "member"] as const;

export const Info = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(roles),
  created_at: z.string(),
  updated_at: z.string(),
});
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
