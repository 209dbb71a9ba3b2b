import { z } from "zod";
import { email, optionalText } from "./fields";
import { roles } from "./user-roles";

export { type Role, roleLabels, roles } from "./user-roles";

export const UserInvite = z.object({
  email,
  name: optionalText("氏名", 64),
  role: z.enum(roles, { error: "権限を選択してください" }),
});
export const UserUpdate = z.object({
  name: optionalText("氏名", 64),
  role: z.enum(roles, { error: "権限を選択してください" }),
});
