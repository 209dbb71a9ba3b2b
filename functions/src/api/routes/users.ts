import { useUser } from "@okuru/core/actor";
import { User } from "@okuru/core/entities/user";
import { UserInvite, UserUpdate } from "@okuru/core/shared/user";
import { authErrors, jsonContent, notFound, ruleErrors } from "../openapi";
import { apiRoute, crudRouter, IdParam } from "./crud";

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

users.openapi(
  apiRoute({
    method: "post",
    path: "/{id}/resend_invitation",
    tag: "user",
    summary: "招待を再送する（まだログインしていないユーザーに新しい仮パスワードをメールで送る。管理者のみ）",
    request: { params: IdParam },
    responses: {
      200: jsonContent(User.Info, "招待を再送したユーザー（招待日時は今）"),
      ...authErrors,
      ...notFound,
      ...ruleErrors,
    },
  }),
  async (c) => c.json(User.serialize(await User.resendUserInvitation(c.req.valid("param").id)), 200),
);
