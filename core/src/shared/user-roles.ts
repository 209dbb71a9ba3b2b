/**
 * The users' roles and their Japanese labels, in a module without schemas: the web app's
 * ユーザー管理 reads them on its first screen, and user.ts would bring zod with them.
 */
export const roles = ["admin", "member"] as const;
export type Role = (typeof roles)[number];
export const roleLabels: Record<Role, string> = { admin: "管理者", member: "メンバー" };
