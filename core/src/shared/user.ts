import { z } from "zod";
import { email, optionalText } from "./fields";

export const roles = ["admin", "member"] as const;
export type Role = (typeof roles)[number];
export const roleLabels: Record<Role, string> = { admin: "管理者", member: "メンバー" };

export const UserInvite = z.object({
  email,
  name: optionalText("氏名", 64),
  role: z.enum(roles, { error: "権限を選択してください" }),
});
export const UserUpdate = z.object({
  name: optionalText("氏名", 64),
  role: z.enum(roles, { error: "権限を選択してください" }),
});
