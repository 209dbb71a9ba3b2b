import { useUser } from "@okuru/core/actor";
import { User } from "@okuru/core/entities/user";
import { UserInvite, UserUpdate } from "@okuru/core/shared/user";
import { authErrors, jsonContent } from "../openapi";
import { apiRoute, crudRouter } from "./crud";

/** POST invites by email through Cognito; only administrators manage users (checked in core). */
export const users = crudRouter({
  tag: "user",
  noun: "ユーザー",
  info: User.Info,
  input: UserInvite,
  updateInput: UserUpdate,
  serialize: User.serialize,
  list: User.list,
  create: User.invite,
  update: User.update,
  remove: User.remove,
});

users.openapi(
  apiRoute({
    method: "get",
    path: "/me",
    tag: "user",
    summary: "ログイン中のユーザー（権限を含む）",
    responses: { 200: jsonContent(User.Info, "ログイン中のユーザー"), ...authErrors },
  }),
  async (c) => c.json(User.serialize(await User.get(useUser().userId)), 200),
);
